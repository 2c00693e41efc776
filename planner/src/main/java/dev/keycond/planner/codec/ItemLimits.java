package dev.keycond.planner.codec;

import dev.keycond.planner.codec.KeyValueLimits.KeyRole;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What DynamoDB accepts as an item, checked before an item is written, so that a statement that
 * cannot be written fails before it sends anything rather than part-way: every key attribute of
 * the table and of its indexes within its size and not empty, all text valid Unicode, no empty
 * set, and the whole item at most 400 KB.
 */
public final class ItemLimits {
  /** DynamoDB's limit on an item: attribute names and values together. */
  public static final int MAX_ITEM_BYTES = 400 * 1024;

  /** What messages say of the limit. */
  public static final String LIMIT = "DynamoDB stores items of at most " + MAX_ITEM_BYTES + " bytes (400 KB), "
      + "attribute names included";

  private ItemLimits() {}

  /**
   * @param describedKey the item's key as messages name it, worked out only for a message
   * @throws KeycondException 22001 for a key value or an item too large, 22021 for text that is not
   *     valid Unicode, 22Z02 for an empty key value, 22023 for an empty set
   */
  public static void check(SourceTable table, Map<String, AttributeValue> item, Supplier<String> describedKey) {
    long size = checkAttributes(table, item, describedKey);
    if (size > MAX_ITEM_BYTES) {
      throw new KeycondException(SqlState.STRING_TOO_LONG, "The item with key " + describedKey.get() + " is " + size
          + " bytes; " + LIMIT);
    }
  }

  /**
   * Checks the attributes an UpdateItem sets (an UPDATE's or a MERGE's), as {@link #check} checks
   * a whole item: every key attribute of the table and of its indexes among them, and all their
   * text. The item's size is not known without reading it: only attributes set that are too large
   * by themselves are refused here; DynamoDB refuses the others, which the gateway reports as 22001
   * too.
   *
   * @throws KeycondException as {@link #check} does
   */
  public static void checkChanged(SourceTable table, Map<String, AttributeValue> sets, Supplier<String> describedKey) {
    long size = checkAttributes(table, sets, describedKey);
    if (size > MAX_ITEM_BYTES) {
      throw new KeycondException(SqlState.STRING_TOO_LONG, "The attributes set in the item with key "
          + describedKey.get() + " are " + size + " bytes by themselves; " + LIMIT);
    }
  }

  /** Checks every key attribute among {@code attributes} and every value; returns their size. */
  private static long checkAttributes(SourceTable table, Map<String, AttributeValue> attributes,
      Supplier<String> describedKey) {
    List<KeySchema> schemas = new ArrayList<>();
    schemas.add(table.keys());
    table.indexes().stream().map(SourceIndex::keys).forEach(schemas::add);
    for (KeySchema schema : schemas) {
      schema.partitionAttributes().forEach(a -> checkKey(a, KeyRole.PARTITION, attributes, describedKey));
      schema.sortAttributes().forEach(a -> checkKey(a, KeyRole.SORT, attributes, describedKey));
    }
    long size = 0;
    for (Map.Entry<String, AttributeValue> attribute : attributes.entrySet()) {
      size += utf8(attribute.getKey()) + size(attribute.getKey(), attribute.getValue(), describedKey);
    }
    return size;
  }

  private static void checkKey(String attribute, KeyRole role, Map<String, AttributeValue> item,
      Supplier<String> describedKey) {
    AttributeValue value = item.get(attribute);
    if (value == null) {
      return;
    }
    boolean empty = value.s() != null ? value.s().isEmpty() : value.b() != null && value.b().asByteArrayUnsafe().length == 0;
    if (empty) {
      throw new KeycondException(SqlState.EMPTY_KEY_VALUE, "The item with key " + describedKey.get() + " would hold an "
          + "empty value in key attribute '" + attribute + "'; DynamoDB keys (of the table and of its indexes) "
          + "cannot be empty. Give the columns of its template a value, or NULL for an index key");
    }
    KeyValueLimits.check(attribute, role, value);
  }

  /** The bytes DynamoDB counts for attributes, names and values, of an item already checked. */
  public static long bytes(Map<String, AttributeValue> attributes) {
    return attributes.entrySet().stream().mapToLong(a -> utf8(a.getKey()) + size(a.getKey(), a.getValue(), () -> "")).sum();
  }

  /** The bytes DynamoDB counts for a value, as its Developer Guide describes them. */
  private static long size(String attribute, AttributeValue value, Supplier<String> describedKey) {
    switch (value.type()) {
      case S:
        KeyValueLimits.checkUnicode(value.s(), "The value of attribute '" + attribute + "'");
        return utf8(value.s());
      case N:
        // Up to 21 bytes: two digits a byte, plus one.
        return value.n().length() / 2 + 2;
      case B:
        return value.b().asByteArrayUnsafe().length;
      case BOOL:
      case NUL:
        return 1;
      case SS:
        return set(attribute, value.ss().size(), describedKey)
            + value.ss().stream().mapToLong(s -> {
              KeyValueLimits.checkUnicode(s, "An element of attribute '" + attribute + "'");
              return utf8(s);
            }).sum();
      case NS:
        return set(attribute, value.ns().size(), describedKey) + value.ns().stream().mapToLong(n -> n.length() / 2 + 2).sum();
      case BS:
        return set(attribute, value.bs().size(), describedKey)
            + value.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
      case M:
        long map = 3;
        for (Map.Entry<String, AttributeValue> entry : value.m().entrySet()) {
          KeyValueLimits.checkUnicode(entry.getKey(), "A key in attribute '" + attribute + "'");
          map += 1 + utf8(entry.getKey()) + size(attribute, entry.getValue(), describedKey);
        }
        return map;
      case L:
        long list = 3;
        for (AttributeValue element : value.l()) {
          list += 1 + size(attribute, element, describedKey);
        }
        return list;
      default:
        return 0;
    }
  }

  private static long set(String attribute, int elements, Supplier<String> describedKey) {
    if (elements == 0) {
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "Attribute '" + attribute + "' of the item with "
          + "key " + describedKey.get() + " would be an empty set, which DynamoDB cannot store; write NULL instead");
    }
    return 0;
  }

  private static long utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }
}
