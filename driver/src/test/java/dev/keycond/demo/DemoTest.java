package dev.keycond.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code keycond demo -e "<sql>"}, without a terminal: the whole showcase, then the statement in
 * the shell on the demo's data, then exit.
 */
class DemoTest {
  private static final String SHELL_SQL = "SELECT name, plan FROM workspaces WHERE id = 'acme';";
  private static String output;

  @BeforeAll
  static void runDemo() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code = Demo.run(List.of("--port", "0", "-e", SHELL_SQL), new PrintStream(bytes, true, StandardCharsets.UTF_8),
        InputStream.nullInputStream());
    output = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, output);
  }

  @Test
  void theShellRunsTheGivenStatementOnTheDemoDataAfterTheShowcase() {
    int showcaseEnd = output.indexOf("Running the given statements on the demo's data; the demo stops after them.");
    assertTrue(showcaseEnd > 0, output);
    String shell = output.substring(showcaseEnd);
    assertTrue(shell.contains("Acme Corp") && shell.contains("enterprise"), shell);
    assertTrue(!shell.contains("Opening the shell"), "the statement runs without an interactive shell: " + shell);
  }

  @Test
  void aDemoThatStopsAfterItsStatementsOffersNoUrlToConnectTo() {
    assertTrue(!output.contains("any SQL tool can connect"), "the demo exits at once: " + output);
    assertTrue(!output.contains("jdbc:keycond:"), output);
  }

  @Test
  void showcaseStepsAreTheCommentedStatementsOfTheScript() {
    List<Showcase.Step> steps = Showcase.parse(DemoData.resource("demo/showcase.sql"));
    assertTrue(steps.get(0).description().startsWith("The photos subtree of account a91"), steps.get(0).description());
    assertEquals("SELECT path, size, modified FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'",
        steps.get(0).sql());
    assertTrue(steps.get(1).sql().startsWith("WITH RECURSIVE tree AS ( SELECT account, path FROM files"),
        "a statement may span lines: " + steps.get(1).sql());
    assertTrue(steps.stream().noneMatch(s -> s.description().isEmpty() || s.sql().endsWith(";")));
    assertEquals(steps.size(), output.split("\n── ").length - 1, "every step is shown");
  }

  @Test
  void theSubtreeIsOneBeginsWithQueryWithoutItsSiblings() {
    String subtree = step("The photos subtree");
    assertTrue(subtree.contains("begins_with(#a1, :v1)"), subtree);
    assertTrue(subtree.contains("root/photos/2026/sunset.jpg"), subtree);
    assertTrue(subtree.lines().noneMatch(l -> l.startsWith("  root/photosX/") || l.matches("  root/photos +\\|.*")),
        "the sibling folder and file stay out:\n" + subtree);
    assertTrue(subtree.contains("(4 rows)"), subtree);
    assertTrue(subtree.contains("DynamoDB requests sent: 1 (Query ×1)"), subtree);

    String recursive = step("recursive walk");
    assertTrue(recursive.contains("(4 rows)") && recursive.contains("DynamoDB requests sent: 1 (Query ×1)"), recursive);
  }

  @Test
  void eachStatementShowsTheRequestsItSent() {
    assertTrue(step("One file by its whole key").contains("DynamoDB requests sent: 1 (GetItem ×1)"), output);
    assertTrue(step("A workspace and its projects").contains("DynamoDB requests sent: 1 (Query ×1)"), output);
    assertTrue(step("An IN list").contains("DynamoDB requests sent: 1 (BatchGetItem ×1)"), output);
    String raw = step("An unmapped table");
    assertTrue(raw.contains("temperature") && raw.contains("door"), raw);
  }

  @Test
  void aScanIsRefusedBeforeAnythingIsSentAndTheReasonIsGivenOnce() {
    String refused = step("No condition on the partition key");
    assertTrue(refused.contains("Refused (SQLState 42Z01), as EXPLAIN says above"), refused);
    assertEquals(1, refused.split("needs a full Scan", -1).length - 1, refused);
    assertTrue(refused.contains("scan=limit:N"), refused);
    assertTrue(refused.contains("DynamoDB requests sent: none"), refused);
  }

  @Test
  void aConditionDynamoDbChecksIsAFilterThatWarnsAndSaysWhatTheReadCost() {
    String filtered = step("is sent as a FilterExpression");
    assertTrue(filtered.contains("FilterExpression:          #a2 > :v2"), filtered);
    assertTrue(filtered.contains("DynamoDB after the read: keeps items where size > 1000000"), filtered);
    assertTrue(filtered.contains("(2 rows)"), filtered);
    assertTrue(filtered.contains("Warning: Table 'files': DynamoDB reads items and then discards those that fail "
        + "size > 1000000 (FilterExpression)"), filtered);
    assertTrue(filtered.contains("Warning: DynamoDB read 4 items in 1 request to return 2 rows (0.5 RCU); its "
        + "FilterExpression discarded 2 of them"), filtered);
    assertTrue(filtered.contains("DynamoDB requests sent: 1 (Query ×1)"), filtered);
  }

  @Test
  void aConditionCheckedAfterTheReadWarnsAndSaysWhatTheReadCost() {
    String filtered = step("is checked by the driver after the read");
    assertTrue(filtered.contains("Driver after the read: keeps items where modified >= "), filtered);
    assertTrue(filtered.contains("Warning: Table 'files': the driver reads items and then discards those that fail "
        + "modified >= "), filtered);
    assertTrue(filtered.contains("Warning: DynamoDB read 4 items in 1 request to return "), filtered);
    assertTrue(filtered.contains("DynamoDB requests sent: 1 (Query ×1)"), filtered);
  }

  @Test
  void eachStatementShowsWhatItCostAndTheCommandThatSendsItsRequest() {
    String subtree = step("The photos subtree");
    assertTrue(subtree.contains("\nCost: 1 Query, 4 items read, 0.5 RCU\n"), subtree);
    assertTrue(subtree.contains("AWS CLI:\n        aws dynamodb query --cli-input-json '{\"TableName\":\"Drive\","), subtree);
    String get = step("One file by its whole key");
    assertTrue(get.contains("\nCost: 1 GetItem, 1 item read, 0.5 RCU\n"), get);
    assertTrue(get.contains("aws dynamodb get-item --cli-input-json '{\"TableName\":\"Drive\",\"Key\":"), get);
    assertTrue(step("An IN list").contains("\nCost: 1 BatchGetItem, 2 items read, 1 RCU\n"), output);
    String filtered = step("is sent as a FilterExpression");
    assertTrue(filtered.contains("Warning: DynamoDB read 4 items in 1 request to return 2 rows (0.5 RCU)"), filtered);
    String refused = step("No condition on the partition key");
    assertTrue(!refused.contains("Cost:"), "a refused statement sent nothing, as its request line says: " + refused);
  }

  @Test
  void theRequestToCopyIsGivenAsDynamoDbJsonAndCostsNothing() {
    String json = step("The request to copy");
    assertTrue(json.contains("keycond> EXPLAIN PLAN AS JSON FOR SELECT path, size FROM files"), json);
    assertTrue(!json.contains("\nEXPLAIN\n"), "an EXPLAIN is shown by its rows alone: " + json);
    assertTrue(json.lines().anyMatch(l -> l.matches("  Query +\\| \\{\"TableName\":\"Drive\",.*"
        + "\"ExpressionAttributeValues\":\\{\":v0\":\\{\"S\":\"DRIVE#a91\"},\":v1\":\\{\"S\":\"root/photos/\"}}} \\| NULL")), json);
    assertTrue(json.contains("DynamoDB requests sent: none\nCost: no DynamoDB requests"), json);
  }

  @Test
  void timestampsPrintAsGetStringGivesThem() {
    assertTrue(step("The photos subtree").contains("| 2026-03-01 10:30:00"), output);
  }

  /** The output of the step whose description contains {@code words}. */
  private static String step(String words) {
    for (String section : output.split("\n── ")) {
      if (section.lines().findFirst().orElse("").contains(words)) {
        return section;
      }
    }
    throw new AssertionError("no step '" + words + "' in\n" + output);
  }
}
