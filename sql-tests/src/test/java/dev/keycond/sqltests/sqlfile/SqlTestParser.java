package dev.keycond.sqltests.sqlfile;

import dev.keycond.sqltests.sqlfile.SqlTestCase.ExpectedError;
import dev.keycond.sqltests.sqlfile.SqlTestCase.ExpectedItems;
import dev.keycond.sqltests.sqlfile.SqlTestCase.ExpectedRequests;
import dev.keycond.sqltests.sqlfile.SqlTestCase.ExpectedRows;
import java.util.ArrayList;
import dev.keycond.sqltests.harness.ServerKind;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code .sqltest} files (the format is described in sql-tests/README.md). Anything it does
 * not understand is an error naming the file and line: a typo must never turn a case into one
 * that silently checks less.
 */
public final class SqlTestParser {
  private static final Pattern HEADER = Pattern.compile("([a-z]+):\\s*(.*)");
  private static final Pattern CASE = Pattern.compile("===\\s+(\\S.*)");
  private static final Pattern SECTION = Pattern.compile("---\\s+([a-z]+(?:-[a-z]+)*)\\s*(.*)");
  private static final Pattern SQL_STATE = Pattern.compile("[0-9A-Z]{5}");
  private static final Pattern EXCEPTION_CLASS = Pattern.compile("[A-Za-z]*Exception");
  private static final Pattern SKIP_ON = Pattern.compile("([a-z]+):\\s*(\\S.*)");
  private static final Set<String> HEADER_KEYS = Set.of("fixture", "mapping", "properties");

  private final String resource;
  private final List<String> lines;
  private int next;

  private SqlTestParser(String resource, String text) {
    this.resource = resource;
    this.lines = Arrays.asList(text.replace("\r\n", "\n").split("\n", -1));
  }

  /** @throws SqlTestFormatException when the file is not well formed */
  public static SqlTestFile parse(String resource, String text) {
    return new SqlTestParser(resource, text).file();
  }

  private SqlTestFile file() {
    Map<String, String> header = new LinkedHashMap<>();
    while (more() && !peek().startsWith("===")) {
      String line = take();
      if (ignorable(line)) {
        continue;
      }
      Matcher m = HEADER.matcher(line.trim());
      if (!m.matches() || !HEADER_KEYS.contains(m.group(1))) {
        throw error(next, "expected a header line (fixture:, mapping:, properties:) or the first "
            + "case (=== title), not '" + line + "'");
      }
      if (header.put(m.group(1), m.group(2).trim()) != null) {
        throw error(next, "'" + m.group(1) + ":' appears twice");
      }
    }
    List<String> fixtures = Arrays.stream(required(header, "fixture").split(","))
        .map(String::strip).toList();
    if (fixtures.stream().anyMatch(String::isEmpty)) {
      throw error(1, "write the fixtures as 'fixture: name' or 'fixture: name, name'");
    }
    String mapping = required(header, "mapping");
    Map<String, String> properties = header.containsKey("properties")
        ? properties(header.get("properties"), next) : Map.of();
    List<SqlTestCase> cases = new ArrayList<>();
    Set<String> titles = new HashSet<>();
    while (more()) {
      SqlTestCase c = testCase();
      if (!titles.add(c.title())) {
        throw error(c.line(), "a case titled '" + c.title() + "' already exists in this file");
      }
      cases.add(c);
    }
    if (cases.isEmpty()) {
      throw error(next, "the file has no cases (=== title)");
    }
    return new SqlTestFile(resource, fixtures,
        mapping.equals("none") ? Optional.empty() : Optional.of(mapping), properties,
        List.copyOf(cases));
  }

  private SqlTestCase testCase() {
    int line = next + 1;
    Matcher title = CASE.matcher(take());
    if (!title.matches()) {
      throw error(line, "a case starts with '=== <title>'");
    }
    List<String> sql = new ArrayList<>();
    while (more() && !isSectionOrCase(peek())) {
      String text = take();
      if (!text.trim().startsWith("#")) {
        sql.add(text.stripTrailing());
      }
    }
    if (sql.stream().allMatch(String::isBlank)) {
      throw error(line, "case '" + title.group(1) + "' has no SQL after its title");
    }
    CaseBuilder builder = new CaseBuilder(title.group(1).trim(), line,
        String.join("\n", sql).strip());
    while (more() && !peek().startsWith("===")) {
      section(builder);
    }
    return builder.build();
  }

