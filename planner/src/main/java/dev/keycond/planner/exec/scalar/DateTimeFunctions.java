package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAccessor;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/** Date and time functions. keycond's session time zone is UTC, the zone its TIMESTAMPs are kept in. */
final class DateTimeFunctions {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private DateTimeFunctions() {}

  /**
   * CURRENT_TIMESTAMP, CURRENT_DATE, CURRENT_TIME, LOCALTIMESTAMP and LOCALTIME: the moment the
   * execution started, so that every row of one execution sees the same time.
   */
  static Scalar now(RexCall call) {
    UnaryOperator<Object> toType = Coercion.cast(call.getType());
    return (row, context) -> toType.apply(LocalDateTime.ofInstant(context.startTime(), ZoneOffset.UTC));
  }

  /** {@code EXTRACT(unit FROM datetime)}. */
  static Scalar extract(RexCall call, TimeUnitRange unit, Scalar operand) {
    ToIntFunction<TemporalAccessor> field = field(unit);
    UnaryOperator<Object> toType = Coercion.to(call.getType());
    return Strict.of(operand, value -> toType.apply(
        field.applyAsInt(value instanceof LocalDate date ? date.atStartOfDay() : (TemporalAccessor) value)));
  }

  /** DAYNAME and MONTHNAME: the English name of a date's day of the week or month ({@code Thursday}, {@code January}). */
  static Scalar name(RexCall call, Scalar operand, ChronoField field) {
    if (call.getOperands().get(0).getType().getSqlTypeName() == SqlTypeName.TIME) {
      throw new KeycondException(SqlState.SYNTAX_ERROR, call.getOperator().getName()
          + " takes a DATE or a TIMESTAMP, not a TIME: a time of day has no day or month");
    }
    return Strict.of(operand, value -> {
      TemporalAccessor date = (TemporalAccessor) value;
      return field == ChronoField.DAY_OF_WEEK
          ? DayOfWeek.from(date).getDisplayName(TextStyle.FULL, Locale.ENGLISH)
          : Month.from(date).getDisplayName(TextStyle.FULL, Locale.ENGLISH);
    });
  }

  /**
   * {@code datetime + interval}, {@code interval + datetime} and {@code datetime - interval}. An
   * interval value is a count of months or of milliseconds, depending on its type.
   */
  static Scalar shift(RexCall call, List<Scalar> operands, int sign) {
    List<RexNode> rex = call.getOperands();
    int interval = SqlTypeUtil.isInterval(rex.get(0).getType()) ? 0 : 1;
    boolean months = rex.get(interval).getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
    UnaryOperator<Object> toType = Coercion.to(call.getType());
    return Strict.of(operands.get(1 - interval), operands.get(interval), (datetime, amount) -> toType.apply(
        withinSqlYears(shift(toType.apply(datetime), sign * ((Number) amount).longValue(), months))));
  }

  /**
   * A shifted date or timestamp, checked to lie in the years 1 to 9999 that SQL dates span and
   * their text form shows: beyond them, 22008.
   */
  private static Object withinSqlYears(Object datetime) {
    int year = datetime instanceof LocalDateTime t ? t.getYear() : datetime instanceof LocalDate d ? d.getYear() : 1;
    if (year < 1 || year > 9999) {
      throw overflow();
    }
    return datetime;
  }

  private static KeycondException overflow() {
    return new KeycondException(SqlState.DATETIME_FIELD_OVERFLOW,
        "date arithmetic went past the years 1 to 9999 that a DATE or TIMESTAMP holds");
  }

  /**
   * {@code (end - start) unit}, which is also what {@code TIMESTAMPDIFF} computes: the whole months,
   * or the milliseconds, from {@code start} to {@code end}, negative when {@code end} is earlier. A
   * month is counted only once its day and time are reached, as {@code TIMESTAMPADD} would reach them.
   */
  static Scalar between(RexCall call, Scalar start, Scalar end) {
    boolean startsAtTime = call.getOperands().get(1).getType().getSqlTypeName() == SqlTypeName.TIME;
    if (startsAtTime != (call.getOperands().get(0).getType().getSqlTypeName() == SqlTypeName.TIME)) {
      throw new KeycondException(SqlState.SYNTAX_ERROR, "The difference of a TIME and a DATE or TIMESTAMP (as in "
          + "TIMESTAMPDIFF) has no meaning: a time of day is on no date. Compare two TIMEs, or two of DATE and "
          + "TIMESTAMP (CAST(... AS TIMESTAMP))");
    }
    ChronoUnit unit = call.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH
        ? ChronoUnit.MONTHS : ChronoUnit.MILLIS;
    long whole = countsOfLastField(call.getType().getSqlTypeName());
    return Strict.of(start, end, (from, to) -> {
      long count = unit.between(temporal(from), temporal(to));
      return count - count % whole;
    });
  }

  /**
   * How many months or milliseconds make one of the last field of an interval type: {@code (b - a)
   * HOUR} is the whole hours from {@code a} to {@code b}, cut toward zero, as SQL counts them (10:30
   * after midnight is 10 hours), and so is any arithmetic on it. A SECOND keeps its fraction.
   */
  private static long countsOfLastField(SqlTypeName type) {
    TimeUnit last = type.getEndUnit() == null ? type.getStartUnit() : type.getEndUnit();
    // Calcite's multiplier of a unit is its months (YEAR, MONTH) or its milliseconds (DAY to SECOND).
    return last == null || last == TimeUnit.SECOND ? 1 : last.multiplier.longValueExact();
  }

  /** A DATE counts from its midnight, so that days and milliseconds between dates are whole days. */
  private static Temporal temporal(Object datetime) {
    return datetime instanceof LocalDate date ? date.atStartOfDay() : (Temporal) datetime;
  }

  private static Object shift(Object datetime, long amount, boolean months) {
    try {
      return shiftedBy(datetime, amount, months);
    } catch (DateTimeException | ArithmeticException e) {
      throw overflow();
    }
  }

  private static Object shiftedBy(Object datetime, long amount, boolean months) {
    if (datetime instanceof LocalDateTime t) {
      return months ? t.plusMonths(amount) : t.plus(amount, ChronoUnit.MILLIS);
    }
    if (datetime instanceof LocalDate d) {
      return months ? d.plusMonths(amount) : d.plusDays(Math.floorDiv(amount, MILLIS_PER_DAY));
    }
    LocalTime t = (LocalTime) datetime;
    return months ? t : t.plus(amount, ChronoUnit.MILLIS);
  }

  private static ToIntFunction<TemporalAccessor> field(TimeUnitRange unit) {
    switch (unit) {
      case YEAR:
        return t -> t.get(ChronoField.YEAR);
      case QUARTER:
        return t -> t.get(IsoFields.QUARTER_OF_YEAR);
      case MONTH:
        return t -> t.get(ChronoField.MONTH_OF_YEAR);
      case WEEK:
        return t -> t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
      case DAY:
        return t -> t.get(ChronoField.DAY_OF_MONTH);
      case DOY:
        return t -> t.get(ChronoField.DAY_OF_YEAR);
      case DOW:
        // SQL counts from Sunday = 1; java.time from Monday = 1.
        return t -> t.get(ChronoField.DAY_OF_WEEK) % 7 + 1;
      case HOUR:
        return t -> t.get(ChronoField.HOUR_OF_DAY);
      case MINUTE:
        return t -> t.get(ChronoField.MINUTE_OF_HOUR);
      case SECOND:
        return t -> t.get(ChronoField.SECOND_OF_MINUTE);
      default:
        throw ScalarCompiler.unsupported("EXTRACT(" + unit + " FROM ...)");
    }
  }
}
