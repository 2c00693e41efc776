package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
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

  /**
   * SQL's functions of one double, by name, each refusing an argument outside its domain as SQL
   * says, never giving the NaN or infinity Java would.
   */
  private static final Map<String, DoubleUnaryOperator> OF_ONE_DOUBLE = Map.ofEntries(
      Map.entry("EXP", Math::exp),
      Map.entry("LN", x -> logarithm(x, Math::log)),
      Map.entry("LOG10", x -> logarithm(x, Math::log10)),
      Map.entry("DEGREES", Math::toDegrees),
      Map.entry("RADIANS", Math::toRadians),
      Map.entry("SIN", Math::sin),
      Map.entry("COS", Math::cos),
      Map.entry("TAN", Math::tan),
      Map.entry("COT", NumericFunctions::cotangent),
      Map.entry("ASIN", x -> inverseSine(x, Math::asin, "ASIN")),
      Map.entry("ACOS", x -> inverseSine(x, Math::acos, "ACOS")),
      Map.entry("ATAN", Math::atan));

  /** POWER and ATAN2: a function of two doubles whose result must be a finite number. */
  static Scalar ofTwoDoubles(Scalar a, Scalar b, DoubleBinaryOperator function) {
    return Strict.of(a, b,
        (x, y) -> Arithmetic.finite(function.applyAsDouble(((Number) x).doubleValue(), ((Number) y).doubleValue())));
  }

  /** The function of one double of that name ({@code EXP}, {@code SIN}...) over {@code operands}, if it is one. */
  static Optional<Scalar> ofOneDouble(String name, List<Scalar> operands) {
    DoubleUnaryOperator function = OF_ONE_DOUBLE.get(name);
    if (function == null || operands.size() != 1) {
      return Optional.empty();
    }
    return Optional.of(Strict.of(operands.get(0),
        x -> Arithmetic.finite(function.applyAsDouble(((Number) x).doubleValue()))));
  }

  /** SIGN: -1, 0 or 1, of the operand's own type. */
  static Scalar sign(RexCall call, Scalar operand) {
    UnaryOperator<Object> result = Coercion.to(call.getType());
    return Strict.of(operand, a -> result.apply(a instanceof Double d ? Math.signum(d)
        : (Object) Coercion.toDecimal(a, SqlTypeName.DECIMAL).signum()));
  }

  /** LN and LOG10, whose argument must be positive (2201E otherwise). */
  private static double logarithm(double value, DoubleUnaryOperator log) {
    if (!(value > 0)) {
      throw new KeycondException(SqlState.INVALID_ARGUMENT_FOR_LOGARITHM,
          "the logarithm of " + value + " is not defined: its argument must be greater than 0");
    }
    return log.applyAsDouble(value);
  }

  /** ASIN and ACOS, whose argument lies between -1 and 1 (22003 otherwise). */
  private static double inverseSine(double value, DoubleUnaryOperator function, String name) {
    if (!(value >= -1 && value <= 1)) {
      throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE,
          name + "(" + value + ") is not defined: its argument must lie between -1 and 1");
    }
    return function.applyAsDouble(value);
  }

  /** COT: the tangent's inverse, whose pole (a tangent of 0) is a division by zero (22012). */
  private static double cotangent(double value) {
    double tangent = Math.tan(value);
    if (tangent == 0) {
      throw new KeycondException(SqlState.DIVISION_BY_ZERO, "COT(" + value + ") is a division by zero");
    }
    return 1 / tangent;
  }

  private static Arithmetic family(RexCall call) {
    List<RelDataType> types = new ArrayList<>(RexUtil.types(call.getOperands()));
    types.add(call.getType());
    return Arithmetic.widest(types);
  }
}