  private void section(CaseBuilder c) {
    int line = next + 1;
    String text = take();
    Matcher m = SECTION.matcher(text);
    if (!m.matches()) {
      throw error(line, "expected a section such as '--- rows', not '" + text + "'");
    }
    String kind = m.group(1);
    String args = m.group(2).trim();
    List<String> body = body();
    if (kind.equals("skip-on")) {
      noBody(body, kind, line);
      skipOn(c, args, line);
      return;
    }
    if (!c.seen.add(kind)) {
      throw error(line, "section '--- " + kind + "' appears twice in case '" + c.title + "'");
    }
    if (Set.of("warning", "cost", "plan", "parameters").contains(kind) && !args.isEmpty()) {
      throw error(line, "'--- " + kind + "' takes no arguments, only lines after it");
    }
    switch (kind) {
      case "rows" -> c.rows = rows(args, body, line);
      case "error" -> c.error = error(args, body, line);
      case "requests" -> c.requests = new ExpectedRequests(body, flag(args, "unordered", line));
      case "warning" -> c.warnings = nonEmpty(body, kind, line);
      case "cost" -> c.cost = nonEmpty(body, kind, line);
      case "plan" -> c.plan = nonEmpty(body, kind, line);
      case "properties" -> {
        noBody(body, kind, line);
        c.properties = properties(args, line);
      }
      case "parameters" -> c.parameters = parameters(nonEmpty(body, kind, line), line);
      case "count" -> {
        noBody(body, kind, line);
        if (!args.matches("\\d+")) {
          throw error(line, "write '--- count N' with N the update count, a whole number");
        }
        c.count = OptionalLong.of(Long.parseLong(args));
      }
      case "items" -> {
        String[] words = args.split("\\s+", 2);
        if (args.isEmpty()) {
          throw error(line, "write '--- items <DynamoDB table> [<partition key value>]', then one item a line");
        }
        c.items = new ExpectedItems(words[0], words.length == 2 ? Optional.of(words[1]) : Optional.empty(), body);
      }
      case "maxrows" -> {
        noBody(body, kind, line);
        if (!args.matches("\\d+")) {
          throw error(line, "write '--- maxrows N' with N a whole number");
        }
        c.maxRows = OptionalLong.of(Long.parseLong(args));
      }
      default -> throw error(line, "unknown section '--- " + kind + "'; the sections are rows, "
          + "count, error, requests, items, warning, cost, plan, properties, parameters, maxrows and skip-on");
    }
  }

  /**
   * {@code --- skip-on <server>: <reason>}: the case does not run on that server, for a reason the
   * run reports; one line per server.
   */
  private void skipOn(CaseBuilder c, String args, int line) {
    Matcher m = SKIP_ON.matcher(args);
    if (!m.matches()) {
      throw error(line, "write '--- skip-on <server>: <why the server cannot run the case>', such as "
          + "'--- skip-on moto: moto answers HTTP 500 to a BETWEEN over values of mixed types'");
    }
    ServerKind server = Arrays.stream(ServerKind.values()).filter(kind -> kind.label().equals(m.group(1)))
        .findFirst().orElseThrow(() -> error(line, "'" + m.group(1) + "' names no test server; the servers are "
            + Arrays.stream(ServerKind.values()).map(ServerKind::label).toList()));
    if (c.skipOn.put(server, m.group(2).strip()) != null) {
      throw error(line, "case '" + c.title + "' is skipped on " + server.label() + " twice");
    }
  }

  /** The lines up to the next section or case, without blank lines and # comments. */
  private List<String> body() {
    List<String> body = new ArrayList<>();
    while (more() && !isSectionOrCase(peek())) {
      String text = take().strip();
      if (!ignorable(text)) {
        body.add(text);
      }
    }
    return body;
  }

  private ExpectedRows rows(String args, List<String> body, int line) {
    boolean unordered = flag(args, "unordered", line);
    if (body.isEmpty()) {
      throw error(line, "'--- rows' needs a header line of column labels (then one line per row)");
    }
    List<String> header = cells(body.get(0));
    if (header.stream().anyMatch(label -> label == null || label.isEmpty())) {
      throw error(line, "the header line '" + body.get(0) + "' has an empty or NULL label");
    }
    List<List<String>> rows = new ArrayList<>();
    for (String row : body.subList(1, body.size())) {
      List<String> cells = cells(row);
      if (cells.size() != header.size()) {
        throw error(line, "row '" + row + "' has " + cells.size() + " cells, but the header has "
            + header.size());
      }
      rows.add(cells);
    }
    return new ExpectedRows(header, rows, unordered);
  }

