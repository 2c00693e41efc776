package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
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
 *     key), or either (UPSERT and MERGE)
 * @param values attribute to the value a statement read
 * @param missing attributes a statement found missing
 */
public record ItemExpectation(
    Existence exists,
    ImmutableMap<String, AttributeValue> values,
    ImmutableSet<String> missing) {

  /** What the item's existence must be. */
  public enum Existence { EXISTS, ABSENT, EITHER }

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
    if (values.keySet().stream().anyMatch(missing::contains)) {
      throw new IllegalArgumentException("an attribute is expected with a value or missing, not both");
    }
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

  /** The ConditionExpression, or none when nothing is expected. */
  Optional<String> render(Placeholders placeholders, String hashAttribute) {
    List<String> parts = new ArrayList<>();
    if (exists == Existence.EXISTS) {
      parts.add("attribute_exists(" + placeholders.name(hashAttribute) + ")");
    } else if (exists == Existence.ABSENT) {
      parts.add("attribute_not_exists(" + placeholders.name(hashAttribute) + ")");
    }
    values.forEach((attribute, value) ->
        parts.add(placeholders.name(attribute) + " = " + placeholders.value(new RequestValue.Bound(value))));
    missing.forEach(attribute -> parts.add("attribute_not_exists(" + placeholders.name(attribute) + ")"));
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", parts));
  }
}
