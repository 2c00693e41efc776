package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.exec.Scalar;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/** Arithmetic operators and numeric functions. Each result is converted to the call's type, which checks its range. */
final class NumericFunctions {
  private NumericFunctions() {}

  /** {@code + - * /} and MOD on numbers. */
  static Scalar binary(RexCall call, Scalar left, Scalar right) {
    Arithmetic family = family(call);
    BinaryOperator<Object> operation;
    switch (call.getKind()) {
      case PLUS:
        operation = family::add;
        break;
      case MINUS:
        operation = family::subtract;
        break;
      case TIMES:
        operation = family::multiply;
        break;
      case DIVIDE:
        operation = family::divide;
        break;
      case MOD:
        operation = family::remainder;
        break;
      default:
        throw new IllegalArgumentException(call.getKind() + " is not arithmetic");
    }
    UnaryOperator<Object> result = Coercion.to(call.getType());
    return Strict.of(left, right, (a, b) -> result.apply(operation.apply(family.widen(a), family.widen(b))));
  }

  static Scalar negate(RexCall call, Scalar operand) {
    Arithmetic family = family(call);
    UnaryOperator<Object> result = Coercion.to(call.getType());
    return Strict.of(operand, a -> result.apply(family.negate(family.widen(a))));
  }

  static Scalar abs(RexCall call, Scalar operand) {
    Arithmetic family = family(call);
    UnaryOperator<Object> result = Coercion.to(call.getType());
    return Strict.of(operand, a -> result.apply(family.abs(family.widen(a))));
  }

  /**
   * ROUND and TRUNCATE with an optional number of digits, and FLOOR and CEIL (which keep no
   * digits), all as rounding in decimal so that doubles round the way they print.
   */
  static Scalar round(RexCall call, List<Scalar> operands, RoundingMode mode) {
    UnaryOperator<Object> result = Coercion.to(call.getType());
    return Strict.of(operands, values -> result.apply(Coercion.toDecimal(values[0], SqlTypeName.DECIMAL)
        .setScale(values.length > 1 ? ((Number) values[1]).intValue() : 0, mode)));
  }

  static Scalar power(Scalar base, Scalar exponent) {
    return Strict.of(base, exponent,
        (b, e) -> Arithmetic.finite(Math.pow(((Number) b).doubleValue(), ((Number) e).doubleValue())));
  }

  private static Arithmetic family(RexCall call) {
    List<RelDataType> types = new ArrayList<>(RexUtil.types(call.getOperands()));
    types.add(call.getType());
    return Arithmetic.widest(types);
  }
}
