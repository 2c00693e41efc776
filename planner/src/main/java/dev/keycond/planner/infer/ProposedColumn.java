package dev.keycond.planner.infer;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.mapping.ColumnType;
import java.util.Optional;

/**
 * A column of a proposed table.
 *
 * @param attribute the attribute the column is stored in, when that is not its own name: a plain
 *     attribute under another name, or for a column decoded from a key template, the plain
 *     attribute that holds a copy of it
 */
record ProposedColumn(String name, ColumnType type, Optional<String> attribute) {
  ProposedColumn {
    requireNonNull(name, "name");
    requireNonNull(type, "type");
    requireNonNull(attribute, "attribute");
  }

  static ProposedColumn of(String name, ColumnType type) {
    return new ProposedColumn(name, type, Optional.empty());
  }

  /** As the mapping file writes it: the type's name, or an object with the type and the attribute. */
  JsonNode json() {
    String typeName = type.name().replace('_', ' ');
    if (attribute.isEmpty()) {
      return JsonNodeFactory.instance.textNode(typeName);
    }
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("type", typeName);
    node.put("attribute", attribute.get());
    return node;
  }
}
