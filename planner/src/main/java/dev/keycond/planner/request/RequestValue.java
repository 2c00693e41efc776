package dev.keycond.planner.request;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A value in a request: bound to an attribute value, or, when EXPLAIN runs before parameters are
 * set, a description of what will be bound.
 */
public sealed interface RequestValue {

  record Bound(AttributeValue value) implements RequestValue {}

  /** @param description such as {@code 'DRIVE#' || ?1} */
  record Unbound(String description) implements RequestValue {}
}
