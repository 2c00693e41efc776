package dev.keycond.demo;

import dev.keycond.KeycondStatement;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Runs the demo's statements and shows, for each, its EXPLAIN, its rows, the statement's warnings,
 * the DynamoDB requests that really went out and what they cost. A statement that is an EXPLAIN
 * itself is shown by its rows.
 */
final class Showcase {
  /** A statement of the showcase and the comment that describes it. */
  record Step(String description, String sql) {}

  private final Connection connection;
  private final Queue<RecordingProxy.Request> sent;
  private final PrintStream out;

  /**
   * @param sent where the proxy between the driver and the server records requests
   */
  Showcase(Connection connection, Queue<RecordingProxy.Request> sent, PrintStream out) {
    this.connection = connection;
    this.sent = sent;
    this.out = out;
  }

  /**
   * Splits a script into steps: the {@code --} lines right above a statement describe it, and a
   * statement ends with {@code ;} at the end of a line. A comment block followed by a blank line is
   * a note on the file, not a description.
   */
  static List<Step> parse(String script) {
    List<Step> steps = new ArrayList<>();
    StringBuilder description = new StringBuilder();
    StringBuilder sql = new StringBuilder();
    for (String raw : script.split("\\R")) {
      String line = raw.strip();
      if (sql.length() == 0 && line.startsWith("--")) {
        description.append(description.length() == 0 ? "" : " ").append(line.substring(2).strip());
      } else if (sql.length() == 0 && line.isEmpty()) {
        description.setLength(0);
      } else if (!line.isEmpty()) {
        sql.append(sql.length() == 0 ? "" : " ").append(line);
        if (line.endsWith(";")) {
          steps.add(new Step(description.toString(), sql.substring(0, sql.length() - 1)));
          description.setLength(0);
          sql.setLength(0);
        }
      }
    }
    return steps;
  }

  void run(List<Step> steps) {
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      out.println();
      out.println("── " + (i + 1) + ". " + step.description());
      out.println("keycond> " + step.sql() + ";");
      boolean explains = step.sql().regionMatches(true, 0, "EXPLAIN", 0, "EXPLAIN".length());
      String plan = explains ? "" : explain(step.sql());
      execute(step.sql(), plan);
    }
  }

  /** Prints the statement's EXPLAIN and returns it; empty when the statement cannot be planned. */
  private String explain(String sql) {
    StringBuilder plan = new StringBuilder();
    try (Statement statement = connection.createStatement();
        ResultSet lines = statement.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      while (lines.next()) {
        plan.append(lines.getString(1)).append('\n');
      }
    } catch (SQLException e) {
      // A statement that cannot be planned is shown by execute(), with its message.
      out.println("EXPLAIN: refused, see below");
      return "";
    }
    out.println("EXPLAIN");
    plan.toString().lines().forEach(line -> out.println("  " + line));
    return plan.toString();
  }

  /**
   * Runs the statement and prints its rows and warnings, or why it was refused: once, so not again
   * when its EXPLAIN, which shows a refused statement's plan, has given the reason.
   */
  private void execute(String sql, String plan) {
    sent.clear();
    try (Statement statement = connection.createStatement()) {
      try (ResultSet rows = statement.executeQuery(sql)) {
        printRows(rows);
      }
      for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
        out.println("Warning: " + w.getMessage());
      }
      out.println("DynamoDB requests sent: " + describe(List.copyOf(sent)));
      out.println("Cost: " + statement.unwrap(KeycondStatement.class).cost().summary());
    } catch (SQLException e) {
      out.println("Refused (SQLState " + e.getSQLState() + ")"
          + (plan.contains(e.getMessage()) ? ", as EXPLAIN says above" : ": " + e.getMessage()));
      out.println("DynamoDB requests sent: " + describe(List.copyOf(sent)));
    }
  }

  /** "2 (Query ×2)", or "none". */
  static String describe(List<RecordingProxy.Request> requests) {
    if (requests.isEmpty()) {
      return "none";
    }
    Map<String, Long> byOperation = requests.stream()
        .collect(Collectors.groupingBy(RecordingProxy.Request::operation, TreeMap::new, Collectors.counting()));
    return requests.size() + " (" + byOperation.entrySet().stream()
        .map(e -> e.getKey() + " ×" + e.getValue())
        .collect(Collectors.joining(", ")) + ")";
  }

  private void printRows(ResultSet rows) throws SQLException {
    ResultSetMetaData meta = rows.getMetaData();
    int columns = meta.getColumnCount();
    List<String[]> lines = new ArrayList<>();
    String[] header = new String[columns];
    for (int c = 1; c <= columns; c++) {
      header[c - 1] = meta.getColumnLabel(c);
    }
    lines.add(header);
    while (rows.next()) {
      String[] line = new String[columns];
      for (int c = 1; c <= columns; c++) {
        String value = rows.getString(c);
        line[c - 1] = value == null ? "NULL" : value;
      }
      lines.add(line);
    }
    int[] widths = new int[columns];
    for (String[] line : lines) {
      for (int c = 0; c < columns; c++) {
        widths[c] = Math.max(widths[c], line[c].length());
      }
    }
    for (String[] line : lines) {
      StringBuilder text = new StringBuilder(" ");
      for (int c = 0; c < columns; c++) {
        text.append(' ').append(String.format("%-" + widths[c] + "s", line[c])).append(c + 1 < columns ? " |" : "");
      }
      out.println(text.toString().stripTrailing());
    }
    out.println("(" + (lines.size() - 1) + (lines.size() == 2 ? " row)" : " rows)"));
  }
}
