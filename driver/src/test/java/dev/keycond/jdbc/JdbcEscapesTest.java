package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JDBC's escapes the parser does not read become their SQL, and nothing else changes; the
 * statements that carry them run end to end in {@code jdbc-escapes.sqltest}.
 */
class JdbcEscapesTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
      a LIKE 'x\\_%' {escape '\\'}                        | a LIKE 'x\\_%' ESCAPE '\\'
      a LIKE 'x!_%' { ESCAPE '!' }                        | `a LIKE 'x!_%' ESCAPE '!' `
      SELECT * FROM {oj a LEFT JOIN b ON a.x = b.x}       | SELECT * FROM  a LEFT JOIN b ON a.x = b.x
      FROM {OJ a LEFT JOIN b ON {fn UCASE(a.x)} = b.x}    | FROM  a LEFT JOIN b ON {fn UCASE(a.x)} = b.x
      SELECT x FROM t {limit 2 offset 1}                  | SELECT x FROM t LIMIT 2 offset 1
      SELECT {fn NOW()}, {d '2026-01-01'} FROM t          | SELECT {fn NOW()}, {d '2026-01-01'} FROM t
      SELECT '{oj x}', 'it''s {escape', "{limit}" FROM t  | SELECT '{oj x}', 'it''s {escape', "{limit}" FROM t
      SELECT x /* {oj */ FROM t -- {escape                | SELECT x /* {oj */ FROM t -- {escape
      SELECT x FROM t }                                   | SELECT x FROM t }
      SELECT 'never closed {oj                            | SELECT 'never closed {oj
      """)
  void escapesTheParserDoesNotReadBecomeTheirSql(String jdbc, String sql) {
    assertEquals(sql, JdbcEscapes.translate(jdbc));
  }

  @Test
  void textWithoutABraceIsTheSameString() {
    String sql = "SELECT path FROM files WHERE account = ?";
    assertTrue(sql == JdbcEscapes.translate(sql), "nothing to translate: no copy is made");
  }

  @Test
  void escapeProcessingOffLeavesTheEscapesToTheParser() throws SQLException {
    String sql = "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/a\\_b/%' {escape '\\'}";
    try (Connection connection = DemoDatabase.get().connect(); Statement statement = connection.createStatement()) {
      try (ResultSet rows = statement.executeQuery(sql)) {
        assertFalse(rows.next(), "the demo's drive has no root/a_b/: the statement ran and found nothing");
      }
      statement.setEscapeProcessing(false);
      SQLException e = assertThrows(SQLException.class, () -> statement.executeQuery(sql));
      assertEquals("42000", e.getSQLState());
      assertTrue(e.getMessage().contains("\"{\""), e.getMessage());
    }
  }

  @Test
  void nativeSqlIsTheTextKeycondPlansAndAPreparedStatementTranslatesItsOwn() throws SQLException {
    String sql = "SELECT path FROM files WHERE account = ? AND path LIKE ? {escape '!'} ORDER BY path {limit 1}";
    try (Connection connection = DemoDatabase.get().connect()) {
      assertEquals("SELECT path FROM files WHERE account = ? AND path LIKE ? ESCAPE '!' ORDER BY path LIMIT 1",
          connection.nativeSQL(sql));
      try (PreparedStatement statement = connection.prepareStatement(sql)) {
        statement.setString(1, "a91");
        statement.setString(2, "root/photos/%");
        try (ResultSet rows = statement.executeQuery()) {
          assertTrue(rows.next());
          assertEquals("root/photos/", rows.getString(1));
          assertFalse(rows.next());
        }
      }
      connection.close();
      assertEquals("HY010", assertThrows(SQLException.class, () -> connection.nativeSQL(sql)).getSQLState(),
          "a closed connection, as for every other call");
    }
  }
}
