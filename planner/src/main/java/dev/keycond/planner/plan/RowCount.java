package dev.keycond.planner.plan;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;

/** The value of a LIMIT or OFFSET: a literal, or a parameter that is known when an execution starts. */
public final class RowCount {
  private RowCount() {}

  /** @throws KeycondException when the value is not a non-negative whole number */
  public static long of(Object value) {
    if (!(value instanceof Integer || value instanceof Long) || ((Number) value).longValue() < 0) {
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
          "LIMIT and OFFSET take a non-negative whole number, not " + value);
    }
    return ((Number) value).longValue();
  }
}
