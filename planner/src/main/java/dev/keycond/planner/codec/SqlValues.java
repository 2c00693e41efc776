package dev.keycond.planner.codec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ColumnType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * keycond's internal value representation, and conversions into it from literals and parameters.
 *
 * <p>Values are: String (CHAR, VARCHAR), Integer (TINYINT, SMALLINT, INTEGER), Long (BIGINT),
 * BigDecimal (DECIMAL), Double (REAL, FLOAT, DOUBLE), Boolean, {@link ByteString} (BINARY,
 * VARBINARY), {@link LocalDate} (DATE), {@link LocalTime} (TIME), UTC {@link LocalDateTime}
 * (TIMESTAMP), or null.
 */
public final class SqlValues {
  /** SQL's text form of a time: seconds always, fractions only when there are any. */
  private static final DateTimeFormatter TIME_TEXT = new DateTimeFormatterBuilder()
      .appendPattern("HH:mm:ss")
      .optionalStart()
      .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
      .toFormatter();
  private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
      .appendPattern("uuuu-MM-dd ")
      .append(TIME_TEXT)
      .toFormatter();

  private SqlValues() {}

  /** A literal's value in the internal representation of its own type. */
  public static Object fromLiteral(RexLiteral literal) {
    if (literal.isNull()) {
      return null;
    }
    return coerce(rawLiteralValue(literal), literal.getType().getSqlTypeName());
  }

