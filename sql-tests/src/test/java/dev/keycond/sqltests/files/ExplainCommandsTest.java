package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.SdkJson;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The text EXPLAIN under the {@code explain} property: {@code cli} shows under each request the
 * AWS CLI command that sends it, {@code java} the AWS SDK for Java v2 code; the command's JSON is
 * the request's, and the command, run in the AWS CLI where one is installed, and the code, compiled
 * and run, read from dynalite what the statement reads.
 */
@ExtendWith(DynaliteExtension.class)
class ExplainCommandsTest {
  /**
   * A command line as the text EXPLAIN shows it: the operation, the JSON in single quotes, then the
   * endpoint and region of the connection (dynalite's, us-east-1).
   */
  private static final Pattern COMMAND =
      Pattern.compile("aws dynamodb ([a-z-]+) --cli-input-json '(.*)'( --no-paginate)?( --cli-binary-format base64)?"
          + " --endpoint-url (\\S+) --region (\\S+)");

  private static DynamoServer server;
  private static Connection cli;
  private static Connection java;
  private static Connection text;
  private static Connection controlCli;

  @BeforeAll
  static void connect(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    text = Keycond.loadAndConnect(server, "files");
    cli = Keycond.connect(server, "files", "explain=cli");
    java = Keycond.connect(server, "files", "explain=java");
    Keycond.loadAndConnect(server, "single-table").close();
    controlCli = Keycond.connect(server, "single-table", "explain=cli");
  }

  @AfterAll
  static void close() throws SQLException {
    text.close();
    cli.close();
    java.close();
    controlCli.close();
  }

