package dev.keycond.planner.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/**
 * The statement a Scan refusal advises: the user's text with the key condition added to the block
 * that reads the table, everything else as written. (The sql-tests run these statements.)
 */
class WrittenStatementTest {
  private static List<String> bind(String sql, String table, String... columns) {
    return new WrittenStatement(sql, () -> {
      try {
        return SqlParser.create(sql, SqlParser.config().withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.UNCHANGED).withQuotedCasing(Casing.UNCHANGED)).parseStmt();
      } catch (SqlParseException e) {
        throw new AssertionError(e);
      }
    }).bind(table, List.of(columns));
  }

  @Test
  void aStatementWithoutWhereGetsOneAfterItsFrom() {
    assertEquals(List.of("SELECT path FROM files WHERE account = <account>"), bind("SELECT path FROM files", "files",
        "account"));
    assertEquals(List.of("SELECT path FROM files f WHERE account = <account> ORDER BY path LIMIT 3"),
        bind("SELECT path FROM files f ORDER BY path LIMIT 3", "files", "account"));
    assertEquals(List.of("SELECT id FROM \"projects@GSI1\" WHERE status = <status>"),
        bind("SELECT id FROM \"projects@GSI1\"", "projects", "status"));
  }

  @Test
  void aWhereTakesTheConditionFirstAndAnOrInParentheses() {
    assertEquals(List.of("SELECT * FROM files WHERE account = <account> AND path LIKE 'root/%' ORDER BY path"),
        bind("SELECT * FROM files WHERE path LIKE 'root/%' ORDER BY path", "files", "account"));
    assertEquals(List.of("SELECT path FROM files WHERE account = <account> AND (size > 1 OR path IN ('a', 'b'))"),
        bind("SELECT path FROM files WHERE size > 1 OR path IN ('a', 'b')", "files", "account"));
    assertEquals(List.of("SELECT \"year\" FROM orders\nWHERE \"year\" = <year> AND (a = 1)"),
        bind("SELECT \"year\" FROM orders\nWHERE (a = 1)", "orders", "year"));
  }

  @Test
  void theAdviceForAnExplainIsTheStatementItExplains() {
    assertEquals(List.of("SELECT path FROM files WHERE account = <account> AND size > 1"),
        bind("EXPLAIN PLAN FOR SELECT path FROM files WHERE size > 1", "files", "account"));
  }

  @Test
  void aJoinQualifiesTheConditionOncePerReference() {
    assertEquals(List.of("SELECT * FROM workspaces w JOIN projects p ON (p.workspace_id = w.id) WHERE w.id = <id>"),
        bind("SELECT * FROM workspaces w JOIN projects p ON (p.workspace_id = w.id)", "workspaces", "id"));
    assertEquals(List.of("SELECT * FROM workspaces a JOIN workspaces b ON a.plan = b.plan WHERE a.id = <id>",
            "SELECT * FROM workspaces a JOIN workspaces b ON a.plan = b.plan WHERE b.id = <id>"),
        bind("SELECT * FROM workspaces a JOIN workspaces b ON a.plan = b.plan", "workspaces", "id"));
  }

  @Test
  void aSubqueryTakesTheConditionInItsOwnBlock() {
    assertEquals(List.of("SELECT id FROM workspaces WHERE id = 'acme' AND id IN (SELECT workspace_id FROM projects "
            + "WHERE projects.workspace_id = <workspace_id> AND status = 'x')"),
        bind("SELECT id FROM workspaces WHERE id = 'acme' AND id IN (SELECT workspace_id FROM projects "
            + "WHERE status = 'x')", "projects", "workspace_id"));
    assertEquals(List.of("SELECT * FROM (SELECT id FROM projects WHERE workspace_id = <workspace_id>) t"),
        bind("SELECT * FROM (SELECT id FROM projects) t", "projects", "workspace_id"));
  }

  @Test
  void aWriteTakesTheConditionInItsWhereOrAfterItsSetList() {
    assertEquals(List.of("DELETE FROM projects WHERE workspace_id = <workspace_id> AND status = 'x'"),
        bind("DELETE FROM projects WHERE status = 'x'", "projects", "workspace_id"));
    assertEquals(List.of("UPDATE files SET size = (1) WHERE account = <account>"),
        bind("UPDATE files SET size = (1)", "files", "account"));
    assertEquals(List.of("MERGE INTO files t USING (SELECT account, path FROM files WHERE account = <account>) s "
            + "ON t.account = s.account AND t.path = s.path WHEN MATCHED THEN UPDATE SET size = 0"),
        bind("MERGE INTO files t USING (SELECT account, path FROM files) s ON t.account = s.account AND t.path = s.path "
            + "WHEN MATCHED THEN UPDATE SET size = 0", "files", "account"));
  }
}
