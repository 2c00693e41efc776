package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.exec.Scalar;
import java.util.List;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;

/**
 * CASE, COALESCE and NULLIF. Each branch is converted to the type of the whole expression, because
 * Calcite lets branches of narrower types (an INTEGER literal in a DECIMAL CASE) stand unconverted.
 */
final class Conditionals {
  private Conditionals() {}

  /** {@code CASE WHEN c1 THEN v1 ... ELSE e END}, whose operands are c1, v1, ..., e. */
  static Scalar caseWhen(RexCall call) {
    List<RexNode> operands = call.getOperands();
    int branches = operands.size() / 2;
    Scalar[] conditions = new Scalar[branches];
    Scalar[] values = new Scalar[branches];
    for (int i = 0; i < branches; i++) {
      conditions[i] = ScalarCompiler.compile(operands.get(2 * i));
      values[i] = ScalarCompiler.compileAs(operands.get(2 * i + 1), call.getType());
    }
    Scalar otherwise = ScalarCompiler.compileAs(operands.get(operands.size() - 1), call.getType());
    return (row, context) -> {
      for (int i = 0; i < branches; i++) {
        if (Boolean.TRUE.equals(conditions[i].evaluate(row, context))) {
          return values[i].evaluate(row, context);
        }
      }
      return otherwise.evaluate(row, context);
    };
  }

  static Scalar coalesce(RexCall call) {
    Scalar[] operands = call.getOperands().stream()
        .map(operand -> ScalarCompiler.compileAs(operand, call.getType()))
        .toArray(Scalar[]::new);
    return (row, context) -> {
      for (Scalar operand : operands) {
        Object value = operand.evaluate(row, context);
        if (value != null) {
          return value;
        }
      }
      return null;
    };
  }

  /** {@code NULLIF(a, b)}: NULL when a equals b, otherwise a. */
  static Scalar nullIf(RexCall call) {
    Scalar value = ScalarCompiler.compileAs(call.getOperands().get(0), call.getType());
    Scalar other = ScalarCompiler.compile(call.getOperands().get(1));
    return (row, context) -> {
      Object a = value.evaluate(row, context);
      if (a == null) {
        return null;
      }
      Object b = other.evaluate(row, context);
      return b != null && DynamoOrder.INSTANCE.compare(a, b) == 0 ? null : a;
    };
  }
}