  /** Cells are separated by '|' and trimmed; NULL is SQL NULL and '' the empty string. */
  static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    for (String cell : line.split("\\|", -1)) {
      String value = cell.strip();
      cells.add(value.equals("NULL") ? null : value.equals("''") ? "" : value);
    }
    return cells;
  }

  private ExpectedError error(String args, List<String> body, int line) {
    String[] words = args.split("\\s+");
    if (args.isEmpty() || words.length > 2 || !SQL_STATE.matcher(words[0]).matches()
        || (words.length == 2 && !EXCEPTION_CLASS.matcher(words[1]).matches())) {
      throw error(line, "write '--- error <SQLSTATE> [<SQLException subclass>]', such as "
          + "'--- error 42Z01 SQLSyntaxErrorException'");
    }
    return new ExpectedError(words[0],
        words.length == 2 ? Optional.of(words[1]) : Optional.empty(), body);
  }

  private List<Parameter> parameters(List<String> body, int line) {
    List<Parameter> parameters = new ArrayList<>();
    for (String literal : body) {
      try {
        parameters.add(Parameter.parse(literal));
      } catch (IllegalArgumentException e) {
        throw error(line, e.getMessage());
      }
    }
    return parameters;
  }

  private Map<String, String> properties(String text, int line) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (String part : text.split(";")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw error(line, "write properties as 'name=value; name=value', not '" + text + "'");
      }
      properties.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
    }
    return properties;
  }

  private boolean flag(String args, String flag, int line) {
    if (args.isEmpty()) {
      return false;
    }
    if (args.equals(flag)) {
      return true;
    }
    throw error(line, "unknown argument '" + args + "'; the only one here is '" + flag + "'");
  }

  private List<String> nonEmpty(List<String> body, String kind, int line) {
    if (body.isEmpty()) {
      throw error(line, "'--- " + kind + "' needs at least one line");
    }
    return body;
  }

  private void noBody(List<String> body, String kind, int line) {
    if (!body.isEmpty()) {
      throw error(line, "'--- " + kind + "' takes its value on the same line and no lines after");
    }
  }

  private String required(Map<String, String> header, String key) {
    String value = header.get(key);
    if (value == null || value.isEmpty()) {
      throw error(1, "the header must name the " + key + " ('" + key + ": <name>'"
          + (key.equals("mapping") ? ", or 'mapping: none'" : "") + ")");
    }
    return value;
  }

  private static boolean ignorable(String line) {
    return line.isBlank() || line.strip().startsWith("#");
  }

  private static boolean isSectionOrCase(String line) {
    return line.startsWith("---") || line.startsWith("===");
  }

  private boolean more() {
    // A trailing newline leaves one empty last element, which is not a line of the file.
    while (next < lines.size() && next == lines.size() - 1 && lines.get(next).isEmpty()) {
      next++;
    }
    return next < lines.size();
  }

  private String peek() {
    return lines.get(next);
  }

  private String take() {
    return lines.get(next++);
  }

  private SqlTestFormatException error(int line, String problem) {
    return new SqlTestFormatException(resource, line, problem);
  }

  private final class CaseBuilder {
    final String title;
    final int line;
    final String sql;
    final Set<String> seen = new HashSet<>();
    ExpectedRows rows;
    ExpectedError error;
    ExpectedRequests requests;
    List<String> warnings;
    List<String> cost;
    List<String> plan = List.of();
    Map<String, String> properties = Map.of();
    List<Parameter> parameters = List.of();
    OptionalLong maxRows = OptionalLong.empty();
    final Map<ServerKind, String> skipOn = new EnumMap<>(ServerKind.class);
    OptionalLong count = OptionalLong.empty();
    ExpectedItems items;

    CaseBuilder(String title, int line, String sql) {
      this.title = title;
      this.line = line;
      this.sql = sql;
    }

    SqlTestCase build() {
      if ((rows != null ? 1 : 0) + (error != null ? 1 : 0) + (count.isPresent() ? 1 : 0) != 1) {
        throw error(line, "case '" + title + "' needs exactly one of '--- rows', '--- count' and '--- error'");
      }
      if (rows != null && items != null) {
        throw error(line, "case '" + title + "' reads rows; '--- items' is for a write ('--- count' or '--- error')");
      }
      if (count.isPresent() && (requests == null || items == null)) {
        throw error(line, "case '" + title + "' is a write, so it must state its DynamoDB requests ('--- requests') "
            + "and the items after it ('--- items')");
      }
      if (error != null && cost != null) {
        throw error(line, "case '" + title + "' expects an error; its cost is not checked, so drop "
            + "'--- cost'");
      }
      if (error != null && warnings != null) {
        throw error(line, "case '" + title + "' expects an error, so it has no rows after which "
            + "to check warnings; drop '--- warning'");
      }
      if (rows != null && requests == null) {
        throw error(line, "case '" + title + "' expects rows, so it must state its DynamoDB "
            + "requests ('--- requests', empty for none)");
      }
      return new SqlTestCase(title, line, sql, Optional.ofNullable(rows),
          Optional.ofNullable(error), Optional.ofNullable(requests),
          Optional.ofNullable(warnings), Optional.ofNullable(cost), plan, properties, parameters,
          maxRows, skipOn, count, Optional.ofNullable(items));
    }
  }
}
