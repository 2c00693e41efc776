package dev.keycond.jdbc;

import java.time.Duration;
import java.time.Period;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * What JDBC gives for a result column that is an interval ({@code ts - INTERVAL '1' DAY} is not
 * one; {@code INTERVAL '90' MINUTE * 2} and {@code (b - a) DAY} are): keycond computes an interval
 * as a count of milliseconds, or of months for years and months, and a caller should see neither
 * count. {@code getString} gives the interval as SQL writes it, at its column's fields
 * ({@code INTERVAL '3' DAY}, {@code INTERVAL '1:30' HOUR TO MINUTE}, {@code INTERVAL '-1-2' YEAR TO
 * MONTH}), which reads back as the same value; {@code getObject} a {@link Duration}, or a
 * {@link Period} of years and months.
 */
final class IntervalValues {
  /** The fields of a day-time interval, in the order SQL writes them. */
  private static final List<TimeUnit> DAY_TIME_FIELDS =
      List.of(TimeUnit.DAY, TimeUnit.HOUR, TimeUnit.MINUTE, TimeUnit.SECOND);

  private IntervalValues() {}

  static boolean isInterval(SqlTypeName type) {
    return SqlTypeName.INTERVAL_TYPES.contains(type);
  }

  static boolean isYearMonth(SqlTypeName type) {
    return SqlTypeName.YEAR_INTERVAL_TYPES.contains(type);
  }

  /** The Java class {@link #object} gives for an interval of this type. */
  static Class<?> javaClass(SqlTypeName type) {
    return isYearMonth(type) ? Period.class : Duration.class;
  }

  /** A Duration of the milliseconds, or a Period of the months in years and months. */
  static Object object(long count, SqlTypeName type) {
    return isYearMonth(type) ? Period.ofMonths(Math.toIntExact(count)).normalized() : Duration.ofMillis(count);
  }

  /** The type as SQL writes it: {@code INTERVAL DAY}, {@code INTERVAL HOUR TO MINUTE}. */
  static String typeName(SqlTypeName type) {
    return "INTERVAL " + qualifier(type);
  }

  /** The interval as a SQL literal at the fields of its type. */
  static String text(long count, SqlTypeName type) {
    TimeUnit start = type.getStartUnit();
    TimeUnit end = end(type);
    String sign = count < 0 ? "-" : "";
    // A long's smallest value has no positive counterpart; no interval keycond computes reaches it.
    long magnitude = Math.abs(count);
    String fields = isYearMonth(type) ? yearMonth(magnitude, start, end) : dayTime(magnitude, start, end);
    return "INTERVAL '" + sign + fields + "' " + qualifier(type);
  }

  private static String qualifier(SqlTypeName type) {
    TimeUnit start = type.getStartUnit();
    TimeUnit end = end(type);
    return start.name() + (end == start ? "" : " TO " + end.name());
  }

  private static TimeUnit end(SqlTypeName type) {
    return type.getEndUnit() == null ? type.getStartUnit() : type.getEndUnit();
  }

  private static String yearMonth(long months, TimeUnit start, TimeUnit end) {
    if (start == TimeUnit.MONTH) {
      return Long.toString(months);
    }
    return end == TimeUnit.MONTH ? months / 12 + "-" + months % 12 : Long.toString(months / 12);
  }

  private static String dayTime(long millis, TimeUnit start, TimeUnit end) {
    StringBuilder text = new StringBuilder();
    text.append(millis / unitMillis(start));
    long rest = millis % unitMillis(start);
    int first = DAY_TIME_FIELDS.indexOf(start);
    for (TimeUnit unit : DAY_TIME_FIELDS.subList(first + 1, DAY_TIME_FIELDS.indexOf(end) + 1)) {
      long value = rest / unitMillis(unit);
      rest %= unitMillis(unit);
      text.append(unit == TimeUnit.HOUR ? ' ' : ':').append(value < 10 ? "0" : "").append(value);
    }
    if (end == TimeUnit.SECOND && rest > 0) {
      text.append('.').append(String.format(Locale.ROOT, "%03d", rest).replaceAll("0+$", ""));
    }
    return text.toString();
  }

  /** Milliseconds in one of a day-time field: Calcite's multiplier of the unit. */
  private static long unitMillis(TimeUnit unit) {
    return unit.multiplier.longValueExact();
  }
}
