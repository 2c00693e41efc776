package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
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
      a LIKE 'x\\_%' {escape '\\'}                        | `a LIKE 'x\\_%' ESCAPE '\\' `
      a LIKE 'x!_%' { ESCAPE '!' }                        | `a LIKE 'x!_%' ESCAPE '!'  `
      SELECT * FROM {oj a LEFT JOIN b ON a.x = b.x}       | `SELECT * FROM  a LEFT JOIN b ON a.x = b.x `
      FROM {OJ a LEFT JOIN b ON {fn UCASE(a.x)} = b.x}    | `FROM  a LEFT JOIN b ON {fn UCASE(a.x)} = b.x `
      SELECT a FROM {oj t}WHERE x = 1                     | SELECT a FROM  t WHERE x = 1
      SELECT x FROM t {limit 2 offset 1}                  | `SELECT x FROM t LIMIT 2 offset 1 `
      SELECT {fn NOW()}, {d '2026-01-01'} FROM t          | SELECT {fn NOW()}, {d '2026-01-01'} FROM t
      SELECT {fn ucase(x)}, { FN  ltrim (y)} FROM t       | SELECT {fn UCASE(x)}, { FN  LTRIM (y)} FROM t
      SELECT '{oj x}', 'it''s {escape', "{limit}" FROM t  | SELECT '{oj x}', 'it''s {escape', "{limit}" FROM t
      SELECT x /* {oj */ FROM t -- {escape                | SELECT x /* {oj */ FROM t -- {escape
      SELECT x FROM t // {oj                              | SELECT x FROM t // {oj
      SELECT x FROM t }                                   | SELECT x FROM t }
      SELECT 'never closed {oj                            | SELECT 'never closed {oj
      """)
  void escapesTheParserDoesNotReadBecomeTheirSql(String jdbc, String sql) throws SQLException {
    assertEquals(sql, JdbcEscapes.translate(jdbc));
  }

  @Test
  void aLineCommentEndsAtACarriageReturnOrANewline() throws SQLException {
    assertEquals("SELECT x FROM t -- c\rLIMIT 1 ", JdbcEscapes.translate("SELECT x FROM t -- c\r{limit 1}"));
    assertEquals("SELECT x FROM t // }\n WHERE y = 1 ", JdbcEscapes.translate("SELECT x FROM t // }\n{oj WHERE y = 1}"));
  }

  @Test
  void aProcedureCallIsRefused() {
    for (String call : List.of("{call refresh(1)}", "{ ? = call next_id()}", "{?= call next_id()}")) {
      SQLException e = assertThrows(SQLException.class, () -> JdbcEscapes.translate(call));
      assertInstanceOf(SQLFeatureNotSupportedException.class, e);
      assertEquals("0A000", e.getSQLState());
      assertTrue(e.getMessage().startsWith("keycond runs no procedures"), e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      SELECT x FROM t {limit 1                         | limit
      SELECT * FROM {oj a LEFT JOIN b ON a.x = b.x     | oj
      a LIKE 'x!_%' {escape '!'                        | escape
      SELECT x FROM t {limit 1 -- }                    | limit
      SELECT {fn UCASE(x)} FROM t {LIMIT 1 '}'         | limit
      """)
  void anEscapeReplacedBySqlThatIsNotClosedIsASyntaxError(String jdbc, String keyword) {
    SQLException e = assertThrows(SQLException.class, () -> JdbcEscapes.translate(jdbc));
    assertEquals("42000", e.getSQLState());
    assertEquals("The JDBC escape {" + keyword + " ...} is not closed: end it with }", e.getMessage());
  }

  @Test
  void anUnclosedEscapeIsRefusedBeforeAnythingRuns() throws SQLException {
    try (Connection connection = DemoDatabase.get().connect()) {
      // Without the check, the brace was dropped and the statement ran as if the escape were closed.
      SQLException replaced = assertThrows(SQLException.class,
          () -> connection.prepareStatement("SELECT path FROM files WHERE account = 'a91' {limit 1"));
      assertEquals("42000", replaced.getSQLState());
      assertTrue(replaced.getMessage().contains("{limit ...} is not closed"), replaced.getMessage());
      // An escape the parser reads keeps its brace, and the parser reports it.
      SQLException kept = assertThrows(SQLException.class,
          () -> connection.prepareStatement("SELECT {fn UCASE(path) FROM files WHERE account = 'a91'"));
      assertEquals("42000", kept.getSQLState());
    }
  }

  @Test
  void textWithoutABraceIsTheSameString() throws SQLException {
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
    Connection connection = DemoDatabase.get().connect();
    try {
      assertEquals("SELECT path FROM files WHERE account = ? AND path LIKE ? ESCAPE '!'  ORDER BY path LIMIT 1 ",
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
    } finally {
      connection.close();
    }
    assertEquals("HY010", assertThrows(SQLException.class, () -> connection.nativeSQL(sql)).getSQLState(),
        "a closed connection, as for every other call");
  }
}
