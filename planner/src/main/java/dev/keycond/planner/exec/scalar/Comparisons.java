package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.exec.Scalar;
import java.util.function.IntPredicate;
import org.apache.calcite.sql.SqlKind;

/** Comparison operators, in DynamoDB's order so that a result does not depend on where it was computed. */
final class Comparisons {
  private Comparisons() {}

  /** {@code =, <>, <, <=, >, >=}: NULL when either side is NULL. */
  static Scalar compare(SqlKind kind, Scalar left, Scalar right) {
    IntPredicate outcome = outcome(kind);
    return Strict.of(left, right, (a, b) -> outcome.test(DynamoOrder.INSTANCE.compare(a, b)));
  }

  /** {@code IS [NOT] DISTINCT FROM}: like {@code <>} and {@code =}, except that NULL equals NULL. */
  static Scalar distinct(Scalar left, Scalar right, boolean distinct) {
    return (row, context) -> {
      Object a = left.evaluate(row, context);
      Object b = right.evaluate(row, context);
      boolean equal = a == null || b == null ? a == b : DynamoOrder.INSTANCE.compare(a, b) == 0;
      return distinct != equal;
    };
  }

  private static IntPredicate outcome(SqlKind kind) {
    switch (kind) {
      case EQUALS:
        return c -> c == 0;
      case NOT_EQUALS:
        return c -> c != 0;
      case LESS_THAN:
        return c -> c < 0;
      case LESS_THAN_OR_EQUAL:
        return c -> c <= 0;
      case GREATER_THAN:
        return c -> c > 0;
      case GREATER_THAN_OR_EQUAL:
        return c -> c >= 0;
      default:
        throw new IllegalArgumentException(kind + " is not a comparison");
    }
  }
}
