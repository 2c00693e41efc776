package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Period;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** Every interval type's text is the SQL literal of its fields, and its object the same amount. */
class IntervalValuesTest {
  private static final long MILLIS = Duration.ofDays(2).plusHours(3).plusMinutes(4).plusSeconds(5).plusMillis(60).toMillis();

  @Test
  void dayTimeIntervalsShowTheirFieldsFromFirstToLast() {
    assertEquals("INTERVAL '2' DAY", IntervalValues.text(Duration.ofDays(2).toMillis(), SqlTypeName.INTERVAL_DAY));
    assertEquals("INTERVAL '2 03' DAY TO HOUR", IntervalValues.text(Duration.ofHours(51).toMillis(),
        SqlTypeName.INTERVAL_DAY_HOUR));
    assertEquals("INTERVAL '2 03:04' DAY TO MINUTE", IntervalValues.text(Duration.ofMinutes(3064).toMillis(),
        SqlTypeName.INTERVAL_DAY_MINUTE));
    assertEquals("INTERVAL '2 03:04:05.06' DAY TO SECOND", IntervalValues.text(MILLIS, SqlTypeName.INTERVAL_DAY_SECOND));
    assertEquals("INTERVAL '51:04' HOUR TO MINUTE", IntervalValues.text(Duration.ofMinutes(3064).toMillis(),
        SqlTypeName.INTERVAL_HOUR_MINUTE));
    assertEquals("INTERVAL '51:04:05.06' HOUR TO SECOND", IntervalValues.text(MILLIS, SqlTypeName.INTERVAL_HOUR_SECOND));
    assertEquals("INTERVAL '3064:05.06' MINUTE TO SECOND", IntervalValues.text(MILLIS,
        SqlTypeName.INTERVAL_MINUTE_SECOND));
    assertEquals("INTERVAL '183845.06' SECOND", IntervalValues.text(MILLIS, SqlTypeName.INTERVAL_SECOND));
    assertEquals("INTERVAL '-0:00:00.001' HOUR TO SECOND", IntervalValues.text(-1, SqlTypeName.INTERVAL_HOUR_SECOND));
    assertEquals("INTERVAL '0' SECOND", IntervalValues.text(0, SqlTypeName.INTERVAL_SECOND));
  }

  @Test
  void yearMonthIntervalsCountMonths() {
    assertEquals("INTERVAL '1-2' YEAR TO MONTH", IntervalValues.text(14, SqlTypeName.INTERVAL_YEAR_MONTH));
    assertEquals("INTERVAL '-1-2' YEAR TO MONTH", IntervalValues.text(-14, SqlTypeName.INTERVAL_YEAR_MONTH));
    assertEquals("INTERVAL '3' YEAR", IntervalValues.text(36, SqlTypeName.INTERVAL_YEAR));
    assertEquals("INTERVAL '14' MONTH", IntervalValues.text(14, SqlTypeName.INTERVAL_MONTH));
    assertEquals(Period.of(-1, -2, 0), IntervalValues.object(-14, SqlTypeName.INTERVAL_YEAR_MONTH));
  }

  @Test
  void typesAreNamedAsSqlWritesThem() {
    assertEquals("INTERVAL DAY TO SECOND", IntervalValues.typeName(SqlTypeName.INTERVAL_DAY_SECOND));
    assertEquals("INTERVAL MONTH", IntervalValues.typeName(SqlTypeName.INTERVAL_MONTH));
    assertEquals(Duration.ofMillis(MILLIS), IntervalValues.object(MILLIS, SqlTypeName.INTERVAL_MINUTE_SECOND));
  }
}
