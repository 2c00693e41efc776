package dev.keycond.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.testing.DemoDatabase;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell run non-interactively, as {@code keycond shell <url> -e "<sql>"} or {@code -f file.sql}. */
class ShellTest {
  private final DemoDatabase database = DemoDatabase.get();

  private record Run(int exitCode, String output, String errors) {}

  private Run shell(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Shell.run(Optional.of(database.url()), List.of(args), new ByteArrayInputStream(new byte[0]), out, err);
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void runsAStatementGivenWithE() throws Exception {
    Run run = shell("-e", "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%';");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("root/photos/2026/beach.jpg"), run.output());
    assertTrue(run.output().contains("2483017"), run.output());
    assertTrue(run.errors().contains("4 rows selected"), run.output() + "\n" + run.errors());
    // The sibling file and folder are outside the subtree.
    assertTrue(!run.output().contains("root/photosX/"), run.output());
  }

  @Test
  void explainLinesAreShownWhole() throws Exception {
    Run run = shell("-e", "EXPLAIN PLAN FOR SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%';");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("Query on table 'Drive'"), run.output());
    // The longest line of the plan, past sqlline's default width of 80, is not cut.
    assertTrue(run.output().contains(
        "ExpressionAttributeValues: {\":v0\":{\"S\":\"DRIVE#a91\"},\":v1\":{\"S\":\"root/photos/\"}}"), run.output());
  }

  @Test
  void listsTablesAndColumns() throws Exception {
    Run run = shell("-e", "!tables", "-e", "!columns projects");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("workspaces"), run.output());
    assertTrue(run.output().contains("DynamoDB table Drive"), run.output());
    assertTrue(run.output().contains("EntityRef via WS#{workspace_id} (partition key)"), run.output());
  }

  @Test
  void runsAScriptGivenWithF(@TempDir Path dir) throws Exception {
    Path script = Files.writeString(dir.resolve("script.sql"),
        "SELECT name, plan FROM workspaces WHERE id = 'globex';\nSELECT COUNT(*) AS n FROM projects WHERE workspace_id = 'acme';\n");
    Run run = shell("-f", script.toString());
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("Globex"), run.output());
    assertTrue(run.output().contains("| 3 "), run.output());
  }

  @Test
  void aRefusedStatementFailsTheRun() throws Exception {
    Run run = shell("-e", "SELECT * FROM files;");
    assertEquals(1, run.exitCode());
    assertTrue(run.errors().contains("needs a full Scan"), run.errors());
    assertTrue(run.errors().contains("scan=limit:N"), run.errors());
  }

  @Test
  void aScriptThatCannotBeReadIsOneLine(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("nonexistent.sql");
    Run run = shell("-f", missing.toString());
    assertEquals(1, run.exitCode());
    assertEquals("keycond: cannot read " + missing + ": No such file or directory", run.errors().strip());
    assertEquals("", run.output());
  }

  @Test
  void everyNullPrintsTheSameWay() throws Exception {
    Run run = shell("--outputformat=csv", "-e", "SELECT CAST(NULL AS BIGINT) AS n, CAST(NULL AS DATE) AS d,"
        + " CAST(NULL AS VARCHAR) AS s, CAST(NULL AS VARBINARY) AS b, CAST(NULL AS BOOLEAN) AS t;");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("'NULL','NULL','NULL','NULL','NULL'"), run.output());
  }
}
