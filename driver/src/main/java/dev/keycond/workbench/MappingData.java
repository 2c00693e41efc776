package dev.keycond.workbench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.Reference;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mapping as the page draws it: each DynamoDB table with its key and indexes, the SQL tables
 * over it with their columns, key templates, hierarchy and references; and the names the editor
 * completes.
 */
final class MappingData {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private MappingData() {}

  static ObjectNode of(KeycondSchema schema) {
    Map<String, ObjectNode> sources = new LinkedHashMap<>();
    ObjectNode mapping = NODES.objectNode();
    ArrayNode tables = mapping.putArray("tables");
    for (EntityTable table : schema.mappedTables()) {
      ObjectNode source = sources.computeIfAbsent(table.source().name(), name -> source(tables, table.source()));
      ObjectNode entity = ((ArrayNode) source.get("entities")).addObject().put("name", table.name());
      ArrayNode columns = entity.putArray("columns");
      for (Column column : table.mapping().columns()) {
        columns.addObject().put("name", column.name()).put("type", column.type().name());
      }
      ObjectNode keys = entity.putObject("keys");
      table.mapping().keys().forEach((attribute, template) -> keys.put(attribute, template.text()));
      table.mapping().hierarchy().ifPresent(h -> entity.putObject("hierarchy").put("path", h.pathColumn())
          .put("delimiter", h.delimiter()).put("parent", h.parentColumn()));
      ArrayNode references = entity.putArray("references");
      for (Reference reference : table.mapping().references()) {
        references.addObject().put("column", reference.column()).put("table", reference.targetTable())
            .put("targetColumn", reference.targetColumn());
      }
    }
    ArrayNode completion = mapping.putArray("completion");
    List<String> names = schema.tableNames();
    names.forEach(completion::add);
    schema.mappedTables().forEach(t -> t.mapping().columns().forEach(c -> completion.add(c.name())));
    ArrayNode unmapped = mapping.putArray("unmapped");
    names.stream().filter(name -> schema.mappedTables().stream().noneMatch(t -> t.name().equals(name)))
        .forEach(unmapped::add);
    return mapping;
  }

  private static ObjectNode source(ArrayNode tables, SourceTable source) {
    ObjectNode node = tables.addObject().put("name", source.name());
    keys(node, source.keys());
    ArrayNode indexes = node.putArray("indexes");
    for (SourceIndex index : source.indexes()) {
      keys(indexes.addObject().put("name", index.name()).put("kind", index.kind().name()), index.keys());
    }
    node.putArray("entities");
    return node;
  }

  private static void keys(ObjectNode node, KeySchema keys) {
    node.put("hash", keys.hashAttribute());
    keys.rangeAttribute().ifPresent(range -> node.put("range", range));
  }
}
