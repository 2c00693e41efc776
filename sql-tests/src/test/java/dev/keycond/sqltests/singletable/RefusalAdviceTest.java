package dev.keycond.sqltests.singletable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A Scan refusal's advice runs as written: each statement the message suggests, its placeholders
 * filled with values of the fixture, plans without a Scan and sends the requests of a key read.
 */
@ExtendWith(DynaliteExtension.class)
class RefusalAdviceTest {
  /** "bind it, filling in <a>: SELECT ..." or "use index 'X', filling in <a> and <b>: SELECT ...". */
  private static final Pattern ADVICE =
      Pattern.compile("(?:bind it|use index '[^']+'), filling in <[^>]+>(?: and <[^>]+>)*: (.*?)(?=; or[ ,])");
  private static final Map<String, String> VALUES = Map.of("<id>", "'acme'", "<workspace_id>", "'acme'",
      "<status>", "'active'", "<plan>", "'pro'", "<name>", "'Borealis'", "<owner>", "'u1'", "<user_id>", "'u1'",
      "<role>", "'admin'");

  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    connection = Keycond.loadAndConnect(server, "single-table");
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @Test
  void aTableWithoutWhere() throws SQLException {
    assertAdviceRuns("SELECT id, name FROM workspaces",
        List.of("SELECT id, name FROM workspaces WHERE id = <id>", "SELECT id, name FROM workspaces WHERE plan = <plan>"),
        List.of("GetItem"));
  }

  @Test
  void aTableWithWhereOrderByAndLimit() throws SQLException {
    assertAdviceRuns("SELECT id FROM projects WHERE due > '2026-01-01' ORDER BY id LIMIT 5",
        List.of("SELECT id FROM projects WHERE workspace_id = <workspace_id> AND due > '2026-01-01' ORDER BY id LIMIT 5",
            "SELECT id FROM projects WHERE status = <status> AND due > '2026-01-01' ORDER BY id LIMIT 5",
            "SELECT id FROM projects WHERE name = <name> AND due > '2026-01-01' ORDER BY id LIMIT 5",
            "SELECT id FROM projects WHERE owner = <owner> AND due > '2026-01-01' ORDER BY id LIMIT 5"),
        List.of("Query"));
  }

  @Test
  void aJoin() throws SQLException {
    assertAdviceRuns("SELECT w.id, p.id FROM workspaces w JOIN projects p ON p.workspace_id = w.id",
        List.of("SELECT w.id, p.id FROM workspaces w JOIN projects p ON p.workspace_id = w.id WHERE w.id = <id>",
            "SELECT w.id, p.id FROM workspaces w JOIN projects p ON p.workspace_id = w.id WHERE w.plan = <plan>"),
        List.of("Query"));
  }

  @Test
  void aSubquery() throws SQLException {
    assertAdviceRuns("SELECT t.id FROM (SELECT id, due FROM projects) t WHERE t.due > '2026-01-01'",
        List.of("SELECT t.id FROM (SELECT id, due FROM projects WHERE workspace_id = <workspace_id>) t "
            + "WHERE t.due > '2026-01-01'",
            "SELECT t.id FROM (SELECT id, due FROM projects WHERE status = <status>) t WHERE t.due > '2026-01-01'",
            "SELECT t.id FROM (SELECT id, due FROM projects WHERE name = <name>) t WHERE t.due > '2026-01-01'",
            "SELECT t.id FROM (SELECT id, due FROM projects WHERE owner = <owner>) t WHERE t.due > '2026-01-01'"),
        List.of("Query"));
  }

  @Test
  void aPinnedIndex() throws SQLException {
    assertAdviceRuns("SELECT id FROM \"projects@GSI1\" WHERE workspace_id = 'acme'",
        List.of("SELECT id FROM \"projects@GSI1\" WHERE status = <status> AND workspace_id = 'acme'"),
        List.of("Query"));
  }

  @Test
  void aWrite() throws SQLException {
    assertAdviceRuns("DELETE FROM projects WHERE due < '2000-01-01'",
        List.of("DELETE FROM projects WHERE workspace_id = <workspace_id> AND due < '2000-01-01'",
            "DELETE FROM projects WHERE status = <status> AND due < '2000-01-01'",
            "DELETE FROM projects WHERE name = <name> AND due < '2000-01-01'",
            "DELETE FROM projects WHERE owner = <owner> AND due < '2000-01-01'"),
        List.of("Query"));
  }

  /**
   * The statement is refused with nothing sent; the message suggests exactly {@code advised}; the
   * first suggestion, filled in, sends the requests {@code firstRuns}, and no suggestion Scans.
   */
  private static void assertAdviceRuns(String refused, List<String> advised, List<String> firstRuns)
      throws SQLException {
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class, () -> run(refused));
    assertEquals("42Z01", e.getSQLState(), e.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests());
    List<String> suggested = new ArrayList<>();
    Matcher matcher = ADVICE.matcher(e.getMessage());
    while (matcher.find()) {
      suggested.add(matcher.group(1));
    }
    assertEquals(advised, suggested, e.getMessage());
    for (String statement : suggested) {
      String filled = statement;
      for (Map.Entry<String, String> value : VALUES.entrySet()) {
        filled = filled.replace(value.getKey(), value.getValue());
      }
      RequestRecorder.clear();
      run(filled);
      List<String> operations = RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
      assertFalse(operations.isEmpty() || operations.contains("Scan"), filled + " sent " + operations);
      if (statement.equals(suggested.get(0))) {
        assertEquals(firstRuns, operations, filled);
      }
    }
  }

  private static void run(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
      if (statement.getResultSet() != null) {
        Keycond.rows(statement.getResultSet());
      }
    }
  }
}
