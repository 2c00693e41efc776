package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.exec.Scalar;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Builds scalars for strict functions: a NULL operand makes the result NULL, so the function
 * itself only ever sees non-null values.
 */
final class Strict {
  private Strict() {}

  static Scalar of(Scalar operand, UnaryOperator<Object> function) {
    return (row, context) -> {
      Object value = operand.evaluate(row, context);
      return value == null ? null : function.apply(value);
    };
  }

  static Scalar of(Scalar left, Scalar right, BinaryOperator<Object> function) {
    return (row, context) -> {
      Object a = left.evaluate(row, context);
      if (a == null) {
        return null;
      }
      Object b = right.evaluate(row, context);
      return b == null ? null : function.apply(a, b);
    };
  }

  static Scalar of(List<Scalar> operands, Function<Object[], Object> function) {
    Scalar[] scalars = operands.toArray(Scalar[]::new);
    return (row, context) -> {
      Object[] values = new Object[scalars.length];
      for (int i = 0; i < scalars.length; i++) {
        values[i] = scalars[i].evaluate(row, context);
        if (values[i] == null) {
          return null;
        }
      }
      return function.apply(values);
    };
  }
}
