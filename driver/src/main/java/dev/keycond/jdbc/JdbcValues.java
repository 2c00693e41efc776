package dev.keycond.jdbc;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Converts keycond's internal values to what JDBC getters return, and JDBC setter arguments to
 * internal values. A value that does not fit is an SQLException with a class 22 state, never a
 * silently wrong number.
 */
final class JdbcValues {
  private JdbcValues() {}

  /**
   * getObject: a value as JDBC gives one of a column of {@code type}. keycond computes REAL in
   * doubles, and JDBC gives a REAL as a Float, as the column's metadata says.
   */
  static Object toJdbc(Object value, SqlTypeName type) {
    if (value instanceof Number number && IntervalValues.isInterval(type)) {
      return IntervalValues.object(number.longValue(), type);
    }
    return type == SqlTypeName.REAL && value instanceof Number number ? number.floatValue() : toJdbc(value);
  }

  /** The natural Java object for {@code getObject}, whatever the column (an array's members). */
  static Object toJdbc(Object value) {
    if (value instanceof List<?> list) {
      return KeycondArray.of(list);
    }
    if (value instanceof ByteString b) {
      return b.getBytes();
    }
    if (value instanceof LocalDateTime t) {
      return timestamp(t);
    }
    if (value instanceof LocalDate d) {
      return Date.valueOf(d);
    }
    if (value instanceof LocalTime t) {
      return Time.valueOf(t);
    }
    return value;
  }

  /**
   * A TIMESTAMP value, a UTC wall-clock time, as the instant it names: a {@link Timestamp} is an
   * instant (shown in the JVM's time zone), and DynamoDB's items hold UTC times, which other
   * programs read as instants; so a Timestamp written and read back, from any JVM, is the same
   * instant, as an {@link Instant} or an {@link OffsetDateTime} is.
   */
  static Timestamp timestamp(LocalDateTime utc) {
    return Timestamp.from(utc.toInstant(ZoneOffset.UTC));
  }

  /**
   * getTimestamp: a TIMESTAMP's instant ({@link #timestamp(LocalDateTime)}), or a DATE's first
   * instant in {@code zone}, the JVM's unless a Calendar gives another: a date names a day, not an
   * instant, and JDBC reads it at the midnight that starts it where the reader is, as getDate does.
   */
  static Timestamp toJdbcTimestamp(Object value, String column, ZoneId zone) throws SQLException {
    if (value instanceof LocalDate date) {
      return Timestamp.from(date.atStartOfDay(zone).toInstant());
    }
    return timestamp(toTimestamp(value, column));
  }

  /** getDate: the day, as a java.sql.Date at the midnight that starts it in {@code zone}. */
  static Date toJdbcDate(Object value, String column, ZoneId zone) throws SQLException {
    return new Date(toDate(value, column).atStartOfDay(zone).toInstant().toEpochMilli());
  }

  /**
   * The day a moment falls on, for a DATE parameter: where its own offset or zone puts it, else where
   * the JVM is (a Timestamp's or a java.util.Date's day is the one they show); empty for a value
   * that is no moment.
   */
  private static Optional<LocalDate> dayOf(Object value) {
    if (value instanceof Timestamp t) {
      return Optional.of(t.toLocalDateTime().toLocalDate());
    }
    if (value instanceof java.util.Date d && !(value instanceof Date) && !(value instanceof Time)) {
      return Optional.of(LocalDate.ofInstant(Instant.ofEpochMilli(d.getTime()), ZoneId.systemDefault()));
    }
    if (value instanceof Instant i) {
      return Optional.of(LocalDate.ofInstant(i, ZoneId.systemDefault()));
    }
    if (value instanceof OffsetDateTime o) {
      return Optional.of(o.toLocalDate());
    }
    if (value instanceof ZonedDateTime z) {
      return Optional.of(z.toLocalDate());
    }
    return Optional.empty();
  }

  /** getString of a column of SQL type {@code type}: {@link #toText(Object)}, an interval as SQL writes one. */
  static String toText(Object value, SqlTypeName type) {
    return value instanceof Number number && IntervalValues.isInterval(type)
        ? IntervalValues.text(number.longValue(), type)
        : toText(value);
  }

  /** getString: the same text as CAST(value AS VARCHAR) (binary as hex, sets as JSON arrays). */
  static String toText(Object value) {
    return (String) SqlValues.coerce(value, SqlTypeName.VARCHAR);
  }

