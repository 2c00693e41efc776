package dev.keycond.planner.exec;

import dev.keycond.planner.codec.AttributeCodec;
import dev.keycond.planner.codec.DynamoJson;
import dev.keycond.planner.codec.KeyText;
import dev.keycond.planner.codec.UnreadableValueException;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.schema.EntityTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns DynamoDB items into rows of one table. An item whose own key attributes do not have the
 * table's key templates belongs to another entity and yields no row.
 */
final class ItemDecoder {
  private final EntityTable table;
  private final int[] columns;

  /** @param columns the table columns to decode; the others stay null */
  ItemDecoder(EntityTable table, List<Integer> columns) {
    this.table = table;
    this.columns = columns.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The item as a row of the table's full width, or null when it is not a row of this table. */
  Object[] decode(Map<String, AttributeValue> item) {
    Map<String, List<String>> slotTexts = new HashMap<>();
    for (String attribute : table.ownKeyAttributes()) {
      KeyTemplate template = table.template(attribute);
      AttributeValue value = item.get(attribute);
      if (value == null) {
        return null;
      }
      if (value.s() != null) {
        Optional<List<String>> slots = template.decode(value.s());
        if (slots.isEmpty()) {
          return null;
        }
        slotTexts.put(attribute, slots.get());
      } else if (!template.isIdentity()) {
        return null;
      }
    }
    Object[] row = new Object[table.columns().size()];
    for (int index : columns) {
      Column column = table.column(index);
      try {
        row[index] = decodeColumn(item, column, slotTexts);
      } catch (UnreadableValueException e) {
        throw new KeycondException(e.state(),
            "Column '" + column.name() + "' of table '" + table.name() + "' in the item with key "
                + describeKey(item) + " " + e.getMessage(), e);
      }
    }
    return row;
  }

  private Object decodeColumn(Map<String, AttributeValue> item, Column column, Map<String, List<String>> slotTexts) {
    if (column.isWholeItem()) {
      return DynamoJson.toJson(item);
    }
    Optional<String> keyAttribute = table.keyAttributeOf(column.name());
    if (keyAttribute.isEmpty()) {
      return AttributeCodec.decode(item.get(column.attribute()), column.type());
    }
    String attribute = keyAttribute.get();
    KeyTemplate template = table.template(attribute);
    if (table.source().keyAttributeType(attribute) != AttributeType.S) {
      return AttributeCodec.decode(item.get(attribute), column.type());
    }
    String text = slotTexts.get(attribute).get(template.columns().indexOf(column.name()));
    return KeyText.decode(text, column.type());
  }

  String describeKey(Map<String, AttributeValue> item) {
    return table.ownKeyAttributes().stream()
        .map(a -> a + "=" + (item.get(a) == null ? "(missing)" : render(item.get(a))))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String render(AttributeValue v) {
    if (v.s() != null) {
      return v.s();
    }
    if (v.n() != null) {
      return v.n();
    }
    return AttributeCodec.describe(v);
  }
}
