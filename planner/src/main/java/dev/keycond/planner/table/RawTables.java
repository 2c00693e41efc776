package dev.keycond.planner.table;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The SQL table of a DynamoDB table that no mapped table reads. */
public final class RawTables {
  private RawTables() {}

  /** The column of a raw table that holds each whole item as JSON, unless a key attribute has that name. */
  public static final String DOCUMENT_COLUMN = "document";

  /**
   * Exposes a DynamoDB table without a mapping: the key attributes of the table and of its indexes
   * become typed columns, and every attribute can be reached through a JSON column holding the
   * whole item ({@code document}, or {@code _document} when a key attribute is called that).
   */
  public static EntityTable of(SourceTable source) {
    Map<String, Column> columns = new LinkedHashMap<>();
    List<KeySchema> schemas = new ArrayList<>();
    schemas.add(source.keys());
    source.indexes().forEach(i -> schemas.add(i.keys()));
    for (KeySchema schema : schemas) {
      for (String attribute : schema.attributes()) {
        columns.computeIfAbsent(attribute, a -> new Column(a, rawType(source.keyAttributeType(a)), a));
      }
    }
    String document = columns.containsKey(DOCUMENT_COLUMN) ? "_" + DOCUMENT_COLUMN : DOCUMENT_COLUMN;
    columns.put(document, new Column(document, ColumnType.JSON, Column.WHOLE_ITEM));
    // Each key attribute is a column of its own name, so the implied templates are the whole mapping.
    TableMapping mapping = ImpliedKeys.complete(new TableMapping(source.name(), source.name(),
        ImmutableList.copyOf(columns.values()), ImmutableMap.of(), Optional.empty(), ImmutableList.of(),
        Optional.empty()), source);
    return new EntityTable(mapping, source, true, Optional.empty(), false);
  }

  private static ColumnType rawType(AttributeType type) {
    switch (type) {
      case N:
        return ColumnType.DECIMAL;
      case B:
        return ColumnType.VARBINARY;
      default:
        return ColumnType.VARCHAR;
    }
  }
}
