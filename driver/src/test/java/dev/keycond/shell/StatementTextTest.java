package dev.keycond.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.shell.StatementText.TableReference;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What completion reads from a statement being typed, which need not parse yet. */
class StatementTextTest {
  @Test
  void tablesAreNamedAfterFromJoinAndCommasOfAFromList() {
    assertEquals(List.of(new TableReference("workspaces", "w"), new TableReference("projects", "p")),
        StatementText.of("SELECT w.name FROM workspaces w JOIN projects AS p ON p.workspace_id = w.id").tables());
    assertEquals(List.of(new TableReference("files", "files"), new TableReference("Events", "e")),
        StatementText.of("SELECT * FROM dynamodb.files, \"Events\" e WHERE").tables());
    assertEquals(List.of(new TableReference("files", "f")),
        StatementText.of("SELECT * FROM \"files@ByParent\" f WHERE f.parent = 'root/'").tables());
  }

  @Test
  void aKeywordAfterATableIsNoAlias() {
    assertEquals(List.of(new TableReference("files", "files")),
        StatementText.of("SELECT path FROM files WHERE account = 'a91'").tables());
    assertEquals(Optional.of("projects"), StatementText.of("SELECT * FROM projects p LEFT JOIN").tableNamed("p"));
  }

  @Test
  void wordsInStringsAndCommentsNameNothing() {
    assertEquals(List.of(), StatementText.of("SELECT 'FROM files f' -- FROM x y\n /* JOIN z */").tables());
    // The parser reads // as a line comment too, and a carriage return ends one.
    assertEquals(List.of(), StatementText.of("SELECT 1 // FROM x y").tables());
    assertEquals(List.of(new TableReference("files", "files")), StatementText.of("SELECT 1 -- c\rFROM files").tables());
    assertEquals(List.of(new TableReference("it's", "it's")), StatementText.of("SELECT 'a''b' FROM \"it's\"").tables());
  }

  @Test
  void aTableNameGoesAfterFromJoinASchemaOrAFromListComma() {
    assertTrue(StatementText.of("SELECT * FROM ").isTablePosition(14));
    assertTrue(StatementText.of("SELECT * FROM files f JOIN ").isTablePosition(27));
    assertTrue(StatementText.of("SELECT * FROM dynamodb.").isTablePosition(23));
    assertTrue(StatementText.of("SELECT * FROM files, ").isTablePosition(21));
    assertFalse(StatementText.of("SELECT * FROM files WHERE ").isTablePosition(26));
    assertFalse(StatementText.of("SELECT a, ").isTablePosition(10));
    assertFalse(StatementText.of("SELECT * FROM files WHERE a IN (1, ").isTablePosition(35));
  }
}
