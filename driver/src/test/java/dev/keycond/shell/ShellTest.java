package dev.keycond.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.testing.DemoDatabase;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shell run non-interactively, as {@code keycond shell <url> -e "<sql>"} or {@code -f file.sql},
 * and interactively, on a terminal that JLine drives as it drives a real one (keystrokes in, the
 * screen out), with Tab completion.
 */
class ShellTest {
  /** A secret key no output contains by accident, so finding it anywhere means it leaked. */
  private static final String SECRET = "Sentinel-Shell-Secret-5c1e";
  private final DemoDatabase database = DemoDatabase.get();

  private record Run(int exitCode, String output, String errors) {}

  private Run shell(String... args) throws Exception {
    return shell(Optional.of(database.url()), args);
  }

  private Run shell(Optional<String> url, String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Shell.run(url, List.of(args), new ByteArrayInputStream(new byte[0]), out, err);
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** What an interactive session printed, besides echoing what was typed. */
  private record Session(String output, String errors) {}

  /**
   * An interactive session: what a person types, keystroke by keystroke, then the end of input.
   * sqlline builds its interactive reader on the system terminal; JLine's terminal override, meant
   * for embedding an application that does so (and deprecated for any other use), hands it this
   * one instead.
   */
  @SuppressWarnings("deprecation")
  private Session typed(Optional<String> url, String keystrokes) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Terminal terminal = new ExternalTerminal("test", "xterm",
        new ByteArrayInputStream(keystrokes.getBytes(StandardCharsets.UTF_8)), OutputStream.nullOutputStream(),
        StandardCharsets.UTF_8);
    terminal.setSize(new Size(160, 50));
    TerminalBuilder.setTerminalOverride(terminal);
    try {
      Shell.run(url, List.of(), null, out, err);
    } finally {
      TerminalBuilder.setTerminalOverride(null);
      terminal.close();
    }
    return new Session(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void tabCompletesTableAndColumnNamesFromTheFirstKeystroke() throws Exception {
    // Each prefix has one completion: a column of any table while the statement names none, a
    // table after FROM, then columns of the table the statement names.
    // The statement runs only if every name was completed.
    Session session = typed(Optional.of(database.url()),
        "SELECT paren\t, siz\t FROM fi\t WHERE acc\t = 'a91' AND pat\t = 'root/photos/2026/beach.jpg';\n");
    assertTrue(session.output().contains("| root/photos/2026/ | 2483017 |"), session.output() + session.errors());
  }

  @Test
  void adviceThatMentionsConnectIsPrintedWhole() throws Exception {
    // A refusal's advice says "!connect with the URL plus ...": no connect command, and no secret in it.
    Session session = typed(Optional.of(database.url()), "SELECT * FROM files;\n");
    String shown = session.output() + session.errors();
    assertTrue(shown.contains("in the shell, !connect with the URL plus ;scan=limit:1000"), shown);
    assertTrue(ShellSecrets.hide("!connect jdbc:keycond:region=us-east-1 someone s3cret").endsWith("someone ****"));
    assertTrue(ShellSecrets.hide("issuing: !connect \"jdbc:keycond:x\" someone 's3cret'").endsWith("someone ****"));
  }

  @Test
  void tabCompletesTheColumnsOfATableByItsAlias() throws Exception {
    // The select list is typed last, once the FROM clause names the aliases: Ctrl-A goes to the
    // start of the line, Ctrl-F one character on, Ctrl-E to the end.
    Session session = typed(Optional.of(database.url()),
        "SELECT  FROM workspaces w JOIN projects p ON p.works\t= w.id WHERE w.id = 'globex';"
            + "\u0001" + "\u0006".repeat("SELECT ".length()) + "w.pl\t" + "\u0005\n");
    assertTrue(session.output().contains("| free |"), session.output() + session.errors());
  }

  @Test
  void aShellWithoutUrlSaysHowToConnectAndDoesNotTryTo() throws Exception {
    Session session = typed(Optional.empty(), "!quit\n");
    assertTrue(session.errors().contains("Not connected: type !connect jdbc:keycond:"), session.errors());
    assertFalse((session.output() + session.errors()).contains("url is required"), session.output() + session.errors());
  }

  @Test
  void csvOutputQuotesWithDoubleQuotes() throws Exception {
    Run run = shell("--outputformat=csv", "-e", "SELECT name, plan FROM workspaces WHERE id = 'globex';");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("\"name\",\"plan\""), run.output());
    assertTrue(run.output().contains("\"Globex\","), run.output());
    assertFalse(run.output().contains("'"), run.output());
  }

  @Test
  void anInteractiveConnectSaysWhatItReached() throws Exception {
    Session session = typed(Optional.empty(), "!connect " + database.url() + "\n");
    assertTrue(session.errors().contains("Connected to DynamoDB at " + database.endpoint() + " (region us-east-1): "
        + "mapped tables files, workspaces, projects; tables without a mapping: Events"), session.errors());
    assertFalse(session.errors().contains("password"), session.errors());
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
  void metadataListingsShowTheColumnsAPersonReadsAtATerminalsWidth() throws Exception {
    Run run = shell("-e", "!tables", "-e", "!columns projects", "-e", "!indexes Events", "-e",
        "!importedkeys projects", "-e", "!primarykeys files;");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("| TABLE_NAME |                                       REMARKS"), run.output());
    // A command that names one table does not repeat its name on every row.
    assertTrue(run.output().contains(
        "| workspace_id | VARCHAR   | NO          | EntityRef via WS#{workspace_id} (partition key) |"), run.output());
    assertTrue(run.output().contains("| ByType     | true       | 1                | type        | NULL        |"),
        run.output());
    assertTrue(run.output().contains("| projects     | workspace_id  | workspaces   | id            | 1       |"),
        run.output());
    assertTrue(run.output().contains("| path        | 2       | PRIMARY |"), run.output());
    List<String> wide = run.output().lines().filter(line -> line.length() > 102).toList();
    assertEquals(List.of(), wide);
  }

  @Test
  void aTablePatternListsTheTableOfEachRow() throws Exception {
    Run run = shell("-e", "!columns %s");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("| files      | account      | VARCHAR   | NO          |"), run.output());
    assertTrue(run.output().contains("| projects   | status       | VARCHAR   | YES         |"), run.output());
  }

