package dev.keycond.planner.shape;

import java.util.Objects;

/** A condition of a simple statement's WHERE clause: a column compared with a value. */
public record Comparison(String column, Operator operator, Value value) {
  public Comparison {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(operator, "operator");
    Objects.requireNonNull(value, "value");
  }

  /** The comparison operators of a condition. */
  public enum Operator {
    EQUALS,
    LESS_THAN,
    LESS_THAN_OR_EQUAL,
    GREATER_THAN,
    GREATER_THAN_OR_EQUAL,
    LIKE
  }
}
