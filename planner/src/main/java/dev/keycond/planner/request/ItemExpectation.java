package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.codec.ConstantValues;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a transaction's action expects of its item on the server, which DynamoDB checks at commit:
 * that the item exists or not, and attribute values as a statement read them. It is what made the
 * statements' counts true when they ran: if another writer changed any of it since, the
 * transaction is cancelled.
 *
 * @param exists whether the item must exist (an UPDATE's or DELETE's row), must not (an INSERT's
 *     key), either (UPSERT and MERGE), or must not unless it is the table's own (UPSERT and MERGE
 *     into a table whose items share their keys with another table's, told apart by constants)
 * @param values attribute to the value a statement read; for {@code ABSENT_OR_OWN}, the constants
 *     that make an item the table's own
 * @param missing attributes a statement found missing
 */
public record ItemExpectation(
    Existence exists,
    ImmutableMap<String, AttributeValue> values,
    ImmutableSet<String> missing) {

  /** What the item's existence must be. */
  public enum Existence {
    EXISTS,
    ABSENT,
    EITHER,
    /**
     * No item has the key (or only one whose time to live has passed), or the one that has it holds
     * the expected values (and lacks the missing ones).
     */
    ABSENT_OR_OWN
  }

  /** Nothing: UPSERT and MERGE write whatever the item is. */
  public static final ItemExpectation NOTHING =
      new ItemExpectation(Existence.EITHER, ImmutableMap.of(), ImmutableSet.of());

  /** The item exists, whatever it holds: an EXISTS subquery's. */
  public static final ItemExpectation PRESENT =
      new ItemExpectation(Existence.EXISTS, ImmutableMap.of(), ImmutableSet.of());

  /** No item has the key: an INSERT's. */
  public static final ItemExpectation ABSENT =
      new ItemExpectation(Existence.ABSENT, ImmutableMap.of(), ImmutableSet.of());

  public ItemExpectation {
    if (exists == Existence.ABSENT && !(values.isEmpty() && missing.isEmpty())) {
      throw new IllegalArgumentException("an item expected absent has no attribute values to expect");
    }
    if (exists == Existence.ABSENT_OR_OWN && values.isEmpty()) {
      throw new IllegalArgumentException("an item's own values tell it from another table's: none were given");
    }
    if (values.keySet().stream().anyMatch(missing::contains)) {
      throw new IllegalArgumentException("an attribute is expected with a value or missing, not both");
    }
  }

  /**
   * What a write that creates or replaces {@code table}'s item whatever it holds (UPSERT, a MERGE
   * with both branches) expects of it: nothing, unless the table's items share their keys with
   * other tables' and are told apart by constants. Then the key must be free or hold an item with
   * the constants: another table's item is never replaced.
   */
  public static ItemExpectation replacing(EntityTable table) {
    if (!table.hasConstants()) {
      return NOTHING;
    }
    ImmutableMap.Builder<String, AttributeValue> constants = ImmutableMap.builder();
    table.mapping().constants().values().forEach(c -> constants.put(c.attribute(), ConstantValues.value(c)));
    return new ItemExpectation(Existence.ABSENT_OR_OWN, constants.build(), ImmutableSet.of());
  }

  /** The item exists, with these values, and without these attributes: a row a statement read. */
  public static ItemExpectation asRead(ImmutableMap<String, AttributeValue> values, ImmutableSet<String> missing) {
    return new ItemExpectation(Existence.EXISTS, values, missing);
  }

  /**
   * The item exists with {@code attributes} as {@code item}, read by a statement, holds them: those
   * it has with their values, the others missing.
   */
  public static ItemExpectation asRead(Map<String, AttributeValue> item, Iterable<String> attributes) {
    ImmutableMap.Builder<String, AttributeValue> values = ImmutableMap.builder();
    ImmutableSet.Builder<String> missing = ImmutableSet.builder();
    for (String attribute : attributes) {
      AttributeValue value = item.get(attribute);
      if (value == null) {
        missing.add(attribute);
      } else {
        values.put(attribute, value);
      }
    }
    return asRead(values.buildKeepingLast(), missing.build());
  }

  /**
   * The ConditionExpression, or none when nothing is expected.
   *
   * @param expiry when the table's expired items count as gone: an item expected to exist must not
   *     have expired, and an expired item counts as absent
   */
  Optional<String> render(Placeholders placeholders, String hashAttribute, Optional<Expiry> expiry) {
    // The key's name comes first, as DynamoDB's own examples write it.
    Optional<String> hash = exists == Existence.EITHER ? Optional.empty()
        : Optional.of(placeholders.name(hashAttribute));
    List<String> parts = held(placeholders);
    switch (exists) {
      case EXISTS -> {
        parts.add(0, "attribute_exists(" + hash.orElseThrow() + ")");
        expiry.ifPresent(e -> parts.add(1, e.live(placeholders)));
      }
      case ABSENT -> parts.add(absent(hash.orElseThrow(), placeholders, expiry));
      case ABSENT_OR_OWN -> {
        return Optional.of(absent(hash.orElseThrow(), placeholders, expiry) + " OR " + all(parts));
      }
      case EITHER -> { }
    }
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", parts));
  }

  /** The conditions that the item holds the expected values and lacks the missing attributes. */
  List<String> held(Placeholders placeholders) {
    List<String> parts = new ArrayList<>();
    values.forEach((attribute, value) ->
        parts.add(placeholders.name(attribute) + " = " + placeholders.value(new RequestValue.Bound(value))));
    missing.forEach(attribute -> parts.add("attribute_not_exists(" + placeholders.name(attribute) + ")"));
    return parts;
  }

  /**
   * The conditions ANDed, in parentheses only when there are several: one condition may already be
   * in its own, and DynamoDB refuses a condition in two pairs ("redundant parentheses").
   */
  static String all(List<String> conditions) {
    return conditions.size() == 1 ? conditions.get(0) : "(" + String.join(" AND ", conditions) + ")";
  }

  /** That no item has the key, or only one whose time to live has passed. */
  private static String absent(String hash, Placeholders placeholders, Optional<Expiry> expiry) {
    return "attribute_not_exists(" + hash + ")" + expiry.map(e -> " OR " + e.expired(placeholders)).orElse("");
  }
}
