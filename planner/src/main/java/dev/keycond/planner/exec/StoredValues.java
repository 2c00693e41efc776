package dev.keycond.planner.exec;

import com.google.common.collect.MapMaker;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The DynamoDB values behind the JSON texts one execution's reads decoded, for
 * {@code DYNAMODB_TYPE}: the text of a binary value or a set does not say its type. A text is
 * found by identity, the very string a read put in its row, which the operators above pass on
 * unchanged; it is held weakly, so rows that are gone take their values with them.
 */
public final class StoredValues {
  private final Map<Object, AttributeValue> byText = new MapMaker().weakKeys().makeMap();

  void remember(Object text, AttributeValue value) {
    byText.put(text, value);
  }

  /** The value a read decoded into this very text, if one did. */
  public Optional<AttributeValue> of(Object text) {
    return Optional.ofNullable(byText.get(text));
  }
}
