package dev.keycond.planner.dynamo;

import java.util.Optional;

/** The key attributes of a DynamoDB table or index; {@code rangeAttribute} is absent for a hash-only key. */
public record KeySchema(String hashAttribute, Optional<String> rangeAttribute) {
  public boolean isKeyAttribute(String attribute) {
    return hashAttribute.equals(attribute) || rangeAttribute.filter(attribute::equals).isPresent();
  }
}