  static BigDecimal toDecimal(Object value, String column) throws SQLException {
    if (value instanceof ByteString) {
      // Its text is hex, which would read as some other number.
      throw conversion(value, "a number", column, null);
    }
    try {
      return (BigDecimal) SqlValues.coerce(value instanceof Boolean b ? (b ? 1 : 0) : value, SqlTypeName.DECIMAL);
    } catch (KeycondException e) {
      throw conversion(value, "a number", column, e);
    }
  }

  static long toLong(Object value, String column, long min, long max) throws SQLException {
    if (value == null) {
      return 0;
    }
    if ((value instanceof Integer || value instanceof Long) && ((Number) value).longValue() >= min
        && ((Number) value).longValue() <= max) {
      return ((Number) value).longValue();
    }
    BigDecimal d = toDecimal(value, column);
    try {
      long n = d.setScale(0, java.math.RoundingMode.DOWN).longValueExact();
      if (n < min || n > max) {
        throw new ArithmeticException();
      }
      return n;
    } catch (ArithmeticException e) {
      throw SqlState.NUMERIC_OUT_OF_RANGE.toException(
          "Value " + d.toPlainString() + " of column '" + column + "' is out of range for the requested type", e);
    }
  }

  static double toDouble(Object value, String column) throws SQLException {
    if (value == null) {
      return 0;
    }
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    return toDecimal(value, column).doubleValue();
  }

  static boolean toBoolean(Object value, String column) throws SQLException {
    if (value == null) {
      return false;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof Number n) {
      return toDecimal(n, column).signum() != 0;
    }
    String s = value.toString().trim();
    if (s.equalsIgnoreCase("true") || s.equals("1")) {
      return true;
    }
    if (s.equalsIgnoreCase("false") || s.equals("0")) {
      return false;
    }
    throw conversion(value, "a boolean", column, null);
  }

  static byte[] toBytes(Object value, String column) throws SQLException {
    if (value == null) {
      return null;
    }
    if (value instanceof ByteString b) {
      return b.getBytes();
    }
    if (value instanceof String s) {
      return s.getBytes(StandardCharsets.UTF_8);
    }
    throw conversion(value, "binary data", column, null);
  }

  static LocalDateTime toTimestamp(Object value, String column) throws SQLException {
    try {
      return (LocalDateTime) SqlValues.coerce(value, SqlTypeName.TIMESTAMP);
    } catch (KeycondException | ClassCastException e) {
      throw conversion(value, "a timestamp", column, e);
    }
  }

  static LocalDate toDate(Object value, String column) throws SQLException {
    try {
      return (LocalDate) SqlValues.coerce(value, SqlTypeName.DATE);
    } catch (KeycondException | ClassCastException e) {
      throw conversion(value, "a date", column, e);
    }
  }

  static LocalTime toTime(Object value, String column) throws SQLException {
    try {
      return (LocalTime) SqlValues.coerce(value, SqlTypeName.TIME);
    } catch (KeycondException | ClassCastException e) {
      throw conversion(value, "a time", column, e);
    }
  }

