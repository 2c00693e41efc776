package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
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

  /** SIGN: -1, 0 or 1, of the operand's own type. */
  static Scalar sign(RexCall call, Scalar operand) {
    UnaryOperator<Object> result = Coercion.to(call.getType());
    return Strict.of(operand, a -> result.apply(a instanceof Double d ? Math.signum(d)
        : (Object) Coercion.toDecimal(a, SqlTypeName.DECIMAL).signum()));
  }

  /**
   * A function of doubles, such as EXP, SIN or ATAN2: its argument outside the function's domain is
   * an error, as SQL says, never the NaN Java gives.
   */
  static Scalar real(List<Scalar> operands, DoubleFunction function) {
    return Strict.of(operands, values -> {
      double[] arguments = new double[values.length];
      for (int i = 0; i < values.length; i++) {
        arguments[i] = ((Number) values[i]).doubleValue();
      }
      return Arithmetic.finite(function.apply(arguments));
    });
  }

  /** LN and LOG10, whose argument must be positive (2201E otherwise). */
  static double logarithm(double value, DoubleUnaryOperator log) {
    if (!(value > 0)) {
      throw new KeycondException(SqlState.INVALID_ARGUMENT_FOR_LOGARITHM,
          "the logarithm of " + value + " is not defined: its argument must be greater than 0");
    }
    return log.applyAsDouble(value);
  }

  /** ASIN and ACOS, whose argument lies between -1 and 1 (22003 otherwise). */
  static double inverseSine(double value, DoubleUnaryOperator function, String name) {
    if (!(value >= -1 && value <= 1)) {
      throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE,
          name + "(" + value + ") is not defined: its argument must lie between -1 and 1");
    }
    return function.applyAsDouble(value);
  }

  /** COT: the tangent's inverse, whose pole (a tangent of 0) is a division by zero (22012). */
  static double cotangent(double value) {
    double tangent = Math.tan(value);
    if (tangent == 0) {
      throw new KeycondException(SqlState.DIVISION_BY_ZERO, "COT(" + value + ") is a division by zero");
    }
    return 1 / tangent;
  }

  /** A function of double arguments. */
  @FunctionalInterface
  interface DoubleFunction {
    double apply(double[] arguments);
  }

  private static Arithmetic family(RexCall call) {
    List<RelDataType> types = new ArrayList<>(RexUtil.types(call.getOperands()));
    types.add(call.getType());
    return Arithmetic.widest(types);
  }
}
