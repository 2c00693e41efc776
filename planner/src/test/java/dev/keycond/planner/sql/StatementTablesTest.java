package dev.keycond.planner.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.sql.StatementTables.Reference;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/** The tables a statement names, with the names it gives them. */
class StatementTablesTest {
  private static StatementTables of(String sql) throws SqlParseException {
    return StatementTables.of(SqlParser.create(sql, SqlParser.config().withQuoting(Quoting.DOUBLE_QUOTE)
        .withUnquotedCasing(Casing.UNCHANGED).withQuotedCasing(Casing.UNCHANGED)).parseQuery());
  }

  @Test
  void referencesAreTheTablesOfEveryFromClauseWithTheirNames() throws SqlParseException {
    assertEquals(List.of(new Reference("workspaces", "w", Optional.empty()),
            new Reference("projects", "p", Optional.empty()),
            new Reference("files", "files", Optional.of("dynamodb"))),
        of("SELECT w.id FROM workspaces w JOIN projects AS p ON p.workspace_id = w.id"
            + " WHERE EXISTS (SELECT 1 FROM dynamodb.files WHERE account = w.id)").references());
    assertEquals(List.of(new Reference("files", "f", Optional.empty())), of("SELECT * FROM \"files@ByParent\" f").references());
    assertEquals(Optional.of("projects"), of("SELECT * FROM workspaces w, projects p").tableNamed("p"));
  }
}