  /** {@code getObject(column, type)} of a column of SQL type {@code columnType}. */
  static <T> T as(Object value, SqlTypeName columnType, Class<T> type, String column) throws SQLException {
    if (type == null) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("getObject needs the class to read column '" + column
          + "' as; it was given null.", null);
    }
    if (value == null) {
      return null;
    }
    Object result;
    if (type == Object.class) {
      result = toJdbc(value, columnType);
    } else if (type == String.class) {
      result = toText(value, columnType);
    } else if (type == Integer.class) {
      result = (int) toLong(value, column, Integer.MIN_VALUE, Integer.MAX_VALUE);
    } else if (type == Long.class) {
      result = toLong(value, column, Long.MIN_VALUE, Long.MAX_VALUE);
    } else if (type == Short.class) {
      result = (short) toLong(value, column, Short.MIN_VALUE, Short.MAX_VALUE);
    } else if (type == Double.class) {
      result = toDouble(value, column);
    } else if (type == Float.class) {
      result = (float) toDouble(value, column);
    } else if (type == BigDecimal.class) {
      result = toDecimal(value, column);
    } else if (type == Boolean.class) {
      result = toBoolean(value, column);
    } else if (type == byte[].class) {
      result = toBytes(value, column);
    } else if (type == LocalDateTime.class) {
      result = toTimestamp(value, column);
    } else if (type == LocalDate.class) {
      result = toDate(value, column);
    } else if (type == LocalTime.class) {
      result = toTime(value, column);
    } else if (type == Instant.class) {
      result = toTimestamp(value, column).toInstant(ZoneOffset.UTC);
    } else if (type == OffsetDateTime.class) {
      result = toTimestamp(value, column).atOffset(ZoneOffset.UTC);
    } else if (type == ZonedDateTime.class) {
      result = toTimestamp(value, column).atZone(ZoneOffset.UTC);
    } else if (type == Timestamp.class || type == java.util.Date.class) {
      // A java.util.Date is read as what getTimestamp gives, which is one.
      result = toJdbcTimestamp(value, column, ZoneId.systemDefault());
    } else if (type == Date.class) {
      result = Date.valueOf(toDate(value, column));
    } else if (type == Time.class) {
      result = Time.valueOf(toTime(value, column));
    } else if (type.isInstance(value)) {
      result = value;
    } else {
      // What getObject gives, asked for by its class: an interval's Duration or Period, an Array.
      result = toJdbc(value, columnType);
      if (!type.isInstance(result)) {
        throw conversion(value, type.getSimpleName(), column, null);
      }
    }
    return type.cast(result);
  }

  /** A set's members as internal values: binary ones as ByteStrings. */
  private static List<Object> members(Collection<?> members) {
    List<Object> internal = new ArrayList<>(members.size());
    for (Object member : members) {
      internal.add(member instanceof byte[] bytes ? new ByteString(bytes) : member);
    }
    return internal;
  }

  /** A JDBC setter's argument as an internal value of the parameter's type. */
  static Object fromJdbc(Object value, SqlTypeName type) {
    Object internal = value;
    Optional<LocalDate> day = type == SqlTypeName.DATE ? dayOf(value) : Optional.empty();
    if (day.isPresent()) {
      internal = day.get();
    } else if (value instanceof Object[] members) {
      // A set column's value: an array (setObject, or setArray's), a Collection or a List alike.
      internal = members(Arrays.asList(members));
    } else if (value instanceof Collection<?> members) {
      internal = members(members);
    } else if (value instanceof byte[] bytes) {
      if (type == SqlTypeName.VARCHAR || type == SqlTypeName.CHAR) {
        // Stored as the hex text of the bytes, it would read back as other bytes.
        throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE, "Binary data (" + bytes.length + " bytes) "
            + "cannot be converted to " + type + ": a character column holds text, and the bytes would be stored as "
            + "their hex digits. Give the text (setString), or map the column as VARBINARY");
      }
      internal = new ByteString(bytes);
    } else if (value instanceof Timestamp t) {
      internal = LocalDateTime.ofInstant(t.toInstant(), ZoneOffset.UTC);
    } else if (value instanceof Date d) {
      internal = d.toLocalDate();
    } else if (value instanceof Time t) {
      internal = t.toLocalTime();
    } else if (value instanceof java.util.Date d) {
      internal = LocalDateTime.ofInstant(d.toInstant(), ZoneOffset.UTC);
    } else if (value instanceof Instant i) {
      internal = LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    } else if (value instanceof OffsetDateTime o) {
      internal = o.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
    } else if (value instanceof ZonedDateTime z) {
      internal = LocalDateTime.ofInstant(z.toInstant(), ZoneOffset.UTC);
    } else if (value instanceof Short || value instanceof Byte) {
      internal = ((Number) value).intValue();
    } else if (value instanceof Float f) {
      // The float's shortest text, 0.1 for 0.1f, not its binary value widened (0.10000000149011612).
      internal = Float.isFinite(f) ? new BigDecimal(Float.toString(f)) : f.doubleValue();
    } else if (value instanceof Character c) {
      internal = c.toString();
    }
    if (SqlValues.isNoValueOfInteger(internal, type)) {
      // Kept exact: compared with an integer it equals nothing, like the literal 42.5 or
      // 99999999999999999999 would; any other use of it is refused where it is used.
      return SqlValues.coerce(internal, SqlTypeName.DECIMAL);
    }
    return type == SqlTypeName.ANY || type == SqlTypeName.NULL ? internal : SqlValues.coerce(internal, type);
  }

  private static SQLException conversion(Object value, String target, String column, Throwable cause) {
    String shown = value instanceof String s ? "'" + s + "'" : String.valueOf(value);
    return SqlState.INVALID_CHARACTER_VALUE.toException(
        "Value " + shown + " of column '" + column + "' cannot be read as " + target, cause);
  }
}
