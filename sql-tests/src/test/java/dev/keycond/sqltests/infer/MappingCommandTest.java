package dev.keycond.sqltests.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.shell.MappingCommand;
import dev.keycond.shell.Shell;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.TestResources;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The command line of {@code keycond mapping}: the mapping on standard output, loadable as it is,
 * the notes on standard error as {@code //} lines, and for each mistake a message and an exit code
 * (2 for the command line, 1 for what it names: an unknown table, an unreadable model). And the
 * shell's {@code !mapping infer}, through the shell's connection.
 */
@ExtendWith(DynaliteExtension.class)
class MappingCommandTest {
  @BeforeAll
  static void load(DynamoServer server) {
    Fixtures.load(server, "infer");
  }

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = MappingCommand.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void inferPrintsALoadableMappingAndItsNotesApart(DynamoServer server) {
    Run run = run("infer", Keycond.url(server), "--page-limit", "50", "infer_Users");
    assertEquals(0, run.code(), run.err());
    Mapping mapping = MappingParser.parse(run.out(), "printed mapping");
    assertEquals(List.of("user"), List.copyOf(mapping.tables().keySet()));
    List<String> notes = run.err().lines().toList();
    assertTrue(notes.stream().allMatch(line -> line.startsWith("// ")), run.err());
    assertEquals("// Sampled at most 3 Scan pages of 50 items per table:", notes.get(0));
    assertEquals("//   2 items of table 'infer_Users' in 1 Scan page: the whole table", notes.get(1));
    assertTrue(notes.get(2).startsWith("// Cost: 1 Scan, 2 items read, "), notes.get(2));
  }

  @Test
  void importPrintsALoadableMapping() {
    Run run = run("import", TestResources.path("workbench/shop.model.json").toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("customer", "order", "invoice"),
        List.copyOf(MappingParser.parse(run.out(), "printed mapping").tables().keySet()));
  }

  @Test
  void inferWithoutAUrlSaysWhatToGive() {
    Run run = run("infer", "infer_Users");
    assertEquals(2, run.code());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("keycond mapping infer: give the connection URL first, such as "
        + "jdbc:keycond:region=us-east-1;endpoint=http://127.0.0.1:8000"), run.err());
  }

  @Test
  void aWrongOptionIsACommandLineError(DynamoServer server) {
    Run run = run("infer", Keycond.url(server), "--pages", "many");
    assertEquals(2, run.code());
    assertTrue(run.err().startsWith("keycond mapping infer: --pages takes a whole number"), run.err());
    assertEquals(2, run("convert").code());
  }

  @Test
  void anUnknownTableIsNamed(DynamoServer server) {
    Run run = run("infer", Keycond.url(server), "infer_Users", "infer_Nope");
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals("keycond mapping infer: DynamoDB table 'infer_Nope' does not exist (SQLState 42S02)",
        run.err().strip());
  }

  @Test
  void anUnreadableOrWrongModelIsNamed() {
    Run missing = run("import", "/no/such/model.json");
    assertEquals(1, missing.code());
    assertEquals("keycond mapping import: cannot read /no/such/model.json: no such file", missing.err().strip());
    String notAModel = TestResources.path("workbench/not-a-model.json").toString();
    Run wrong = run("import", notAModel);
    assertEquals(1, wrong.code());
    assertEquals("keycond mapping import: Cannot import the model: " + notAModel + " is not a NoSQL Workbench "
        + "data model: it has no \"DataModel\" list (SQLState 42Z10)", wrong.err().strip());
    String badProjection = TestResources.path("workbench/bad-projection.model.json").toString();
    Run projection = run("import", badProjection);
    assertEquals(1, projection.code());
    assertEquals("keycond mapping import: Cannot import the model: " + badProjection + ", table T, index G: "
        + "ProjectionType is ALL, KEYS_ONLY or INCLUDE, not SOME (SQLState 42Z10)", projection.err().strip());
  }

  @Test
  void theShellInfersThroughItsConnection(DynamoServer server) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Shell.run(Optional.of(Keycond.url(server)), List.of("-e", "!mapping infer infer_Readings"),
        new ByteArrayInputStream(new byte[0]), out, err);
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, printed + err.toString(StandardCharsets.UTF_8));
    String mapping = printed.substring(printed.indexOf('{'), printed.lastIndexOf('}') + 1);
    assertEquals(List.of("infer_readings"), List.copyOf(MappingParser.parse(mapping, "printed").tables().keySet()));
    String notes = err.toString(StandardCharsets.UTF_8);
    assertTrue(notes.contains("//   3 items of table 'infer_Readings' in 1 Scan page: the whole table"),
        "notes: " + notes + "\nprinted: " + printed);
  }
}
