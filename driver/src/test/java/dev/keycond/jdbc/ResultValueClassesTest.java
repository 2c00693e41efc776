package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Period;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A statement's values are of the classes its ResultSetMetaData names, and those are JDBC's for
 * each type: a tool that reads getColumnClassName, or casts getObject by getColumnType, must find
 * what it was told.
 */
class ResultValueClassesTest {
  private record Expected(String sql, int type, Class<?> valueClass) {}

  private static final List<Expected> COLUMNS = List.of(
      new Expected("CAST(1 AS TINYINT)", Types.TINYINT, Integer.class),
      new Expected("CAST(1 AS SMALLINT)", Types.SMALLINT, Integer.class),
      new Expected("CAST(1 AS INTEGER)", Types.INTEGER, Integer.class),
      new Expected("CAST(1 AS BIGINT)", Types.BIGINT, Long.class),
      new Expected("CAST(1.5 AS DECIMAL(3, 1))", Types.DECIMAL, java.math.BigDecimal.class),
      new Expected("CAST(1.5 AS REAL)", Types.REAL, Float.class),
      new Expected("CAST(size AS REAL)", Types.REAL, Float.class),
      new Expected("CAST(1.5 AS DOUBLE)", Types.DOUBLE, Double.class),
      new Expected("CAST('x' AS VARCHAR(3))", Types.VARCHAR, String.class),
      new Expected("TRUE", Types.BOOLEAN, Boolean.class),
      new Expected("DATE '2026-01-01'", Types.DATE, java.sql.Date.class),
      new Expected("TIME '10:30:00'", Types.TIME, java.sql.Time.class),
      new Expected("TIMESTAMP '2026-01-01 10:30:00'", Types.TIMESTAMP, java.sql.Timestamp.class),
      new Expected("INTERVAL '90' MINUTE", Types.OTHER, Duration.class),
      new Expected("INTERVAL '1-2' YEAR TO MONTH", Types.OTHER, Period.class));

  @Test
  void everyValueIsOfTheClassItsColumnNames() throws SQLException {
    String select = "SELECT " + String.join(", ", COLUMNS.stream().map(Expected::sql).toList())
        + " FROM files WHERE account = 'a91' AND path = 'root/'";
    try (Connection connection = DemoDatabase.get().connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(select)) {
      ResultSetMetaData columns = rows.getMetaData();
      assertTrue(rows.next(), "the demo's drive has its root folder");
      for (int i = 1; i <= COLUMNS.size(); i++) {
        Expected expected = COLUMNS.get(i - 1);
        Object value = rows.getObject(i);
        assertNotNull(value, expected.sql());
        assertEquals(expected.type(), columns.getColumnType(i), expected.sql());
        assertEquals(expected.valueClass().getName(), columns.getColumnClassName(i), expected.sql());
        assertEquals(expected.valueClass(), value.getClass(), expected.sql());
        assertEquals(value, rows.getObject(i, Object.class), "getObject(i, Object.class) of " + expected.sql());
      }
      assertEquals(1.5f, rows.getObject(6));
      assertEquals(0f, rows.getObject(7), "the root folder's size");
      assertEquals(Duration.ofMinutes(90), rows.getObject(14));
      assertEquals(Period.of(1, 2, 0), rows.getObject(15));
    }
  }

  /**
   * An interval is computed as a count of milliseconds (or months); the caller sees the interval:
   * its text as SQL writes it, which reads back as the same value, a Duration or a Period, and the
   * type's SQL name.
   */
  @Test
  void anIntervalReadsAsTheIntervalNotItsCount() throws SQLException {
    String select = "SELECT INTERVAL '1 02:03:04.5' DAY TO SECOND AS ds, -(INTERVAL '2' HOUR) AS neg,"
        + " (TIMESTAMP '2026-01-01 10:30:00' - TIMESTAMP '2026-01-01 00:00:00') MINUTE AS gap,"
        + " INTERVAL '14' MONTH AS months,"
        + " (TIMESTAMP '2026-01-01 10:30:00' - TIMESTAMP '2026-01-01 00:00:00') HOUR AS hours FROM files WHERE account = 'a91' AND path = 'root/'";
    try (Connection connection = DemoDatabase.get().connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(select)) {
      ResultSetMetaData columns = rows.getMetaData();
      assertTrue(rows.next(), "the demo's drive has its root folder");
      assertEquals("INTERVAL '1 02:03:04.5' DAY TO SECOND", rows.getString("ds"));
      assertEquals(Duration.ofDays(1).plusHours(2).plusMinutes(3).plusMillis(4_500), rows.getObject("ds"));
      assertEquals("INTERVAL DAY TO SECOND", columns.getColumnTypeName(1));
      assertEquals("INTERVAL '-2' HOUR", rows.getString("neg"));
      assertEquals(Duration.ofHours(-2), rows.getObject("neg", Duration.class));
      assertEquals("INTERVAL '630' MINUTE", rows.getObject("gap", String.class));
      assertEquals(Duration.ofMinutes(630), rows.getObject("gap"));
      assertEquals("INTERVAL MINUTE", columns.getColumnTypeName(3));
      assertEquals("INTERVAL '14' MONTH", rows.getString("months"));
      assertEquals(Period.of(1, 2, 0), rows.getObject("months"));
      assertEquals("INTERVAL '10' HOUR", rows.getString("hours"));
      assertEquals(Duration.ofHours(10), rows.getObject("hours"), "a difference in whole hours, as its text says");
      List<Object> values = List.of(rows.getObject(1), rows.getObject(2), rows.getObject(3), rows.getObject(4));
      String texts = String.join(", ", rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4));
      try (Statement readBack = connection.createStatement(); ResultSet again = readBack.executeQuery(
          "SELECT " + texts + " FROM files WHERE account = 'a91' AND path = 'root/'")) {
        assertTrue(again.next());
        assertEquals(values, List.of(again.getObject(1), again.getObject(2), again.getObject(3), again.getObject(4)),
            "each interval's text reads back as the same interval: " + texts);
      }
    }
  }
}
