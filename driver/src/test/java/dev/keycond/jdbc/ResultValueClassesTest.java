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
      new Expected("TIMESTAMP '2026-01-01 10:30:00'", Types.TIMESTAMP, java.sql.Timestamp.class));

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
    }
  }
}
