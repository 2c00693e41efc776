package dev.keycond.sqltests.sqlfile;

import dev.keycond.KeycondStatement;
import dev.keycond.planner.cost.Capacity;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.ExpressionRenderer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.harness.ServerKind;
import dev.keycond.sqltests.sqlfile.SqlTestCase.ExpectedError;
import dev.keycond.sqltests.sqlfile.SqlTestCase.ExpectedRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Instant;
import java.util.Comparator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.opentest4j.AssertionFailedError;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Runs the cases of one {@code .sqltest} file and checks each against its expectations, reporting
 * every mismatch of a case at once, with the actual outcome written in .sqltest syntax.
 */
final class CaseRunner {
  /** A qualified Java class name ending in Exception or Error: an internal error leaking out. */
  private static final Pattern LEAKED_CLASS =
      Pattern.compile("\\b(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b");

  private final DynamoServer server;
  private final SqlTestFile file;
  private final ConnectionPool connections;

  CaseRunner(DynamoServer server, SqlTestFile file, ConnectionPool connections) {
    this.server = server;
    this.file = file;
    this.connections = connections;
  }

  void run(SqlTestCase c) throws SQLException {
    for (String fixture : file.fixtures()) {
      if (c.writes()) {
        Fixtures.restore(server, fixture);
      } else {
        Fixtures.load(server, fixture);
      }
    }
    List<String> problems = new ArrayList<>();
    if (!c.plan().isEmpty()) {
      checkPlan(c, problems);
    }
    Outcome outcome;
    try {
      outcome = execute(c);
      c.items().ifPresent(items -> {
        outcome.itemsSection = "--- items " + items.table() + items.partition().map(p -> " " + p).orElse("");
        outcome.items = items(items);
      });
    } finally {
      if (c.writes()) {
        file.fixtures().forEach(fixture -> Fixtures.restore(server, fixture));
      }
    }
    if (c.error().isPresent()) {
      checkError(c.error().get(), outcome, problems);
    } else if (c.count().isPresent()) {
      if (outcome.error != null || outcome.count == null || outcome.count != c.count().getAsLong()) {
        problems.add("expected the update count " + c.count().getAsLong() + ", got "
            + (outcome.error != null ? outcome.error.getSQLState() + " " + outcome.error.getMessage()
                : outcome.count == null ? "rows" : outcome.count));
      }
    } else {
      checkRows(c.rows().orElseThrow(), outcome, problems);
    }
    c.items().ifPresent(items -> {
      List<String> want = items.lines().stream().map(RequestLine::normalize).toList();
      List<String> got = outcome.items.stream().map(RequestLine::normalize).toList();
      if (!want.equals(got)) {
        problems.add("the items of " + items.table() + items.partition().map(p -> " partition '" + p + "'").orElse("")
            + " differ:\n  expected:\n    " + String.join("\n    ", want) + "\n  actual:\n    " + String.join("\n    ", got));
      }
    });
    checkRequests(c, outcome, problems);
    checkWarnings(c, outcome, problems);
    checkCost(c, outcome, problems);
    if (!problems.isEmpty()) {
      String message = file.resource() + ":" + c.line() + " '" + c.title() + "'\n"
          + c.sql() + "\n" + String.join("\n", problems)
          + "\nActual outcome:\n" + outcome.transcript();
      AssertionFailedError failure =
          new AssertionFailedError(message, expectedTranscript(c), outcome.transcript());
      if (outcome.error != null) {
        failure.initCause(outcome.error);
      }
      throw failure;
    }
  }

