package dev.keycond.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.demo.DemoData;
import dev.keycond.demo.Dynalite;
import dev.keycond.shell.Shell;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every SQL example of the README and the docs pages runs on the demo's data and prints what the
 * page says it prints. An example is a fenced code block that starts with a statement: {@code
 * keycond> } lines (a shell session: each statement's output lines follow it), or a statement
 * followed, after a blank line, by its output (an EXPLAIN, a refusal, a result table); a block of
 * output alone right after a statement's block is that statement's EXPLAIN. In the output a line
 * {@code ...} stands for any number of lines, and timings and ports are whatever the run gave.
 *
 * <p>An example the demo's data cannot run (it needs a table the demo does not have) says so above
 * its block in a line that starts with {@value #NOT_ON_THE_DEMO}, shown to the reader; the test
 * checks that such a statement does fail on the demo for want of its table. The figures the pages
 * quote in their text ({@code DynamoDB read 4 items in 1 request to return 2 rows}) must be ones
 * the examples print.
 */
class DocumentationExamplesTest {
  static final String NOT_ON_THE_DEMO = "*Not on the demo's data";
  private static final Pattern STATEMENT = Pattern.compile(
      "^(?:keycond> )?(?:SELECT|WITH|EXPLAIN|INSERT|UPDATE|DELETE|UPSERT|MERGE|VALUES)\\b.*", Pattern.CASE_INSENSITIVE);
  private static final Pattern READ_FIGURE = Pattern.compile("DynamoDB read \\d+ items? in \\d+ requests? to return \\d+ rows?");
  /** A statement a refusal suggests: "bind it, filling in <a>: SELECT ...", up to "; or". */
  private static final Pattern ADVICE =
      Pattern.compile("(?:bind it|use index '[^']+'), filling in <[^>]+>(?: and <[^>]+>)*: (.*?)(?=; or[ ,])");
  private static final Pattern PLACEHOLDER = Pattern.compile("<[a-z_]+>");
  /** A demo value for each placeholder a refusal's advice may leave to fill in. */
  private static final Map<String, String> DEMO_VALUES = Map.of("<account>", "'a91'", "<path>", "'root/photos/'",
      "<id>", "'acme'", "<workspace_id>", "'acme'");

  private static Dynalite dynalite;
  private static String url;
  private static Connection connection;
  /** Everything the examples printed, for the figures the pages quote in their text. */
  private static final StringBuilder PRINTED = new StringBuilder();

  @BeforeAll
  static void demo() throws IOException, SQLException {
    dynalite = new Dynalite();
    DemoData.install(dynalite.endpoint());
    Path mapping = Files.createTempFile("keycond-docs-mapping", ".json");
    mapping.toFile().deleteOnExit();
    DemoData.writeMapping(mapping);
    url = "jdbc:keycond:region=us-east-1;endpoint=" + dynalite.endpoint() + ";user=docs;password=docs;mapping=" + mapping;
    connection = DriverManager.getConnection(url);
  }

  @AfterAll
  static void stop() throws SQLException {
    connection.close();
    dynalite.close();
  }

  /** A fenced block of a page that starts with a statement, and the block of output after it, if any. */
  record Example(String page, int line, List<String> lines, Optional<List<String>> explain, boolean notOnTheDemo) {
    String name() {
      return page + ":" + line;
    }
  }

  /** Each example in the pages' order, then the figures the pages' text quotes, from what they printed. */
  @TestFactory
  Stream<DynamicTest> everyExampleRunsOnTheDemoAndPrintsWhatThePageSays() throws IOException {
    List<Example> examples = examples();
    assertTrue(examples.size() > 10, "the pages' examples are found: " + examples.size());
    return Stream.concat(examples.stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> check(e))),
        Stream.of(DynamicTest.dynamicTest("the figures the pages quote are ones the examples print",
            DocumentationExamplesTest::figures)));
  }

  private static void figures() throws IOException {
    List<String> unprinted = new ArrayList<>();
    for (Path page : DocumentationLinksTest.pages()) {
      Matcher figure = READ_FIGURE.matcher(
          DocumentationLinksTest.withoutCode(Files.readString(page)).replaceAll("\\s+", " "));
      while (figure.find()) {
        if (PRINTED.indexOf(figure.group()) < 0) {
          unprinted.add(DocumentationLinksTest.ROOT.relativize(page) + ": " + figure.group());
        }
      }
    }
    assertEquals(List.of(), unprinted, "figures no example prints; what they printed:\n" + PRINTED);
  }

  private static void check(Example e) throws Exception {
    String first = e.lines().get(0);
    if (e.notOnTheDemo()) {
      String sql = statement(e.lines()).replaceFirst("^keycond> ", "").replaceAll(";$", "");
      SQLException refused = assertThrows(SQLException.class, () -> rows(sql), e.name());
      assertTrue(refused.getMessage().matches("(?s).*(Object|Table) '[^']+' not found.*"),
          e.name() + " is marked as needing a table the demo lacks, yet fails otherwise: " + refused.getMessage());
    } else if (first.startsWith("keycond> ")) {
      checkSession(e);
    } else {
      checkStatement(e);
    }
  }

  /** A shell session: each statement run in the shell, its output as the page gives it. */
  private static void checkSession(Example e) throws IOException {
    List<String> expected = new ArrayList<>();
    String sql = null;
    for (String line : append(e.lines(), "keycond> ")) {
      if (line.startsWith("keycond> ")) {
        if (sql != null) {
          ByteArrayOutputStream printed = new ByteArrayOutputStream();
          int code = Shell.run(Optional.of(url), List.of("-e", sql), InputStream.nullInputStream(), printed, printed);
          String output = printed.toString(StandardCharsets.UTF_8);
          PRINTED.append(output).append('\n');
          assertEquals(0, code, e.name() + ": " + sql + "\n" + output);
          assertMatches(e.name() + ": " + sql, expected, output.lines().toList());
        }
        sql = line.substring("keycond> ".length());
        expected = new ArrayList<>();
      } else if (!line.isBlank()) {
        expected.add(line);
      }
    }
  }

  /** A statement, then its output: an EXPLAIN's text, a refusal, or a result table. */
  private static void checkStatement(Example e) throws Exception {
    String sql = statement(e.lines());
    int blank = e.lines().indexOf("");
    List<String> output = blank < 0 ? List.of() : e.lines().subList(blank + 1, e.lines().size());
    List<String> expected = e.explain().orElse(output);
    if (!expected.isEmpty() && expected.get(0).startsWith("java.sql.")) {
      checkRefusal(e, sql, expected);
      return;
    }
    boolean explains = sql.regionMatches(true, 0, "EXPLAIN", 0, 7);
    if (e.explain().isPresent()) {
      assertMatches(e.name(), expected, explain("EXPLAIN PLAN FOR " + sql, expected));
      run(sql);
    } else if (explains && !sql.regionMatches(true, 0, "EXPLAIN PLAN AS JSON", 0, 20)) {
      assertMatches(e.name(), expected, explain(sql, expected));
      String read = sql.replaceFirst("(?i)^EXPLAIN PLAN FOR ", "");
      if (!read.regionMatches(true, 0, "UPDATE", 0, 6)) {
        run(read);
      }
    } else if (expected.isEmpty()) {
      run(sql);
    } else {
      List<String> wanted = expected.stream().map(DocumentationExamplesTest::cells).toList();
      List<List<String>> rows = rows(sql);
      List<String> vertical = table(transposed(rows)).stream().map(DocumentationExamplesTest::cells).toList();
      assertMatches(e.name(), wanted, rows.size() == 2 && wanted.equals(vertical) ? vertical
          : table(rows).stream().map(DocumentationExamplesTest::cells).toList());
    }
  }

  /** A single row as the pages may print it: one {@code COLUMN | value} line per column. */
  private static List<List<String>> transposed(List<List<String>> rows) {
    List<List<String>> columns = new ArrayList<>();
    for (int c = 0; c < rows.get(0).size(); c++) {
      List<String> column = new ArrayList<>();
      for (List<String> row : rows) {
        column.add(row.get(c));
      }
      columns.add(column);
    }
    return columns;
  }

  /**
   * A refused statement: the page's error text is the exception's, and each statement its advice
   * suggests, filled in with the demo's values, reads without a Scan.
   */
  private static void checkRefusal(Example e, String sql, List<String> expected) throws Exception {
    SQLException refused = assertThrows(SQLException.class, () -> rows(sql), e.name());
    String printed = refused.getClass().getName() + " (SQLState " + refused.getSQLState() + "): " + refused.getMessage();
    assertEquals(String.join(" ", expected).replaceAll("\\s+", " "), printed.replaceAll("\\s+", " "), e.name());
    Matcher advice = ADVICE.matcher(refused.getMessage());
    int advised = 0;
    while (advice.find()) {
      advised++;
      String filled = advice.group(1);
      for (Map.Entry<String, String> value : DEMO_VALUES.entrySet()) {
        filled = filled.replace(value.getKey(), value.getValue());
      }
      assertFalse(PLACEHOLDER.matcher(filled).find(), "a demo value for each placeholder of " + filled);
      String plan = String.join("\n", explain("EXPLAIN PLAN FOR " + filled, List.of()));
      assertFalse(plan.contains("Scan on table"), filled + " plans without a Scan:\n" + plan);
      assertTrue(rows(filled).size() > 1, filled + " reads rows of the demo");
    }
    assertTrue(advised > 0, "the refusal gives a statement to run: " + refused.getMessage());
  }

  /** The statement a block starts with: its lines up to the first blank one. */
  private static String statement(List<String> lines) {
    List<String> statement = new ArrayList<>();
    for (String line : lines) {
      if (line.isBlank()) {
        break;
      }
      statement.add(line.replaceFirst("\\s+--\\s.*$", ""));
    }
    return String.join("\n", statement);
  }

  /** The EXPLAIN's lines, with the AWS CLI commands when the page shows them. */
  private static List<String> explain(String sql, List<String> expected) throws SQLException {
    Properties properties = new Properties();
    if (expected.stream().anyMatch(line -> line.strip().equals("AWS CLI:"))) {
      properties.setProperty("explain", "cli");
    }
    try (Connection explaining = properties.isEmpty() ? null : DriverManager.getConnection(url, properties)) {
      List<List<String>> rows = rows(explaining == null ? connection : explaining, sql);
      List<String> lines = new ArrayList<>();
      for (List<String> row : rows.subList(1, rows.size())) {
        lines.addAll(row.get(0).lines().toList());
      }
      return lines;
    }
  }

  /** Runs a read to its end, keeping its warnings and cost for the figures the pages quote. */
  private static void run(String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        // read every row, so that the warning on the items read versus the rows returned is given
      }
      for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
        PRINTED.append(w.getMessage()).append('\n');
      }
    }
  }

  private static List<List<String>> rows(String sql) throws SQLException {
    return rows(connection, sql);
  }

  /** The header, then each row, every value as getString gives it ({@code NULL} for null). */
  private static List<List<String>> rows(Connection on, String sql) throws SQLException {
    try (Statement statement = on.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      ResultSetMetaData meta = rows.getMetaData();
      List<List<String>> table = new ArrayList<>();
      List<String> header = new ArrayList<>();
      for (int c = 1; c <= meta.getColumnCount(); c++) {
        header.add(meta.getColumnLabel(c));
      }
      table.add(header);
      while (rows.next()) {
        List<String> row = new ArrayList<>();
        for (int c = 1; c <= meta.getColumnCount(); c++) {
          row.add(rows.getString(c) == null ? "NULL" : rows.getString(c));
        }
        table.add(row);
      }
      return table;
    }
  }

  /** A result as the pages print it: a header line and one line per row, cells between {@code |}. */
  private static List<String> table(List<List<String>> rows) {
    List<String> lines = new ArrayList<>();
    rows.forEach(row -> lines.add(String.join(" | ", row)));
    return lines;
  }

  private static String cells(String line) {
    return String.join("|", Stream.of(line.split("\\|")).map(String::strip).toList());
  }

  /** The actual lines match the expected ones in order, a {@code ...} line matching any number of lines. */
  private static void assertMatches(String example, List<String> expected, List<String> actual) {
    List<String> wanted = expected.stream().map(DocumentationExamplesTest::normal).toList();
    List<String> got = actual.stream().map(DocumentationExamplesTest::normal).toList();
    assertTrue(matches(wanted, 0, got, 0), example + ": the page says\n" + String.join("\n", expected)
        + "\nthe demo prints\n" + String.join("\n", actual));
  }

  private static boolean matches(List<String> wanted, int w, List<String> got, int g) {
    if (w == wanted.size()) {
      return g == got.size();
    }
    if (wanted.get(w).equals("...")) {
      for (int skip = g; skip <= got.size(); skip++) {
        if (matches(wanted, w + 1, got, skip)) {
          return true;
        }
      }
      return false;
    }
    return g < got.size() && wanted.get(w).equals(got.get(g)) && matches(wanted, w + 1, got, g + 1);
  }

  /** Leaves out what differs from run to run: timings and the local server's port. */
  private static String normal(String line) {
    return line.strip()
        .replaceAll("\\(\\d+\\.\\d+ seconds\\)", "(<time>)")
        .replaceAll("127\\.0\\.0\\.1:\\d+", "127.0.0.1:<port>");
  }

  static List<Example> examples() throws IOException {
    List<Example> examples = new ArrayList<>();
    for (Path page : DocumentationLinksTest.pages()) {
      List<String> lines = Files.readAllLines(page);
      String name = DocumentationLinksTest.ROOT.relativize(page).toString();
      for (int i = 0; i < lines.size(); i++) {
        if (!lines.get(i).startsWith("```")) {
          continue;
        }
        String info = lines.get(i).substring(3).strip();
        int end = close(lines, i);
        List<String> block = lines.subList(i + 1, end);
        if ((info.isEmpty() || info.equals("sql")) && !block.isEmpty() && STATEMENT.matcher(block.get(0)).matches()) {
          Optional<List<String>> explain = outputAfter(lines, end, block);
          examples.add(new Example(name, i + 1, block, explain, notOnTheDemo(lines, i)));
        }
        i = end;
      }
    }
    return examples;
  }

  /** A block of EXPLAIN output right after a statement's block with no output of its own. */
  private static Optional<List<String>> outputAfter(List<String> lines, int end, List<String> block) {
    if (block.stream().anyMatch(String::isBlank) || block.get(0).startsWith("keycond> ")) {
      return Optional.empty();
    }
    int next = end + 1;
    while (next < lines.size() && lines.get(next).isBlank()) {
      next++;
    }
    if (next < lines.size() && lines.get(next).equals("```") && next + 1 < lines.size()
        && lines.get(next + 1).startsWith("DynamoDB requests:")) {
      return Optional.of(lines.subList(next + 1, close(lines, next)));
    }
    return Optional.empty();
  }

  private static boolean notOnTheDemo(List<String> lines, int fence) {
    int above = fence - 1;
    while (above >= 0 && lines.get(above).isBlank()) {
      above--;
    }
    return above >= 0 && lines.get(above).startsWith(NOT_ON_THE_DEMO);
  }

  private static int close(List<String> lines, int open) {
    for (int i = open + 1; i < lines.size(); i++) {
      if (lines.get(i).startsWith("```")) {
        return i;
      }
    }
    throw new AssertionError("an unclosed code block at line " + (open + 1));
  }

  private static List<String> append(List<String> lines, String last) {
    List<String> all = new ArrayList<>(lines);
    all.add(last);
    return all;
  }
}