  @Test
  void everyMetadataColumnIsStillThereForWhoAsks() throws Exception {
    Run run = shell("-e", "!metadata getColumns \"\" dynamodb files %");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("| ORDINAL_POSITION | IS_NULLABLE | SCOPE_CATALOG |"), run.output());
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
  void valuesPrintAsGetStringGivesThem() throws Exception {
    Run run = shell("-e", "SELECT modified, size, 0.0000001 AS tiny, TIME '10:00:00.5' AS t FROM files"
        + " WHERE account = 'a91' AND path = 'root/photos/2026/beach.jpg';");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("| 2026-03-01 10:30:00 | 2483017 | 0.0000001 | 10:00:00.5 |"), run.output());
  }

  @Test
  void aFormatTheUserSetsStillApplies() throws Exception {
    Run run = shell("--timestampFormat=yyyy/MM/dd", "-e",
        "SELECT modified FROM files WHERE account = 'a91' AND path = 'root/photos/2026/beach.jpg';");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("| 2026/03/01 |"), run.output());
  }

  @Test
  void anExpressionWithoutAnAliasIsHeadedByItsText() throws Exception {
    Run run = shell("-e", "SELECT COUNT(*), MAX(size) FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%';");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("| COUNT(*) | MAX(size) |"), run.output());
  }

  @Test
  void aRunWithEPrintsOnlyWhatItsStatementsPrint() throws Exception {
    Run run = shell("-e", "SELECT name FROM workspaces WHERE id = 'acme';");
    assertEquals(0, run.exitCode(), run.errors());
    assertEquals(List.of("1 row selected", "1 GetItem, 1 item read, 0.5 RCU"),
        run.errors().lines().map(l -> l.replaceAll(" \\(.*", "")).toList());
  }

  @Test
  void eachStatementPrintsWhatItCostAfterItsRowsAndWarnings() throws Exception {
    Run run = shell("-e", "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%' AND size > 1000000;",
        "-e", "SELECT COUNT(*) FROM files WHERE account = 'a91';",
        "-e", "SELECT account, path FROM files WHERE account IN ('a91', 'b07') AND path = 'root/photos/';");
    assertEquals(0, run.exitCode(), run.errors());
    assertEquals(List.of(
        "Warning: Table 'files': DynamoDB reads items and then discards those that fail size > 1000000 "
            + "(FilterExpression), and charges for every item it reads; the key condition cannot express it "
            + "(state=01000,code=0)",
        "2 rows selected",
        "Warning: DynamoDB read 4 items in 1 request to return 2 rows (0.5 RCU); its FilterExpression discarded 2 "
            + "of them (state=01000,code=0)",
        "1 Query, 4 items read, 0.5 RCU",
        "1 row selected",
        "1 Query, 10 items read, 0.5 RCU",
        "2 rows selected",
        "1 BatchGetItem, 2 items read, 1 RCU"),
        run.errors().lines().map(l -> l.replaceAll(" \\(\\d[.\\d]* seconds\\)", "")).toList());
  }

  @Test
  void aFailedStatementThatSentRequestsPrintsItsCostAfterItsError() throws Exception {
    Run run = shell("-e", "INSERT INTO workspaces (id, name) VALUES ('acme', 'Again');");
    assertEquals(1, run.exitCode(), run.errors());
    List<String> lines = run.errors().lines().toList();
    assertEquals(2, lines.size(), run.errors());
    assertTrue(lines.get(0).startsWith("Error: "), run.errors());
    assertTrue(lines.get(1).startsWith("1 PutItem"), run.errors());
  }

  @Test
  void anExplainCostsNothingAndARefusedStatementPrintsOnlyItsError() throws Exception {
    Run run = shell("-e", "EXPLAIN PLAN FOR SELECT path FROM files WHERE account = 'a91';",
        "-e", "SELECT path FROM files WHERE size > 5;");
    assertEquals(1, run.exitCode(), run.errors());
    List<String> lines = run.errors().lines().toList();
    assertEquals(3, lines.size(), run.errors());
    assertTrue(lines.get(0).matches("\\d+ rows selected .*"), run.errors());
    assertEquals("no DynamoDB requests", lines.get(1));
    assertTrue(lines.get(2).startsWith("Error: Reading table 'files' needs a full Scan"), run.errors());
  }

  @Test
  void aFailedConnectIsOneErrorNotOnePerStatement() throws Exception {
    Run run = shell(Optional.of("jdbc:keycond:region=us-east-1;endpoint=http://127.0.0.1:1;user=a;password=b"),
        "-e", "SELECT 1;", "-e", "SELECT 2;");
    assertEquals(1, run.exitCode());
    List<String> lines = new ArrayList<>(run.errors().lines().toList());
    assertEquals(1, lines.size(), run.errors());
    assertTrue(lines.get(0).startsWith("Error: Listing DynamoDB tables failed")
        && lines.get(0).contains("cannot reach DynamoDB at http://127.0.0.1:1")
        && lines.get(0).endsWith("(state=08001,code=0)"), run.errors());
    assertEquals("", run.output());
  }

  @Test
  void everyNullPrintsTheSameWay() throws Exception {
    Run run = shell("--outputformat=csv", "-e", "SELECT CAST(NULL AS BIGINT) AS n, CAST(NULL AS DATE) AS d,"
        + " CAST(NULL AS VARCHAR) AS s, CAST(NULL AS VARBINARY) AS b, CAST(NULL AS BOOLEAN) AS t;");
    assertEquals(0, run.exitCode(), run.errors());
    assertTrue(run.output().contains("\"NULL\",\"NULL\",\"NULL\",\"NULL\",\"NULL\""), run.output());
  }

  /** The ways {@code !connect} is given a secret key: in the URL, as its password argument, as a property. */
  static Stream<Arguments> connectCommands() {
    String withoutSecret = DemoDatabase.get().url().replace(";password=test", "");
    return Stream.of(
        Arguments.of("in the URL", "!connect \"" + withoutSecret + ";password=" + SECRET + "\" \"\" \"\""),
        Arguments.of("in the URL, spaced", "!connect \"" + withoutSecret + "; Password = " + SECRET + "\""),
        Arguments.of("as the password argument", "!connect \"" + withoutSecret + "\" test " + SECRET),
        Arguments.of("as a property", "!connect -p password " + SECRET + " \"" + withoutSecret + "\""),
        Arguments.of("abbreviated", "!conn \"" + withoutSecret + ";password=" + SECRET + "\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("connectCommands")
  void aSecretGivenToConnectIsNeitherPrintedNorListed(String how, String connect) throws Exception {
    Run run = unconnected("-e", connect, "-e", "!list", "-e", "SELECT name FROM workspaces WHERE id = 'globex';");

    assertEquals(0, run.exitCode(), run.output() + run.errors());
    // It connected with the secret, listed the connection and ran the statement.
    assertTrue(run.output().contains("#0  open"), run.output());
    assertTrue(run.output().contains("jdbc:keycond:region=us-east-1;endpoint="), run.output());
    assertTrue(run.output().contains("Globex"), run.output());
    assertFalse(run.output().contains(SECRET), run.output());
    assertFalse(run.errors().contains(SECRET), run.errors());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("connectCommands")
  void aConnectCommandTypedIsRunButNotKeptInTheHistory(String how, String connect, @TempDir Path dir)
      throws Exception {
    Path history = dir.resolve("history");
    String typed = connect + "\nSELECT name FROM workspaces WHERE id = 'globex';\n!quit\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int code = Shell.run(Optional.empty(), List.of("--historyFile=" + history),
        new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)), out, new ByteArrayOutputStream());

    String kept = Files.readString(history);
    assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("Globex"));
    assertTrue(kept.contains("SELECT name FROM workspaces"), kept);
    assertFalse(kept.contains(SECRET), kept);
    assertFalse(kept.contains("!conn"), kept);
  }

  @Test
  void aSecretInTheUrlOfTheCommandLineIsNeitherListedNorPrintedVerbose() throws Exception {
    String url = database.url().replace("password=test", "password=" + SECRET);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int code = Shell.run(Optional.of(url), List.of("--verbose=true", "-e", "!list"),
        new ByteArrayInputStream(new byte[0]), out, err);

    String shown = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, shown);
    // sqlline's verbose trace of the connect it issues, and the list of connections.
    assertTrue(shown.contains("issuing: !connect"), shown);
    assertTrue(shown.contains("password=****"), shown);
    assertFalse(shown.contains(SECRET), shown);
  }

  @Test
  void aScriptThatConnectsDoesNotEchoItsSecret(@TempDir Path dir) throws Exception {
    String withoutSecret = database.url().replace(";password=test", "");
    Path script = Files.writeString(dir.resolve("connect.sql"), "!connect \"" + withoutSecret + "\" test " + SECRET
        + "\nSELECT name FROM workspaces WHERE id = 'globex';\n");

    Run run = unconnected("-f", script.toString());

    assertEquals(0, run.exitCode(), run.output() + run.errors());
    assertTrue(run.output().contains("Globex"), run.output());
    // sqlline echoes each command of a script before it runs it.
    assertTrue(run.errors().contains("!connect"), run.errors());
    assertFalse((run.output() + run.errors()).contains(SECRET), run.output() + run.errors());
  }

  private Run unconnected(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Shell.run(Optional.empty(), List.of(args), new ByteArrayInputStream(new byte[0]), out, err);
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