  /**
   * The items of a table (of one partition, when the case names it) as the server holds them, read
   * with the raw SDK, strongly consistent, each rendered as a request line renders a key, in key order.
   */
  private List<String> items(SqlTestCase.ExpectedItems expected) {
    DynamoDbClient client = server.client();
    List<String> key = client.describeTable(d -> d.tableName(expected.table())).table().keySchema().stream()
        .map(KeySchemaElement::attributeName).toList();
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanResponse page = client.scan(ScanRequest.builder().tableName(expected.table()).exclusiveStartKey(start)
          .consistentRead(true).build());
      page.items().stream().filter(item -> expected.partition().map(p -> p.equals(item.get(key.get(0)).s())).orElse(true))
          .forEach(items::add);
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    Comparator<Map<String, AttributeValue>> order = Comparator.comparing(i -> ExpressionRenderer.value(i.get(key.get(0))));
    if (key.size() > 1) {
      order = order.thenComparing(i -> ExpressionRenderer.value(i.get(key.get(1))));
    }
    return items.stream().sorted(order).map(ExpressionRenderer::map).toList();
  }

  private Map<String, String> properties(SqlTestCase c) {
    return properties(file, c);
  }

  /** The connection properties of a case: its file's mapping and properties, then its own. */
  static Map<String, String> properties(SqlTestFile file, SqlTestCase c) {
    Map<String, String> properties = new LinkedHashMap<>();
    file.mapping().ifPresent(m -> properties.put("mapping", Fixtures.mapping(m).toString()));
    properties.putAll(file.properties());
    properties.putAll(c.properties());
    return properties;
  }

  private Outcome execute(SqlTestCase c) {
    return execute(connections, properties(c), c.sql(), c);
  }

