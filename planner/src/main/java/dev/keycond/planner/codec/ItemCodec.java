package dev.keycond.planner.codec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.Constant;
import dev.keycond.planner.table.ColumnSource;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Predicate;
import dev.keycond.planner.source.SourceIndex;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns rows of one table into DynamoDB items and items back into rows; the one place that knows
 * where a column's value lives in an item.
 *
 * <p>An item is a row when its own key attributes have the table's key templates and hold in each
 * slot a text that is a value of the slot's column, and it holds the table's constants; any other
 * item belongs to another entity and yields no row. A row is written as a careful hand-written
 * client would write it: every key attribute the mapping has a template for (the table's and its
 * indexes'), computed from the columns; a column decoded from the table's own key, or kept only in
 * key templates, only there (and in its stored copy, when the mapping declares one); every other
 * column in its own attribute; the constants; no attribute at all for a NULL, so that an index
 * whose key columns are NULL stays sparse.
 */
public final class ItemCodec {
  private final EntityTable table;
  private final List<String> keyAttributes;
  private final KeyTemplate[] keyTemplates;
  /** Per own key attribute, the types of its template's columns, slot by slot. */
  private final ColumnType[][] slotTypes;
  /**
   * Per own key attribute and slot of its template, the row position the slot's value is decoded
   * into, or {@link #NOT_DECODED} when the column is not one {@link #decode} reads (or is read
   * from another key attribute that holds it too).
   */
  private final int[][] slotTargets;
  /** The decoded columns whose values are in attributes (or the whole item), in the order given; fixed for the table. */
  private final AttributeColumn[] attributeColumns;

  private static final int NOT_DECODED = -1;

  /** The decoded columns kept only in an index key's template, decoded from its slot. */
  private final IndexSlotColumn[] indexSlotColumns;

  /**
   * A decoded column read from an attribute as its type, or from the whole item, into row position
   * {@code index}; when the item lacks the attribute, from {@code fallback}, an index key that holds it.
   */
  private record AttributeColumn(Column column, String attribute, int index, Optional<ColumnSource.KeySlot> fallback) {}

  /**
   * A decoded column kept only in a slot of an index key's string template, into row position
   * {@code index}; an item without that key attribute is out of the index, and the column is NULL.
   */
  private record IndexSlotColumn(Column column, ColumnSource.KeySlot slot, int index) {}

  /** @param columns the table columns that {@link #decode} reads; the others stay null */
  public ItemCodec(EntityTable table, List<Integer> columns) {
    this.table = table;
    this.keyAttributes = table.ownKeyAttributes();
    this.keyTemplates = keyAttributes.stream().map(table::template).toArray(KeyTemplate[]::new);
    this.slotTypes = new ColumnType[keyTemplates.length][];
    this.slotTargets = new int[keyTemplates.length][];
    for (int k = 0; k < keyTemplates.length; k++) {
      slotTypes[k] = keyTemplates[k].columns().stream()
          .map(c -> table.column(table.columnIndex(c)).type()).toArray(ColumnType[]::new);
      slotTargets[k] = new int[slotTypes[k].length];
      Arrays.fill(slotTargets[k], NOT_DECODED);
    }
    List<AttributeColumn> attributes = new ArrayList<>();
    List<IndexSlotColumn> indexSlots = new ArrayList<>();
    for (int index : columns) {
      Column column = table.column(index);
      ColumnSource source = table.readFrom(column);
      boolean inText = source instanceof ColumnSource.KeySlot && isText(source.attribute());
      if (inText && ((ColumnSource.KeySlot) source).ownKey()) {
        int k = keyAttributes.indexOf(source.attribute());
        slotTargets[k][keyTemplates[k].columns().indexOf(column.name())] = index;
      } else if (inText) {
        indexSlots.add(new IndexSlotColumn(column, (ColumnSource.KeySlot) source, index));
      } else {
        // A number or binary key holds the column's value itself, read like any attribute.
        Optional<ColumnSource.KeySlot> fallback = source instanceof ColumnSource.StoredThenKeySlot both
            ? Optional.of(both.key()) : Optional.empty();
        attributes.add(new AttributeColumn(column, source.attribute(), index, fallback));
      }
    }
    this.attributeColumns = attributes.toArray(AttributeColumn[]::new);
    this.indexSlotColumns = indexSlots.toArray(IndexSlotColumn[]::new);
  }

  /** A codec that decodes every column. */
  public static ItemCodec of(EntityTable table) {
    return new ItemCodec(table, IntStream.range(0, table.columns().size()).boxed().toList());
  }

  /**
   * The item that stores {@code row}, a row of the table's full width in keycond's internal
   * values. A raw table's whole-item column gives the attributes its typed columns do not.
   *
   * @throws KeycondException 23502 for a NULL in a column of the table's own key, 22Z01 for a value
   *     that contains a literal of its key template, class 22 for a value DynamoDB cannot hold or a
   *     whole-item column that is no JSON object or contradicts a typed column
   */
  public Map<String, AttributeValue> encode(Object[] row) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    // The table's own keys first, as a person reads an item.
    for (String attribute : keyAttributes) {
      keyValue(attribute, table.template(attribute), row).ifPresent(value -> item.put(attribute, value));
    }
    for (int i = 0; i < row.length; i++) {
      Column column = table.column(i);
      if (column.isWholeItem() && row[i] != null) {
        wholeItem(column, row[i]).forEach((attribute, value) -> put(item, attribute, value));
      }
    }
    for (int i = 0; i < row.length; i++) {
      Column column = table.column(i);
      Object value = row[i];
      if (!column.isWholeItem() && value != null) {
        table.storedAttribute(column).ifPresent(attribute -> put(item, attribute, encode(column, value)));
      }
    }
    indexKeys(row, column -> true).values().forEach((attribute, value) -> put(item, attribute, value));
    table.mapping().constants().values().forEach(c -> put(item, c.attribute(), ConstantValues.value(c)));
    return item;
  }

  /**
   * Whether the table's own key can hold the row's values: a zero-padded slot holds only the
   * integers of its width (see {@link KeyText#fits}). No item has a key it cannot hold, so such a
   * row matches none, while writing it is refused by {@link #encode(Object[])}.
   */
  public boolean keyHolds(Object[] row) {
    for (KeyTemplate template : keyTemplates) {
      for (Slot slot : template.slots()) {
        int index = table.columnIndex(slot.column());
        if (row[index] != null && !KeyText.fits(row[index], table.column(index).type(), slot)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * A column's non-null value as its attribute. Every value a write sends is encoded here, so that
   * one that DynamoDB cannot hold (a number of 39 significant digits, 1E-131) fails before any
   * request, naming the column.
   *
   * @throws KeycondException 22003 for a number DynamoDB cannot hold
   */
  public AttributeValue encode(Column column, Object value) {
    try {
      return AttributeCodec.encode(value, column.type());
    } catch (KeycondException e) {
      throw ofColumn(column, e);
    }
  }

  /** A value's failure, with the column and table it was for, keeping its SQLState. */
  public KeycondException ofColumn(Column column, KeycondException e) {
    return new KeycondException(e.state(), "Column '" + column.name() + "' of table '" + table.name() + "': "
        + e.getMessage(), e);
  }

  /**
   * The index key attributes a row gives, for the indexes whose key templates read a column that
   * {@code reads} accepts. An index gets all its key attributes or none: an item without its
   * index's partition or sort key is not in that index, so when a column of one of its templates is
   * NULL, none of its key attributes is written (or kept: they are removed), and the index stays
   * sparse. An attribute that is a column's own (a GSI on a column) is the column's to write.
   *
   * @throws KeycondException 22Z01 for a value containing a literal of its template, 22Z02 for an
   *     empty key value, 22001 for one longer than DynamoDB takes
   */
  public IndexKeys indexKeys(Object[] row, Predicate<String> reads) {
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    Set<String> removed = new LinkedHashSet<>();
    for (SourceIndex index : table.source().indexes()) {
      Map<String, KeyTemplate> derived = new LinkedHashMap<>();
      boolean complete = true;
      boolean touched = false;
      for (String attribute : index.keys().attributes()) {
        Optional<KeyTemplate> template = table.mapping().keyTemplate(attribute);
        if (template.isEmpty()) {
          // The mapping cannot compute this index's keys: not an index of this table's.
          complete = false;
          touched = false;
          derived.clear();
          break;
        }
        touched |= template.get().columns().stream().anyMatch(reads);
        if (!keyAttributes.contains(attribute) && !isStoredColumn(attribute, template.get())) {
          derived.put(attribute, template.get());
        }
        complete &= template.get().columns().stream().allMatch(c -> row[table.columnIndex(c)] != null);
      }
      if (!touched) {
        continue;
      }
      for (Map.Entry<String, KeyTemplate> key : derived.entrySet()) {
        if (complete) {
          AttributeValue value = keyValue(key.getKey(), key.getValue(), row).orElseThrow();
          checkIndexKey(key.getKey(), index, value);
          values.put(key.getKey(), value);
        } else {
          removed.add(key.getKey());
        }
      }
    }
    // An attribute two indexes share is kept when either index is complete.
    removed.removeAll(values.keySet());
    return new IndexKeys(values, removed);
  }

  /** The index key attributes of a row: those to write, and those it must not hold. */
  public record IndexKeys(Map<String, AttributeValue> values, Set<String> removed) {}

  private void checkIndexKey(String attribute, SourceIndex index, AttributeValue value) {
    boolean empty = value.s() != null && value.s().isEmpty();
    if (empty) {
      throw new KeycondException(SqlState.EMPTY_KEY_VALUE, "Index key attribute '" + attribute + "' of table '"
          + table.name() + "' would be empty; DynamoDB index keys cannot be empty. Set a column of its template '"
          + table.template(attribute) + "' to NULL to leave the item out of index '" + index.name() + "'");
    }
    KeyValueLimits.check(attribute, index.keys().isPartitionAttribute(attribute)
        ? KeyValueLimits.KeyRole.PARTITION : KeyValueLimits.KeyRole.SORT, value);
  }

  /** The attributes a whole-item column gives: a JSON object's fields, as DynamoDB values. */
  private Map<String, AttributeValue> wholeItem(Column column, Object json) {
    JsonNode node;
    try {
      node = DynamoJson.parse(json.toString());
    } catch (IllegalArgumentException e) {
      throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE,
          "Column '" + column.name() + "' of table '" + table.name() + "' " + e.getMessage(), e);
    }
    AttributeValue value = DynamoJson.fromJson(node);
    if (!value.hasM()) {
      throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE, "Column '" + column.name() + "' of table '"
          + table.name() + "' holds the whole item, so it must be a JSON object of its attributes, not " + json);
    }
    return value.m();
  }

  /** A value given twice for one attribute (by a typed column and the whole-item column) must agree. */
  private void put(Map<String, AttributeValue> item, String attribute, AttributeValue value) {
    AttributeValue before = item.put(attribute, value);
    if (before != null && !before.equals(value)) {
      throw new KeycondException(SqlState.DATA_EXCEPTION, "Attribute '" + attribute + "' of the item of table '"
          + table.name() + "' is given two values, " + AttributeCodec.describe(before) + " and "
          + AttributeCodec.describe(value) + "; give it once");
    }
  }

  /** Whether a key attribute is a column's own attribute, which the column writes. */
  private boolean isStoredColumn(String attribute, KeyTemplate template) {
    if (!template.isIdentity()) {
      return false;
    }
    Column column = table.column(table.columnIndex(template.columns().get(0)));
    return table.storedAttribute(column).filter(attribute::equals).isPresent();
  }

  /**
   * The value of a key attribute computed from the row; empty for an index key whose columns are
   * not all given, which leaves the item out of that index.
   */
  private Optional<AttributeValue> keyValue(String attribute, KeyTemplate template, Object[] row) {
    boolean ownKey = keyAttributes.contains(attribute);
    List<String> texts = new ArrayList<>();
    for (Slot slot : template.slots()) {
      int index = table.columnIndex(slot.column());
      Object value = row[index];
      if (value == null) {
        if (ownKey) {
          throw new KeycondException(SqlState.NOT_NULL_VIOLATION, "Column '" + slot.column() + "' of table '"
              + table.name() + "' is part of its key (" + attribute + " = '" + template + "') and cannot be NULL");
        }
        return Optional.empty();
      }
      ColumnType type = table.column(index).type();
      if (table.source().keyAttributeType(attribute) != AttributeType.S) {
        // A number or binary key is a single column's value as it is (the mapping checks that).
        return Optional.of(encode(table.column(index), value));
      }
      texts.add(KeyText.encode(value, type, slot));
    }
    return Optional.of(AttributeValue.fromS(template.encode(texts)));
  }

  /** The item as a row of the table's full width, or null when it is not a row of this table. */
  public Object[] decode(Map<String, AttributeValue> item) {
    Object[] row = new Object[table.columns().size()];
    if (!decodeKeys(item, row) || !holdsConstants(item)) {
      return null;
    }
    for (IndexSlotColumn column : indexSlotColumns) {
      row[column.index()] = decodeIndexSlot(item, column.column(), column.slot());
    }
    for (AttributeColumn column : attributeColumns) {
      if (!item.containsKey(column.attribute()) && column.fallback().isPresent()) {
        row[column.index()] = decodeIndexSlot(item, column.column(), column.fallback().get());
        continue;
      }
      try {
        row[column.index()] = column.column().isWholeItem() ? DynamoJson.toJson(item)
            : AttributeCodec.decode(item.get(column.attribute()), column.column().type());
      } catch (UnreadableValueException e) {
        throw new KeycondException(e.state(), "Column '" + column.column().name() + "' of table '" + table.name()
            + "' in the item with key " + describeKey(item) + " " + e.getMessage(), e);
      }
    }
    return row;
  }

  /**
   * The key columns of a key (an item of key attributes only, such as a write by key builds), as a
   * row of the table's full width; null when the key is not of this table's templates. Unlike
   * {@link #decode}, it asks nothing of the attributes a key does not hold, the constants among them.
   */
  public Object[] decodeKey(Map<String, AttributeValue> key) {
    Object[] row = new Object[table.columns().size()];
    return decodeKeys(key, row) ? row : null;
  }

  private boolean isText(String keyAttribute) {
    return table.source().keyAttributeType(keyAttribute) == AttributeType.S;
  }

  /** An item without one of the table's constants, or with another value, belongs to another entity. */
  private boolean holdsConstants(Map<String, AttributeValue> item) {
    for (Constant constant : table.mapping().constants().values()) {
      if (!ConstantValues.holds(constant, item.get(constant.attribute()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * A column from an index key's template: NULL when the item is out of the index (the attribute is
   * missing); a key this table's template did not write is a wrong value, as in any attribute. A
   * number or binary key holds the value itself.
   */
  private Object decodeIndexSlot(Map<String, AttributeValue> item, Column column, ColumnSource.KeySlot slot) {
    AttributeValue value = item.get(slot.attribute());
    if (value == null) {
      return null;
    }
    try {
      if (!isText(slot.attribute())) {
        return AttributeCodec.decode(value, column.type());
      }
      Optional<List<String>> texts = Optional.ofNullable(value.s()).flatMap(slot.template()::decode);
      if (texts.isEmpty()) {
        throw new UnreadableValueException(SqlState.DATA_EXCEPTION, "holds " + AttributeCodec.describe(value)
            + " in '" + slot.attribute() + "', which does not have its template '" + slot.template() + "'", null);
      }
      return KeyText.decode(texts.get().get(slot.slot()), column.type());
    } catch (UnreadableValueException e) {
      throw new KeycondException(e.state(), "Column '" + column.name() + "' of table '" + table.name()
          + "' in the item with key " + describeKey(item) + " " + e.getMessage(), e);
    }
  }

  /**
   * Decodes the slots of the item's own string keys into the row; false when a key attribute is
   * missing, does not have the table's template, or holds in a slot a text that is no value of the
   * slot's column, because then this table's templates did not write the key and the item belongs
   * to another entity. Every slot is read, whichever columns are selected, so that whether an item
   * is a row never depends on the statement.
   */
  private boolean decodeKeys(Map<String, AttributeValue> item, Object[] row) {
    for (int k = 0; k < keyTemplates.length; k++) {
      AttributeValue value = item.get(keyAttributes.get(k));
      if (value == null) {
        return false;
      }
      if (value.s() == null) {
        // A number or binary key holds its column's value, which is read with the other columns.
        if (!keyTemplates[k].isIdentity()) {
          return false;
        }
        continue;
      }
      Optional<List<String>> texts = keyTemplates[k].decode(value.s());
      if (texts.isEmpty()) {
        return false;
      }
      for (int slot = 0; slot < slotTargets[k].length; slot++) {
        Object slotValue;
        try {
          slotValue = KeyText.decode(texts.get().get(slot), slotTypes[k][slot]);
        } catch (UnreadableValueException e) {
          return false;
        }
        if (slotTargets[k][slot] != NOT_DECODED) {
          row[slotTargets[k][slot]] = slotValue;
        }
      }
    }
    return true;
  }

  /** The key of a row holding at least the table's key columns, as messages name it. */
  public String describeKey(Object[] row) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (String attribute : keyAttributes) {
      keyValue(attribute, table.template(attribute), row).ifPresent(value -> key.put(attribute, value));
    }
    return describeKey(key);
  }

  public String describeKey(Map<String, AttributeValue> item) {
    // Every write names its row's key, for the messages about it: a loop, not a stream, on that path.
    StringBuilder described = new StringBuilder("{");
    for (String attribute : keyAttributes) {
      if (described.length() > 1) {
        described.append(", ");
      }
      AttributeValue value = item.get(attribute);
      described.append(attribute).append('=').append(value == null ? "(missing)" : render(value));
    }
    return described.append('}').toString();
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
