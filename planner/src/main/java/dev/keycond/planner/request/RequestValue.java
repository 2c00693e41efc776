package dev.keycond.planner.request;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A value in a request: bound to an attribute value, or, when EXPLAIN runs before parameters are
 * set, a description of what will be bound.
 */
public sealed interface RequestValue {

  record Bound(AttributeValue value) implements RequestValue {}

  /** @param description such as {@code 'DRIVE#' || ?1} */
  record Unbound(String description) implements RequestValue {}

  /**
   * Named values (a key, an item, ExpressionAttributeValues) as the SDK takes them.
   *
   * @throws KeycondException 07001 when one is a parameter that has no value
   */
  static Map<String, AttributeValue> bind(Map<String, RequestValue> values) {
    Map<String, AttributeValue> result = new LinkedHashMap<>();
    values.forEach((name, value) -> {
      if (!(value instanceof Bound b)) {
        throw new KeycondException(SqlState.PARAMETER_NOT_SET,
            "Parameter " + ((Unbound) value).description() + " is not set");
      }
      result.put(name, b.value());
    });
    return result;
  }
}
