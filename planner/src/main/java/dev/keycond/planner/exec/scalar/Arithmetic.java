package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.schema.SqlTypes;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.function.LongBinaryOperator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Arithmetic on SQL numbers. An operation runs in the widest family of its operands and result:
 * operands are first widened (to Long, BigDecimal or Double), and results stay wide until the
 * caller converts them into the expression's type with {@link Coercion}, which checks the range.
 * That is also what lets SUM and AVG accumulate past the range of their result type.
 */
public enum Arithmetic {
  /** TINYINT to BIGINT, computed in long. Overflow is an error rather than a wrap-around. */
  INTEGER {
    @Override
    public Object widen(Object number) {
      return ((Number) number).longValue();
    }

    @Override
    public Object add(Object a, Object b) {
      return exact(Math::addExact, a, b);
    }

    @Override
    Object subtract(Object a, Object b) {
      return exact(Math::subtractExact, a, b);
    }

    @Override
    Object multiply(Object a, Object b) {
      return exact(Math::multiplyExact, a, b);
    }

    /** Integer division truncates toward zero, as Calcite's does. */
    @Override
    public Object divide(Object a, Object b) {
      long divisor = (Long) b;
      if (divisor == 0) {
        throw divisionByZero();
      }
      if (divisor == -1) {
        return exact(Math::multiplyExact, a, b);
      }
      return (Long) a / divisor;
    }

    @Override
    Object remainder(Object a, Object b) {
      long divisor = (Long) b;
      if (divisor == 0) {
        throw divisionByZero();
      }
      return (Long) a % divisor;
    }

    @Override
    Object negate(Object a) {
      return exact((x, y) -> Math.negateExact(x), a, a);
    }

    @Override
    Object abs(Object a) {
      return exact((x, y) -> Math.absExact(x), a, a);
    }
  },

  DECIMAL {
    @Override
    public Object widen(Object number) {
      return Coercion.toDecimal(number, SqlTypeName.DECIMAL);
    }

    @Override
    public Object add(Object a, Object b) {
      return ((BigDecimal) a).add((BigDecimal) b);
    }

    @Override
    Object subtract(Object a, Object b) {
      return ((BigDecimal) a).subtract((BigDecimal) b);
    }

    @Override
    Object multiply(Object a, Object b) {
      return ((BigDecimal) a).multiply((BigDecimal) b);
    }

    @Override
    public Object divide(Object a, Object b) {
      BigDecimal divisor = (BigDecimal) b;
      if (divisor.signum() == 0) {
        throw divisionByZero();
      }
      return ((BigDecimal) a).divide(divisor, QUOTIENT);
    }

    @Override
    Object remainder(Object a, Object b) {
      BigDecimal divisor = (BigDecimal) b;
      if (divisor.signum() == 0) {
        throw divisionByZero();
      }
      return ((BigDecimal) a).remainder(divisor);
    }

    @Override
    Object negate(Object a) {
      return ((BigDecimal) a).negate();
    }

    @Override
    Object abs(Object a) {
      return ((BigDecimal) a).abs();
    }
  },

  /**
   * REAL, FLOAT and DOUBLE. Division by zero and overflow are errors here too: DynamoDB cannot
   * store an infinity, and a result must not depend on where it was computed.
   */
  APPROXIMATE {
    @Override
    public Object widen(Object number) {
      return ((Number) number).doubleValue();
    }

    @Override
    public Object add(Object a, Object b) {
      return finite((Double) a + (Double) b);
    }

    @Override
    Object subtract(Object a, Object b) {
      return finite((Double) a - (Double) b);
    }

    @Override
    Object multiply(Object a, Object b) {
      return finite((Double) a * (Double) b);
    }

    @Override
    public Object divide(Object a, Object b) {
      if ((Double) b == 0) {
        throw divisionByZero();
      }
      return finite((Double) a / (Double) b);
    }

    @Override
    Object remainder(Object a, Object b) {
      if ((Double) b == 0) {
        throw divisionByZero();
      }
      return (Double) a % (Double) b;
    }

    @Override
    Object negate(Object a) {
      return -(Double) a;
    }

    @Override
    Object abs(Object a) {
      return Math.abs((Double) a);
    }
  };

  /**
   * Exact quotients keep as many significant digits as a DynamoDB number holds, wherever the point
   * is: {@code 1E-21 / 3} is {@code 3.33…E-22}, not a zero cut at some fixed scale.
   */
  private static final MathContext QUOTIENT = new MathContext(SqlTypes.DECIMAL_PRECISION, RoundingMode.HALF_UP);

  /** The family arithmetic on values of {@code type} runs in. */
  public static Arithmetic of(RelDataType type) {
    if (SqlTypeUtil.isInterval(type)) {
      // An interval is a whole count of months or of milliseconds: TIMESTAMPADD(DAY, n, t) is t + n * INTERVAL '1' DAY.
      return INTEGER;
    }
    switch (type.getSqlTypeName()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return INTEGER;
      case DECIMAL:
        return DECIMAL;
      case REAL:
      case FLOAT:
      case DOUBLE:
        return APPROXIMATE;
      default:
        throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED,
            "keycond does not evaluate arithmetic on " + type.getSqlTypeName() + " values yet");
    }
  }

  /** The family that holds values of every one of {@code types} without loss; NULL literals do not count. */
  public static Arithmetic widest(Iterable<RelDataType> types) {
    Arithmetic widest = INTEGER;
    for (RelDataType type : types) {
      if (type.getSqlTypeName() != SqlTypeName.NULL) {
        Arithmetic family = of(type);
        widest = family.compareTo(widest) > 0 ? family : widest;
      }
    }
    return widest;
  }

  /** A number in this family's representation. */
  public abstract Object widen(Object number);

  /** The sum of two widened values. */
  public abstract Object add(Object a, Object b);

  abstract Object subtract(Object a, Object b);

  abstract Object multiply(Object a, Object b);

  /** The quotient of two widened values. */
  public abstract Object divide(Object a, Object b);

  abstract Object remainder(Object a, Object b);

  abstract Object negate(Object a);

  abstract Object abs(Object a);

  private static Object exact(LongBinaryOperator operation, Object a, Object b) {
    try {
      return operation.applyAsLong((Long) a, (Long) b);
    } catch (ArithmeticException e) {
      throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE, "integer overflow", e);
    }
  }

  static Object finite(double value) {
    if (!Double.isFinite(value)) {
      throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE, "floating-point overflow");
    }
    return value;
  }

  private static KeycondException divisionByZero() {
    return new KeycondException(SqlState.DIVISION_BY_ZERO, "division by zero");
  }
}