  private static Object rawLiteralValue(RexLiteral literal) {
    switch (literal.getType().getSqlTypeName()) {
      case CHAR:
      case VARCHAR:
        return literal.getValueAs(String.class);
      case DATE:
        return LocalDate.ofEpochDay(literal.getValueAs(DateString.class).getDaysSinceEpoch());
      case TIME:
        return LocalTime.parse(literal.getValueAs(TimeString.class).toString());
      case TIMESTAMP:
        TimestampString ts = literal.getValueAs(TimestampString.class);
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(ts.getMillisSinceEpoch()), ZoneOffset.UTC)
            .withNano(nanos(ts.toString()));
      default:
        Comparable<?> value = literal.getValue();
        return value instanceof NlsString nls ? nls.getValue() : value;
    }
  }

  private static int nanos(String timestamp) {
    int dot = timestamp.indexOf('.');
    if (dot < 0) {
      return 0;
    }
    String fraction = (timestamp.substring(dot + 1) + "000000000").substring(0, 9);
    return Integer.parseInt(fraction);
  }

  /**
   * Converts a value to the representation of {@code target}.
   *
   * @throws KeycondException with a class 22 state when the value cannot be represented
   */
  public static Object coerce(Object value, SqlTypeName target) {
    if (value == null) {
      return null;
    }
    try {
      switch (target) {
        case CHAR:
        case VARCHAR:
          return toText(value);
        case TINYINT:
        case SMALLINT:
        case INTEGER:
          return whole(value, target).intValueExact();
        case BIGINT:
          return whole(value, target).longValueExact();
        case DECIMAL:
          return toBigDecimal(value);
        case REAL:
        case FLOAT:
        case DOUBLE:
          return value instanceof Number n ? n.doubleValue() : Double.valueOf(value.toString().trim());
        case BOOLEAN:
          return toBoolean(value);
        case BINARY:
        case VARBINARY:
          return toBytes(value);
        case DATE:
          return toDate(value);
        case TIME:
          return toTime(value);
        case TIMESTAMP:
          return toTimestamp(value);
        default:
          return value;
      }
    } catch (ArithmeticException e) {
      throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE,
          "Value " + describe(value) + " is out of range for " + target, e);
    } catch (DateTimeParseException e) {
      throw new KeycondException(SqlState.INVALID_DATETIME,
          "Value " + describe(value) + " is not a valid " + target, e);
    } catch (NumberFormatException | ClassCastException e) {
      throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE,
          "Value " + describe(value) + " cannot be converted to " + target, e);
    }
  }

  /**
   * Whether {@code value} is a number with a fraction given for an integer type ({@code 42.5} for
   * an INTEGER parameter). No value of the type equals it, yet SQL compares numbers by value, so a
   * comparison with it is simply false, as with the literal.
   */
  public static boolean isFractionForInteger(Object value, SqlTypeName type) {
    return isIntegerType(type) && value instanceof Number n && !(value instanceof Double d && !Double.isFinite(d))
        && hasFraction(toBigDecimal(n));
  }

  /**
   * Whether {@code value} is a number that no value of the integer type equals: a fraction, or a
   * number past the type's range (99999999999999999999 for a BIGINT parameter). Like a literal, such
   * a parameter is compared by value, and matches nothing.
   */
  public static boolean isNoValueOfInteger(Object value, SqlTypeName type) {
    if (isFractionForInteger(value, type)) {
      return true;
    }
    if (!isIntegerType(type) || !(value instanceof Number n) || value instanceof Double d && !Double.isFinite(d)) {
      return false;
    }
    try {
      coerce(value, type);
      return false;
    } catch (KeycondException outOfRange) {
      return true;
    }
  }

  private static boolean isIntegerType(SqlTypeName type) {
    return type == SqlTypeName.TINYINT || type == SqlTypeName.SMALLINT
        || type == SqlTypeName.INTEGER || type == SqlTypeName.BIGINT;
  }

  /**
   * A number for an integer type, refused when it has a fraction: rounding it would write a value
   * nobody gave (text such as '2.5' included; a number past the type's range is 22003 after this).
   */
  private static BigDecimal whole(Object value, Object target) {
    BigDecimal number = toBigDecimal(value);
    if (hasFraction(number)) {
      throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE,
          "Value " + describe(value) + " has a fraction, which " + target + " cannot hold");
    }
    return number;
  }

  /** Whether a number is not whole: 2.5 is not, 2.0 and 0.000 are. */
  public static boolean hasFraction(BigDecimal number) {
    return number.stripTrailingZeros().scale() > 0;
  }

  /**
   * The refusal of a number with a fraction written into a column of whole numbers, where a cast
   * would truncate it: a write never rounds a value nobody gave.
   */
  public static KeycondException fractionForWholeNumbers(String column, Object value) {
    return new KeycondException(SqlState.INVALID_CHARACTER_VALUE, "Column '" + column + "' holds whole numbers, and "
        + describe(value) + " has a fraction: ROUND, FLOOR or CEIL it to say how it is rounded");
  }

  /** Converts a value for use against a column of {@code type}. */
  public static Object toColumnValue(Object value, ColumnType type) {
    return coerce(value, sqlTypeName(type));
  }

  /** The SQL type of a column of {@code type}: a JSON column's is VARCHAR, a set's an ARRAY. */
  public static SqlTypeName sqlTypeName(ColumnType type) {
    return switch (type) {
      case VARCHAR, JSON -> SqlTypeName.VARCHAR;
      case DECIMAL -> SqlTypeName.DECIMAL;
      case BIGINT -> SqlTypeName.BIGINT;
      case INTEGER -> SqlTypeName.INTEGER;
      case DOUBLE -> SqlTypeName.DOUBLE;
      case BOOLEAN -> SqlTypeName.BOOLEAN;
      case VARBINARY -> SqlTypeName.VARBINARY;
      case TIMESTAMP -> SqlTypeName.TIMESTAMP;
      case DATE -> SqlTypeName.DATE;
      case STRING_SET, NUMBER_SET, BINARY_SET -> SqlTypeName.ARRAY;
    };
  }

  private static String describe(Object value) {
    return value instanceof String s ? "'" + s + "'" : String.valueOf(value);
  }

  private static LocalTime toTime(Object value) {
    if (value instanceof LocalTime t) {
      return t;
    }
    if (value instanceof LocalDateTime t) {
      return t.toLocalTime();
    }
    return LocalTime.parse(value.toString().trim());
  }

  private static String toText(Object value) {
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof List<?> set) {
      // A set reads as a JSON array, like the maps and lists in JSON columns.
      return DynamoJson.setText(set);
    }
    if (value instanceof LocalDateTime t) {
      return TIMESTAMP_TEXT.format(t);
    }
    if (value instanceof LocalTime t) {
      return TIME_TEXT.format(t);
    }
    return value.toString();
  }

  private static BigDecimal toBigDecimal(Object value) {
    if (value instanceof BigDecimal d) {
      return d;
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new ArithmeticException(d + " is not a finite number");
      }
      return new BigDecimal(Double.toString(d));
    }
    if (value instanceof Boolean) {
      throw new ClassCastException("boolean is not a number");
    }
    return new BigDecimal(value.toString().trim());
  }

  private static Boolean toBoolean(Object value) {
    if (value instanceof Boolean b) {
      return b;
    }
    String s = value.toString().trim();
    if (s.equalsIgnoreCase("true")) {
      return true;
    }
    if (s.equalsIgnoreCase("false")) {
      return false;
    }
    throw new NumberFormatException("'" + s + "' is not a boolean");
  }

  private static ByteString toBytes(Object value) {
    if (value instanceof ByteString b) {
      return b;
    }
    if (value instanceof byte[] bytes) {
      return new ByteString(bytes);
    }
    throw new ClassCastException(value.getClass().getSimpleName() + " is not binary");
  }

  private static LocalDate toDate(Object value) {
    if (value instanceof LocalDate d) {
      return d;
    }
    if (value instanceof LocalDateTime t) {
      return t.toLocalDate();
    }
    return IsoForms.date(value.toString().trim());
  }

  private static LocalDateTime toTimestamp(Object value) {
    if (value instanceof LocalDateTime t) {
      return t;
    }
    if (value instanceof LocalDate d) {
      return d.atStartOfDay();
    }
    return Timestamps.parse(value.toString().trim());
  }
}
