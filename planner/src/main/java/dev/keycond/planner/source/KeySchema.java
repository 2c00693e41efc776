package dev.keycond.planner.source;

import java.util.List;
import java.util.Optional;

/** The key attributes of a DynamoDB table or index; {@code rangeAttribute} is absent for a hash-only key. */
public record KeySchema(String hashAttribute, Optional<String> rangeAttribute) {
  /** The partition key attribute, then the sort key attribute if there is one. */
  public List<String> attributes() {
    return rangeAttribute.map(r -> List.of(hashAttribute, r)).orElseGet(() -> List.of(hashAttribute));
  }

  public boolean isKeyAttribute(String attribute) {
    return hashAttribute.equals(attribute) || rangeAttribute.filter(attribute::equals).isPresent();
  }
}
