package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.schema.KeycondTypeSystem;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.function.UnaryOperator;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Converts values into the internal representation of a SQL type (see {@link SqlValues}).
 *
 * <p>Every conversion follows CAST in what it must do to change representation: a fractional number
 * becomes an integer by truncation toward zero, and a number that does not fit an integer type
 * raises 22003.
 *
 * <p>Only an explicit CAST applies the rest of the type: a DECIMAL(p,s) is rounded HALF_UP to
 * exactly s digits and must fit p, a TIMESTAMP(p) or TIME(p) keeps p fractional digits, CHAR(n) is
 * padded with spaces and VARCHAR(n) cut to n characters. The type of an N column is no DECIMAL(p,s)
 * but a DynamoDB number, whose values keep their own scale: a cast to it, such as the one Calcite
 * puts around a value written into the column, keeps the number exactly, and the number is checked
 * against what DynamoDB holds where it is encoded ({@code ItemCodec.encode}). Implicit conversions (a CASE branch, an
 * aggregate result) leave that alone: DynamoDB may hold values with more digits than the declared
 * type, and {@code MIN(x)} must return the same value that {@code x} does.
 */
public final class Coercion {
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private Coercion() {}

  /** How much of the target type a conversion applies. */
  private enum Mode {
    IMPLICIT,
    EXPLICIT
  }

  /** The implicit conversion into {@code type}'s representation; null stays null. */
  public static UnaryOperator<Object> to(RelDataType type) {
    return nullSafe(converter(type, Mode.IMPLICIT));
  }

  /** The conversion of {@code CAST(x AS type)}; null stays null. */
  public static UnaryOperator<Object> cast(RelDataType type) {
    return nullSafe(converter(type, Mode.EXPLICIT));
  }

  /**
   * A value written into a column of whole numbers, refused when it is a number with a fraction
   * (or the text of one): see {@link ScalarCompiler#compileAssigned}.
   */
  static Object whole(Object value, String column) {
    BigDecimal number = null;
    if (value instanceof Number n && !(value instanceof Double d && !Double.isFinite(d))) {
      number = value instanceof BigDecimal d ? d : new BigDecimal(n.toString());
    } else if (value instanceof String s) {
      try {
        number = new BigDecimal(s.trim());
      } catch (NumberFormatException e) {
        return value; // not a number: the conversion says so
      }
    }
    if (number != null && SqlValues.hasFraction(number)) {
      throw SqlValues.fractionForWholeNumbers(column, value);
    }
    return value;
  }

  /** Whether values of the two types have the same Java representation, so no conversion is needed. */
  static boolean sameRepresentation(RelDataType a, RelDataType b) {
    return representation(a.getSqlTypeName()) == representation(b.getSqlTypeName());
  }

  /** Whether keycond converts values into {@code type}, rather than taking them as they are. */
  static boolean converts(RelDataType type) {
    return converter(type, Mode.IMPLICIT) != null;
  }

  private static UnaryOperator<Object> nullSafe(UnaryOperator<Object> converter) {
    if (converter == null) {
      // Intervals keep their count of months or milliseconds whatever their units; other types
      // (ARRAY, MAP, ANY) have a single representation.
      return UnaryOperator.identity();
    }
    return value -> value == null ? null : converter.apply(value);
  }