  private static List<String> explain(Connection connection, String sql) throws SQLException {
    RequestRecorder.clear();
    List<String> lines = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        lines.add(rows.getString(1));
      }
    }
    assertEquals(List.of(), RequestRecorder.dataRequests(), "EXPLAIN sends nothing");
    return lines;
  }

  /** The lines after the title line (such as "AWS CLI:"), as long as they are indented deeper than it. */
  private static List<String> block(List<String> lines, String title) {
    int at = 0;
    while (at < lines.size() && !lines.get(at).strip().startsWith(title)) {
      at++;
    }
    assertTrue(at < lines.size(), () -> "no '" + title + "' in\n" + String.join("\n", lines));
    int indent = lines.get(at).indexOf(title);
    List<String> block = new ArrayList<>();
    for (int i = at + 1; i < lines.size() && lines.get(i).length() - lines.get(i).stripLeading().length() > indent;
        i++) {
      block.add(lines.get(i).substring(indent + 2));
    }
    return block;
  }

  /** The JSON in a command line, its POSIX single quotes undone. */
  private static String unquoted(String quoted) {
    return quoted.replace("'\\''", "'");
  }

  @Test
  void theCliCommandSendsTheRequestOnOnePageWhenItHasALimit() throws SQLException {
    String sql = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%' "
        + "ORDER BY path DESC LIMIT 2";
    List<String> command = block(explain(cli, "EXPLAIN PLAN FOR " + sql), "AWS CLI:");
    assertEquals(1, command.size(), command::toString);
    Matcher m = COMMAND.matcher(command.get(0));
    assertTrue(m.matches(), command.get(0));
    assertEquals("query", m.group(1));
    assertEquals(" --no-paginate", m.group(3), "the CLI would otherwise read past the Limit");
    assertEquals(json(text, sql), unquoted(m.group(2)));
    assertEquals(server.endpoint(), m.group(5), "the command goes where the connection goes");
    assertEquals("us-east-1", m.group(6));
  }

  @Test
  void aValueWithASingleQuoteIsQuotedForTheShell() throws SQLException {
    String sql = "SELECT size FROM files WHERE account = 'a91' AND path = 'it''s'";
    String command = block(explain(cli, "EXPLAIN PLAN FOR " + sql), "AWS CLI:").get(0);
    assertTrue(command.contains("{\"S\":\"it'\\''s\"}"), command);
    Matcher m = COMMAND.matcher(command);
    assertTrue(m.matches(), command);
    assertEquals("get-item", m.group(1));
    assertEquals(null, m.group(3));
    assertEquals(json(text, sql), unquoted(m.group(2)));
  }

  @Test
  void aRequestKnownOnlyOnceRowsAreReadSaysWhyItHasNoCommand() throws SQLException {
    List<String> lines = explain(controlCli,
        "EXPLAIN PLAN FOR SELECT id, status, owner FROM projects WHERE name = 'Borealis'");
    assertTrue(lines.stream().anyMatch(l -> l.strip().equals("AWS CLI: not shown, its keys are those the index "
        + "returns")), () -> String.join("\n", lines));
    assertTrue(lines.stream().anyMatch(l -> COMMAND.matcher(l.strip()).matches()
        && l.contains("\"IndexName\":\"ByName\"")), () -> String.join("\n", lines));
  }

  @Test
  void aQueryAsJavaCodeCompilesAndReadsTheStatementsItems(@TempDir Path dir) throws Exception {
    String sql = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'";
    List<String> snippet = block(explain(java, "EXPLAIN PLAN FOR " + sql), "AWS SDK for Java v2:");
    assertEquals("QueryResponse response = client.query(QueryRequest.builder()", snippet.get(0));

    QueryResponse response = (QueryResponse) run(snippet, dir);

    List<List<String>> rows = Keycond.query(text, sql);
    assertEquals(rows, response.items().stream()
        .map(i -> Arrays.asList(i.get("SK").s(), i.containsKey("size") ? i.get("size").n() : null)).toList());
    assertTrue(RequestRecorder.dataRequests().get(0).raw(DynamoDbRequest.class)
        .equalsBySdkFields(SdkJson.request("Query", json(text, sql))));
  }

  @Test
  void aGetItemAndABatchGetItemAsJavaCodeReadTheirItems(@TempDir Path dir) throws Exception {
    List<String> get = block(explain(java, "EXPLAIN PLAN FOR SELECT size FROM files WHERE account = 'a91' "
        + "AND path = 'root/photos/2026/beach.jpg'"), "AWS SDK for Java v2:");
    GetItemResponse item = (GetItemResponse) run(get, dir.resolve("get"));
    assertEquals("2048000", item.item().get("size").n());

    List<String> batch = block(explain(java, "EXPLAIN PLAN FOR SELECT account, path FROM files "
        + "WHERE account IN ('a91', 'b22') AND path = 'root/'"), "AWS SDK for Java v2:");
    BatchGetItemResponse items = (BatchGetItemResponse) run(batch, dir.resolve("batch"));
    assertEquals(List.of("DRIVE#a91", "DRIVE#b22"), items.responses().get("files_Drive").stream()
        .map(i -> i.get("PK").s()).sorted().toList());
  }

  /**
   * The command line exactly as EXPLAIN shows it, with the connection's endpoint and region, run by
   * a POSIX shell in the AWS CLI, gives the statement's rows from dynalite. It needs the AWS CLI on
   * the PATH: where there is none, the test is not made, and the build's output says so once (a
   * machine without the CLI is expected, not a skipped test).
   */
  @TestFactory
  Stream<DynamicTest> theCommandLineRunsAsItIsInTheAwsCli(@TempDir Path dir) {
    if (!onPath("aws")) {
      System.out.println("[keycond] The AWS CLI (aws) is not on the PATH, so no test runs the command lines "
          + "EXPLAIN prints in it; ExplainCommandsTest checks them as text only.");
      return Stream.empty();
    }
    return Stream.of(DynamicTest.dynamicTest("in the AWS CLI", () -> runInTheAwsCli(dir)));
  }

  private void runInTheAwsCli(Path dir) throws Exception {
    String sql = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%' "
        + "ORDER BY path DESC LIMIT 2";
    String query = block(explain(cli, "EXPLAIN PLAN FOR " + sql), "AWS CLI:").get(0);
    JsonNode answer = aws(query, dir);
    List<List<String>> items = new ArrayList<>();
    answer.get("Items").forEach(i -> items.add(List.of(i.get("SK").get("S").asText(), i.get("size").get("N").asText())));
    assertEquals(Keycond.query(text, sql), items);
    assertEquals(0.5, answer.get("ConsumedCapacity").get("Table").get("CapacityUnits").asDouble());

    // A value with a single quote, which the shell's quoting must keep.
    String get = block(explain(cli, "EXPLAIN PLAN FOR SELECT size FROM files WHERE account = 'a91' "
        + "AND path = 'it''s'"), "AWS CLI:").get(0);
    assertTrue(get.contains("'\\''"), get);
    assertTrue(aws(get, dir).get("Item") == null, "no file has that path");
  }

  /**
   * A request with a binary value gives it in base64, which AWS CLI v2 reads as such when told
   * {@code --cli-binary-format base64}; v1 would encode the base64 text again and send other bytes,
   * and refuses the option instead. Where the CLI is installed, the command runs: v2 finds the item,
   * v1 refuses, neither reads another item.
   */
  @Test
  void aRequestWithABinaryValueTellsTheCliItIsBase64(@TempDir Path dir) throws Exception {
    DynamoDbClient client = server.client();
    if (!client.listTables().tableNames().contains("cmd_Blobs")) {
      client.createTable(b -> b.tableName("cmd_Blobs").billingMode(BillingMode.PAY_PER_REQUEST)
          .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S)
                  .build(),
              AttributeDefinition.builder().attributeName("b").attributeType(ScalarAttributeType.B).build())
          .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build(),
              KeySchemaElement.builder().attributeName("b").keyType(KeyType.RANGE).build()));
    }
    client.putItem(b -> b.tableName("cmd_Blobs").item(Map.of("id", AttributeValue.fromS("k2"),
        "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, (byte) 0xFF, 0x10})))));
    try (Connection blobs = Keycond.connect(server.endpoint(), null, "explain=cli", "mapping=inline:{\"tables\": "
        + "{\"blobs\": {\"source\": \"cmd_Blobs\", \"columns\": {\"id\": \"VARCHAR\", \"b\": \"VARBINARY\"}, "
        + "\"keys\": {\"id\": \"{id}\", \"b\": \"{b}\"}}}}")) {
      String get = block(explain(blobs, "EXPLAIN PLAN FOR SELECT id FROM blobs WHERE id = 'k2' AND b = X'00FF10'"),
          "AWS CLI:").get(0);
      assertTrue(get.contains("\"b\":{\"B\":\"AP8Q\"}") && get.contains(" --cli-binary-format base64"), get);
      String text = block(explain(cli, "EXPLAIN PLAN FOR SELECT size FROM files WHERE account = 'a91' "
          + "AND path = 'root/'"), "AWS CLI:").get(0);
      assertFalse(text.contains("--cli-binary-format"), "only a request with binary values needs it: " + text);
      if (onPath("aws")) {
        CliRun run = cliRun(get, dir);
        if (run.output().contains("aws-cli/1.")) {
          assertTrue(run.code() != 0 && run.errors().contains("cli-binary-format"), run::toString);
        } else {
          assertEquals(0, run.code(), run::toString);
          assertEquals("k2", new ObjectMapper().readTree(run.output()).get("Item").get("id").get("S").asText());
        }
      }
    }
  }

  /** What a command line run in bash answered; {@code output} starts with {@code aws --version}'s line. */
  private record CliRun(int code, String output, String errors) {}

  private static CliRun cliRun(String commandLine, Path dir) throws Exception {
    Path errors = dir.resolve("binary-errors");
    Process process = inTheCli("aws --version 2>&1; " + commandLine, dir, errors).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = process.waitFor();
    String version = out.lines().findFirst().orElse("");
    return new CliRun(code, version + "\n" + out.substring(Math.min(out.length(), version.length())).strip(),
        read(errors));
  }

  private static boolean onPath(String command) {
    return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .anyMatch(directory -> Files.isExecutable(Path.of(directory, command)));
  }

  /** Runs a command line in bash with placeholder credentials; its JSON answer. */
  private static JsonNode aws(String commandLine, Path dir) throws Exception {
    Path errors = dir.resolve("errors");
    Process process = inTheCli(commandLine, dir, errors).start();
    byte[] out = process.getInputStream().readAllBytes();
    int code = process.waitFor();
    assertEquals(0, code, () -> commandLine + "\n" + read(errors));
    return new ObjectMapper().readTree(out);
  }

  /** A command line for bash, its JSON answer on the output, its errors to {@code errors}. */
  private static ProcessBuilder inTheCli(String commandLine, Path dir, Path errors) {
    ProcessBuilder builder = new ProcessBuilder("bash", "-c", commandLine + " --output json");
    // dynalite takes any key; the user's own AWS configuration stays out of the run.
    builder.environment().put("AWS_ACCESS_KEY_ID", "demo");
    builder.environment().put("AWS_SECRET_ACCESS_KEY", "demo");
    builder.environment().put("AWS_CONFIG_FILE", dir.resolve("config").toString());
    builder.environment().put("AWS_SHARED_CREDENTIALS_FILE", dir.resolve("credentials").toString());
    builder.environment().put("AWS_PAGER", "");
    builder.redirectError(errors.toFile());
    return builder;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "(no error output: " + e.getMessage() + ")";
    }
  }

  @Test
  void aUserAndPasswordWrittenIntoTheEndpointStayOutOfTheCommand() throws SQLException {
    String endpoint = server.endpoint().replace("http://", "http://someone:hunter2@");
    try (Connection withUserInfo = Keycond.connect(endpoint, "files", "explain=cli")) {
      String command = block(explain(withUserInfo, "EXPLAIN PLAN FOR SELECT size FROM files WHERE account = 'a91' "
          + "AND path = 'root/'"), "AWS CLI:").get(0);
      Matcher m = COMMAND.matcher(command);
      assertTrue(m.matches(), command);
      assertEquals(server.endpoint(), m.group(5));
      assertTrue(!command.contains("hunter2") && !command.contains("someone"), command);
    }
  }

  @Test
  void anUnknownFormIsRefusedAtConnect() {
    SQLException e = assertThrows(SQLException.class, () -> Keycond.connect(server, "files", "explain=yaml"));
    assertEquals("22023", e.getSQLState());
    assertEquals("Invalid value 'yaml' for property explain: use text, cli or java", e.getMessage());
  }

  private static String json(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("EXPLAIN PLAN AS JSON FOR " + sql)) {
      assertTrue(rows.next());
      return rows.getString("REQUEST");
    }
  }

  /**
   * Compiles the snippet with the imports the README names, in a method that has a {@code
   * DynamoDbClient client}, and runs it against dynalite; returns its {@code response}.
   */
  private static Object run(List<String> snippet, Path dir) throws Exception {
    Files.createDirectories(dir);
    String source = String.join("\n",
        "import java.util.Base64;",
        "import java.util.List;",
        "import java.util.Map;",
        "import software.amazon.awssdk.core.SdkBytes;",
        "import software.amazon.awssdk.services.dynamodb.DynamoDbClient;",
        "import software.amazon.awssdk.services.dynamodb.model.*;",
        "public class Snippet {",
        "  public static Object run(DynamoDbClient client) {",
        String.join("\n", snippet),
        "    return response;",
        "  }",
        "}");
    Path file = dir.resolve("Snippet.java");
    Files.writeString(file, source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int code = javac.run(null, null, errors, "-classpath", System.getProperty("java.class.path"), "-d",
        dir.toString(), file.toString());
    assertEquals(0, code, () -> errors.toString(StandardCharsets.UTF_8) + "\n" + source);
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
        ExplainCommandsTest.class.getClassLoader())) {
      return loader.loadClass("Snippet").getMethod("run", DynamoDbClient.class).invoke(null, server.client());
    }
  }
}