  /**
   * Runs {@code sql} as case {@code c} runs its own: with its parameters, if it has any, and its
   * maxRows, on the pool's connection for its properties.
   */
  static Outcome execute(ConnectionPool connections, Map<String, String> properties, String sql, SqlTestCase c) {
    Outcome outcome = new Outcome();
    RequestRecorder.clear();
    long startedSecond = Instant.now().getEpochSecond();
    Statement statement = null;
    try {
      Connection connection = connections.get(properties);
      ResultSet result;
      if (c.parameters().isEmpty()) {
        statement = connection.createStatement();
        setMaxRows(statement, c);
        result = c.writes() ? (statement.execute(sql) ? statement.getResultSet() : null) : statement.executeQuery(sql);
      } else {
        PreparedStatement prepared = connection.prepareStatement(sql);
        statement = prepared;
        setMaxRows(statement, c);
        bind(prepared, c.parameters());
        result = c.writes() ? (prepared.execute() ? prepared.getResultSet() : null) : prepared.executeQuery();
      }
      if (result == null) {
        outcome.count = statement.getLargeUpdateCount();
      } else {
        read(result, outcome);
      }
      for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
        outcome.warnings.add(w.getMessage());
      }
      outcome.cost = costLines(statement.unwrap(KeycondStatement.class).cost());
    } catch (SQLException e) {
      outcome.error = e;
    } finally {
      long endedSecond = Instant.now().getEpochSecond();
      outcome.requests = RequestRecorder.dataRequests().stream()
          .map(r -> RequestLine.withStatementTime(RequestLine.render(r), startedSecond, endedSecond)).toList();
      close(statement);
    }
    return outcome;
  }

  private static void setMaxRows(Statement statement, SqlTestCase c) throws SQLException {
    if (c.maxRows().isPresent()) {
      statement.setMaxRows(Math.toIntExact(c.maxRows().getAsLong()));
    }
  }

  private static void bind(PreparedStatement statement, List<Parameter> parameters)
      throws SQLException {
    for (int i = 0; i < parameters.size(); i++) {
      parameters.get(i).bind(statement, i + 1);
    }
  }

  private static void read(ResultSet result, Outcome outcome) throws SQLException {
    try (result) {
      ResultSetMetaData meta = result.getMetaData();
      List<String> header = new ArrayList<>();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        header.add(meta.getColumnLabel(i));
      }
      outcome.header = header;
      while (result.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= header.size(); i++) {
          row.add(result.getString(i));
        }
        outcome.rows.add(row);
      }
    }
  }

  private void checkPlan(SqlTestCase c, List<String> problems) {
    List<String> lines = new ArrayList<>();
    RequestRecorder.clear();
    try (PreparedStatement explain =
        connections.get(properties(c)).prepareStatement("EXPLAIN PLAN FOR " + c.sql())) {
      bind(explain, c.parameters());
      try (ResultSet result = explain.executeQuery()) {
        while (result.next()) {
          lines.add(result.getString(1));
        }
      }
    } catch (SQLException e) {
      problems.add("EXPLAIN PLAN FOR failed: " + e.getSQLState() + " " + e.getMessage());
      return;
    }
    List<String> sent = RequestRecorder.dataRequests().stream().map(RequestLine::render).toList();
    if (!sent.isEmpty()) {
      problems.add("EXPLAIN must send no item requests, but sent " + sent);
    }
    int at = 0;
    for (String expected : c.plan()) {
      Pattern wanted = planLine(expected);
      while (at < lines.size()
          && !wanted.matcher(RequestLine.normalize(lines.get(at))).matches()) {
        at++;
      }
      if (at == lines.size()) {
        problems.add("EXPLAIN lacks the line '" + expected + "' (after the lines matched before "
            + "it); the EXPLAIN output is:\n  " + String.join("\n  ", lines));
        return;
      }
      at++;
    }
  }

  /**
   * A plan line matches an EXPLAIN line as a whole, white space runs counting as one space, and
   * '*' standing for any text: the placeholder names in expressions ({@code #a0}, {@code :v1}) are
   * the driver's own choice, so cases write {@code #* = :*} instead of pinning them.
   */
  static Pattern planLine(String expected) {
    StringBuilder regex = new StringBuilder();
    for (String part : RequestLine.normalize(expected).split("\\*", -1)) {
      if (regex.length() > 0) {
        regex.append(".*");
      }
      regex.append(Pattern.quote(part));
    }
    return Pattern.compile(regex.toString());
  }

  private static void checkRows(ExpectedRows expected, Outcome outcome, List<String> problems) {
    if (outcome.error != null) {
      problems.add("expected rows, but the statement failed: " + outcome.error.getSQLState() + " "
          + outcome.error.getMessage());
      return;
    }
    if (!expected.header().equals(outcome.header)) {
      problems.add("columns differ: expected " + expected.header() + ", got " + outcome.header);
    }
    List<String> want = expected.rows().stream().map(Outcome::row).toList();
    List<String> got = outcome.rows.stream().map(Outcome::row).toList();
    if (expected.unordered()) {
      want = want.stream().sorted().toList();
      got = got.stream().sorted().toList();
    }
    if (!want.equals(got)) {
      problems.add("rows differ" + (expected.unordered() ? " (compared unordered)" : "")
          + ":\n  expected:\n    " + String.join("\n    ", want)
          + "\n  actual:\n    " + String.join("\n    ", got));
    }
  }

  private static void checkError(ExpectedError expected, Outcome outcome, List<String> problems) {
    SQLException error = outcome.error;
    if (error == null) {
      problems.add("expected error " + expected.sqlState() + ", but the statement returned "
          + outcome.rows.size() + " rows");
      return;
    }
    if (!expected.sqlState().equals(error.getSQLState())) {
      problems.add("SQLState: expected " + expected.sqlState() + ", got " + error.getSQLState());
    }
    expected.exceptionClass().ifPresent(name -> {
      if (!name.equals(error.getClass().getSimpleName())) {
        problems.add("exception class: expected " + name + ", got " + error.getClass().getName());
      }
    });
    String message = String.valueOf(error.getMessage());
    for (String part : expected.messageParts()) {
      if (!message.contains(part)) {
        problems.add("the message lacks '" + part + "'");
      }
    }
    if (LEAKED_CLASS.matcher(message).find() || message.contains("\tat ")) {
      problems.add("the message shows Java internals (a class name or stack trace), which a "
          + "person cannot act on");
    }
  }

  private static void checkRequests(SqlTestCase c, Outcome outcome, List<String> problems) {
    boolean unordered = c.requests().map(r -> r.unordered()).orElse(false);
    List<String> want = c.requests().map(r -> r.lines()).orElse(List.of()).stream()
        .map(RequestLine::normalize).toList();
    List<String> got = outcome.requests.stream().map(RequestLine::normalize).toList();
    if (unordered) {
      want = want.stream().sorted().toList();
      got = got.stream().sorted().toList();
    }
    if (!want.equals(got)) {
      problems.add("DynamoDB requests differ" + (c.requests().isEmpty() ? " (none may be sent)" : "")
          + ":\n  expected:\n    " + String.join("\n    ", want)
          + "\n  actual:\n    " + String.join("\n    ", got));
    }
  }

  private static void checkWarnings(SqlTestCase c, Outcome outcome, List<String> problems) {
    if (outcome.error != null) {
      return;
    }
    String all = String.join("\n", outcome.warnings);
    if (c.warnings().isEmpty()) {
      if (!outcome.warnings.isEmpty()) {
        problems.add("expected no warnings, got:\n  " + String.join("\n  ", outcome.warnings));
      }
      return;
    }
    for (String part : c.warnings().get()) {
      if (!all.contains(part)) {
        String shown = outcome.warnings.isEmpty()
            ? " (none)" : "\n  " + String.join("\n  ", outcome.warnings);
        problems.add("no warning contains '" + part + "'; the warnings are:" + shown);
      }
    }
  }

  /** A cost as a case writes it: the summary line, then one line per table and index. */
  private static List<String> costLines(StatementCost cost) {
    List<String> lines = new ArrayList<>();
    lines.add(cost.summary());
    cost.capacity().stream().map(Capacity::describe).forEach(lines::add);
    return lines;
  }

  /**
   * The capacity units are dynalite's: DynamoDB, the DynamoDB Local inside LocalStack and moto
   * round and report them their own way (moto charges eventually consistent reads at the strongly
   * consistent rate), so only the dynalite run checks them.
   */
  private void checkCost(SqlTestCase c, Outcome outcome, List<String> problems) {
    if (c.cost().isEmpty() || outcome.error != null || server.kind() != ServerKind.DYNALITE) {
      return;
    }
    List<String> want = c.cost().get().stream().map(RequestLine::normalize).toList();
    List<String> got = outcome.cost.stream().map(RequestLine::normalize).toList();
    if (!want.equals(got)) {
      problems.add("the cost differs:\n  expected:\n    " + String.join("\n    ", want)
          + "\n  actual:\n    " + String.join("\n    ", got));
    }
  }

  /** The case's expectations in .sqltest syntax, the left side of an IDE's diff. */
  private static String expectedTranscript(SqlTestCase c) {
    StringBuilder text = new StringBuilder();
    c.error().ifPresent(e -> {
      text.append("--- error ").append(e.sqlState())
          .append(e.exceptionClass().map(n -> " " + n).orElse("")).append('\n');
      e.messageParts().forEach(part -> text.append(part).append('\n'));
    });
    c.count().ifPresent(n -> text.append("--- count ").append(n).append('\n'));
    c.rows().ifPresent(r -> {
      text.append("--- rows").append(r.unordered() ? " unordered" : "").append('\n')
          .append(String.join(" | ", r.header())).append('\n');
      r.rows().forEach(row -> text.append(Outcome.row(row)).append('\n'));
    });
    text.append("--- requests\n");
    c.requests().ifPresent(r -> r.lines().forEach(line -> text.append(line).append('\n')));
    c.warnings().ifPresent(w -> {
      text.append("--- warning\n");
      w.forEach(line -> text.append(line).append('\n'));
    });
    c.items().filter(i -> !i.lines().isEmpty()).ifPresent(i -> {
      text.append("--- items ").append(i.table()).append(i.partition().map(p -> " " + p).orElse("")).append('\n');
      i.lines().forEach(line -> text.append(line).append('\n'));
    });
    c.cost().ifPresent(lines -> {
      text.append("--- cost\n");
      lines.forEach(line -> text.append(line).append('\n'));
    });
    return text.toString();
  }

  private static void close(Statement statement) {
    if (statement != null) {
      try {
        statement.close();
      } catch (SQLException e) {
        // The outcome is already decided; a failing close would surface in the next case.
      }
    }
  }
}
