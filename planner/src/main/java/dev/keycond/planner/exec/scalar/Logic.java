package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.exec.Scalar;
import java.util.List;
import java.util.Objects;

/** SQL's three-valued logic: NULL is "unknown", and AND/OR only ignore it when the other side decides. */
final class Logic {
  private Logic() {}

  /** FALSE if any operand is FALSE, else NULL if any is NULL, else TRUE. */
  static Scalar and(List<Scalar> operands) {
    return junction(operands, Boolean.FALSE);
  }

  /** TRUE if any operand is TRUE, else NULL if any is NULL, else FALSE. */
  static Scalar or(List<Scalar> operands) {
    return junction(operands, Boolean.TRUE);
  }

  private static Scalar junction(List<Scalar> operands, Boolean decisive) {
    Scalar[] scalars = operands.toArray(Scalar[]::new);
    Boolean otherwise = !decisive;
    return (row, context) -> {
      boolean unknown = false;
      for (Scalar scalar : scalars) {
        Object value = scalar.evaluate(row, context);
        if (value == null) {
          unknown = true;
        } else if (decisive.equals(value)) {
          return decisive;
        }
      }
      return unknown ? null : otherwise;
    };
  }

  static Scalar not(Scalar operand) {
    return Strict.of(operand, value -> !(Boolean) value);
  }

  /** {@code x IS [NOT] NULL}, {@code x IS [NOT] TRUE/FALSE}: never NULL themselves. */
  static Scalar is(Scalar operand, Object expected, boolean negated) {
    return (row, context) -> negated != Objects.equals(operand.evaluate(row, context), expected);
  }
}
