package dev.keycond.planner.exec;

import dev.keycond.planner.codec.AttributeCodec;
import dev.keycond.planner.codec.DynamoJson;
import dev.keycond.planner.codec.KeyText;
import dev.keycond.planner.codec.UnreadableValueException;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.table.EntityTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns DynamoDB items into rows of one table. An item whose own key attributes do not have the
 * table's key templates, or hold in a slot a text that is no value of the slot's column, belongs to
 * another entity and yields no row.
 */
final class ItemDecoder {
  private final EntityTable table;
  private final List<String> keyAttributes;
  private final KeyTemplate[] keyTemplates;
  /** Per own key attribute, the types of its template's columns, slot by slot. */
  private final ColumnType[][] slotTypes;
  private final int[] columns;
  /** Per decoded column, where its value is; fixed for the table, so worked out once. */
  private final ColumnSource[] sources;

  /**
   * Where a column's value is in an item: the whole item, an attribute read as the column's type,
   * or a slot of an own key attribute's template.
   */
  private record ColumnSource(Column column, String attribute, int keyIndex, int slot) {
    static final int NOT_A_SLOT = -1;

    boolean isSlot() {
      return slot != NOT_A_SLOT;
    }
  }

  /** @param columns the table columns to decode; the others stay null */
  ItemDecoder(EntityTable table, List<Integer> columns) {
    this.table = table;
    this.keyAttributes = table.ownKeyAttributes();
    this.keyTemplates = keyAttributes.stream().map(table::template).toArray(KeyTemplate[]::new);
    this.slotTypes = new ColumnType[keyTemplates.length][];
    for (int k = 0; k < keyTemplates.length; k++) {
      slotTypes[k] = keyTemplates[k].columns().stream()
          .map(c -> table.column(table.columnIndex(c)).type()).toArray(ColumnType[]::new);
    }
    this.columns = columns.stream().mapToInt(Integer::intValue).toArray();
    this.sources = new ColumnSource[this.columns.length];
    for (int i = 0; i < this.columns.length; i++) {
      sources[i] = source(table.column(this.columns[i]));
    }
  }

  private ColumnSource source(Column column) {
    Optional<String> keyAttribute = table.keyAttributeOf(column.name());
    if (keyAttribute.isEmpty()) {
      return new ColumnSource(column, column.attribute(), ColumnSource.NOT_A_SLOT, ColumnSource.NOT_A_SLOT);
    }
    String attribute = keyAttribute.get();
    if (table.source().keyAttributeType(attribute) != AttributeType.S) {
      // A number or binary key holds the column's value itself, read like any attribute.
      return new ColumnSource(column, attribute, ColumnSource.NOT_A_SLOT, ColumnSource.NOT_A_SLOT);
    }
    int keyIndex = keyAttributes.indexOf(attribute);
    return new ColumnSource(column, attribute, keyIndex, keyTemplates[keyIndex].columns().indexOf(column.name()));
  }

  /** The item as a row of the table's full width, or null when it is not a row of this table. */
  Object[] decode(Map<String, AttributeValue> item) {
    Object[][] keyValues = keyValues(item);
    if (keyValues == null) {
      return null;
    }
    Object[] row = new Object[table.columns().size()];
    for (int i = 0; i < columns.length; i++) {
      ColumnSource source = sources[i];
      try {
        row[columns[i]] = source.isSlot() ? keyValues[source.keyIndex()][source.slot()] : decode(item, source);
      } catch (UnreadableValueException e) {
        throw new KeycondException(e.state(),
            "Column '" + source.column().name() + "' of table '" + table.name() + "' in the item with key "
                + describeKey(item) + " " + e.getMessage(), e);
      }
    }
    return row;
  }

  /**
   * The values of the slots of the item's own string keys, by key and slot; null when a key
   * attribute is missing, does not have the table's template, or holds in a slot a text that is no
   * value of the slot's column, because then this table's templates did not write the key and the
   * item belongs to another entity. Every slot is read, whichever columns are selected, so that
   * whether an item is a row never depends on the statement.
   */
  private Object[][] keyValues(Map<String, AttributeValue> item) {
    Object[][] values = new Object[keyAttributes.size()][];
    try {
      for (int k = 0; k < values.length; k++) {
        AttributeValue value = item.get(keyAttributes.get(k));
        if (value == null) {
          return null;
        }
        if (value.s() == null) {
          // A number or binary key holds its column's value, which is read with the other columns.
          if (!keyTemplates[k].isIdentity()) {
            return null;
          }
          continue;
        }
        Optional<List<String>> texts = keyTemplates[k].decode(value.s());
        if (texts.isEmpty()) {
          return null;
        }
        values[k] = new Object[texts.get().size()];
        for (int slot = 0; slot < values[k].length; slot++) {
          values[k][slot] = KeyText.decode(texts.get().get(slot), slotTypes[k][slot]);
        }
      }
    } catch (UnreadableValueException e) {
      return null;
    }
    return values;
  }

  private static Object decode(Map<String, AttributeValue> item, ColumnSource source) {
    Column column = source.column();
    if (column.isWholeItem()) {
      return DynamoJson.toJson(item);
    }
    return AttributeCodec.decode(item.get(source.attribute()), column.type());
  }

  String describeKey(Map<String, AttributeValue> item) {
    return keyAttributes.stream()
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
