package dev.keycond.planner.plan;

/**
 * A value in a key condition: known when the statement is planned, or a {@code ?} marker bound at
 * each execution. Keeping markers symbolic is what lets a PreparedStatement be planned once.
 */
public sealed interface Operand {

  /** A value in keycond's internal representation for the column it is compared with. */
  record Literal(Object value) implements Operand {
    @Override
    public String toString() {
      return value instanceof String s ? "'" + s.replace("'", "''") + "'" : String.valueOf(value);
    }
  }

  /** The {@code index}-th (0-based) parameter marker of the statement. */
  record Parameter(int index) implements Operand {
    @Override
    public String toString() {
      return "?" + (index + 1);
    }
  }
}
