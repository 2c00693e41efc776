package dev.keycond.planner.request;

import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** What a Query or Scan returns of the items it reads: its Select parameter. */
public enum Selection {
  /** The attributes of the ProjectionExpression, or without one, what the table or index holds. */
  PROJECTED,
  /** The number of items only (Select=COUNT). */
  COUNT,
  /**
   * Whole items (Select=ALL_ATTRIBUTES), which a local index fetches from the table for the
   * attributes it does not carry.
   */
  ALL_ATTRIBUTES;

  /** The Select parameter as sent; none for the default. */
  Optional<Select> sdk() {
    switch (this) {
      case COUNT:
        return Optional.of(Select.COUNT);
      case ALL_ATTRIBUTES:
        return Optional.of(Select.ALL_ATTRIBUTES);
      default:
        return Optional.empty();
    }
  }

  /**
   * Checks that a request's selection and projection go together: DynamoDB refuses a
   * ProjectionExpression with Select=COUNT or ALL_ATTRIBUTES.
   */
  void checkWith(Optional<String> projectionExpression) {
    if (this != PROJECTED && projectionExpression.isPresent()) {
      throw new IllegalArgumentException("Select=" + this + " takes no ProjectionExpression, but has "
          + projectionExpression.get());
    }
  }
}