  private static UnaryOperator<Object> converter(RelDataType type, Mode mode) {
    SqlTypeName name = type.getSqlTypeName();
    boolean explicit = mode == Mode.EXPLICIT;
    switch (name) {
      case TINYINT:
        return value -> (int) wholeNumber(value, name, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case SMALLINT:
        return value -> (int) wholeNumber(value, name, Short.MIN_VALUE, Short.MAX_VALUE);
      case INTEGER:
        return value -> value instanceof Integer ? value
            : (int) wholeNumber(value, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case BIGINT:
        return value -> value instanceof Long ? value : wholeNumber(value, name, Long.MIN_VALUE, Long.MAX_VALUE);
      case DECIMAL:
        return explicit && !KeycondTypeSystem.isNumberType(type.getPrecision(), type.getScale())
            ? value -> fitDecimal(toDecimal(value, name), type.getPrecision(), type.getScale())
            : value -> toDecimal(value, name);
      case REAL:
        return value -> (double) (float) toDouble(value, name);
      case FLOAT:
      case DOUBLE:
        return value -> value instanceof Double ? value : toDouble(value, name);
      case CHAR:
        return explicit ? value -> padOrCut(toText(value), type.getPrecision()) : Coercion::toText;
      case VARCHAR:
        return explicit ? value -> cut(toText(value), type.getPrecision()) : Coercion::toText;
      case TIME:
        return value -> {
          LocalTime time = (LocalTime) SqlValues.coerce(value, name);
          return explicit ? time.withNano(truncateNanos(time.getNano(), type.getPrecision())) : time;
        };
      case TIMESTAMP:
        return value -> {
          LocalDateTime timestamp = (LocalDateTime) SqlValues.coerce(value, name);
          return explicit ? timestamp.withNano(truncateNanos(timestamp.getNano(), type.getPrecision())) : timestamp;
        };
      case BOOLEAN:
      case DATE:
      case BINARY:
      case VARBINARY:
        return value -> SqlValues.coerce(value, name);
      default:
        return null;
    }
  }

  private static Class<?> representation(SqlTypeName name) {
    switch (name) {
      case CHAR:
      case VARCHAR:
        return String.class;
      case TINYINT:
      case SMALLINT:
      case INTEGER:
        return Integer.class;
      case BIGINT:
        return Long.class;
      case DECIMAL:
        return BigDecimal.class;
      case REAL:
      case FLOAT:
      case DOUBLE:
        return Double.class;
      case BINARY:
      case VARBINARY:
        return ByteString.class;
      case BOOLEAN:
        return Boolean.class;
      case DATE:
        return LocalDate.class;
      case TIMESTAMP:
        return LocalDateTime.class;
      case TIME:
        return LocalTime.class;
      default:
        return Object.class;
    }
  }

  /** A number as a BigDecimal, reading strings as CAST does. */
  static BigDecimal toDecimal(Object value, SqlTypeName target) {
    if (value instanceof BigDecimal d) {
      return d;
    }
    if (value instanceof Integer || value instanceof Long) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof Double d) {
      if (!Double.isFinite(d)) {
        throw outOfRange(value, target);
      }
      return BigDecimal.valueOf(d);
    }
    if (value instanceof String s) {
      try {
        return new BigDecimal(s.trim());
      } catch (NumberFormatException e) {
        throw notConvertible(value, target);
      }
    }
    throw notConvertible(value, target);
  }

  private static long wholeNumber(Object value, SqlTypeName target, long min, long max) {
    long result;
    if (value instanceof Integer || value instanceof Long) {
      result = ((Number) value).longValue();
    } else {
      BigDecimal truncated = toDecimal(value, target).setScale(0, RoundingMode.DOWN);
      if (truncated.compareTo(LONG_MIN) < 0 || truncated.compareTo(LONG_MAX) > 0) {
        throw outOfRange(value, target);
      }
      result = truncated.longValue();
    }
    if (result < min || result > max) {
      throw outOfRange(value, target);
    }
    return result;
  }

  private static BigDecimal fitDecimal(BigDecimal value, int precision, int scale) {
    BigDecimal result = value.setScale(scale, RoundingMode.HALF_UP);
    if (result.signum() != 0 && result.precision() - result.scale() > precision - scale) {
      throw outOfRange(value, SqlTypeName.DECIMAL + "(" + precision + "," + scale + ")");
    }
    return result;
  }

  private static double toDouble(Object value, SqlTypeName target) {
    double result;
    if (value instanceof Number n) {
      result = n.doubleValue();
    } else if (value instanceof String s) {
      try {
        result = Double.parseDouble(s.trim());
      } catch (NumberFormatException e) {
        throw notConvertible(value, target);
      }
    } else {
      throw notConvertible(value, target);
    }
    if (!Double.isFinite(result)) {
      throw outOfRange(value, target);
    }
    return result;
  }

  private static String toText(Object value) {
    return (String) SqlValues.coerce(value, SqlTypeName.VARCHAR);
  }

  /** Lengths count characters (code points), as CHAR_LENGTH does. */
  private static String cut(String text, int length) {
    if (length < 0 || text.codePointCount(0, text.length()) <= length) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, length));
  }

  private static String padOrCut(String text, int length) {
    String cut = cut(text, length);
    int missing = length - cut.codePointCount(0, cut.length());
    return missing > 0 ? cut + " ".repeat(missing) : cut;
  }

  private static int truncateNanos(int nanos, int precision) {
    if (precision < 0 || precision >= 9) {
      return nanos;
    }
    int unit = (int) Math.pow(10, 9 - precision);
    return nanos - nanos % unit;
  }

  private static KeycondException outOfRange(Object value, Object target) {
    return new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE,
        "Value " + describe(value) + " is out of range for " + target);
  }

  private static KeycondException notConvertible(Object value, SqlTypeName target) {
    return new KeycondException(SqlState.INVALID_CHARACTER_VALUE,
        "Value " + describe(value) + " cannot be converted to " + target);
  }

  private static String describe(Object value) {
    return value instanceof String s ? "'" + s + "'" : String.valueOf(value);
  }
}
