package dev.keycond.sqltests.fuzz;

import dev.keycond.sqltests.fixture.FixtureTable;
import dev.keycond.sqltests.fuzz.DynamoRules.Violation;
import dev.keycond.sqltests.fuzz.WriteStatement.Execution;
import dev.keycond.sqltests.fuzz.WriteStatement.Step;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Runs one write through keycond and the reference and compares them: the update counts (each
 * batch entry's), the error (a duplicate key in the reference is class 23 in keycond; a write the
 * README refuses is refused with its SQLState, before any write request, leaving every item as it
 * was), and the whole state of the server's tables, read with the raw SDK, derived key attributes
 * included, against the items the reference's rows must be. Every item a write changed must also
 * keep {@link DynamoRules}, which dynalite does not all enforce. The reference is then committed,
 * rolled back, or made to hold what the server holds, so that the next write starts from one state.
 */
final class WriteCheck {
  private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
      "TransactWriteItems");

  /** What the write must come to, by the reference. */
  private sealed interface Expected {
    /** Refused with one of these SQLStates, nothing written. */
    record Refusal(Set<String> states, String why) implements Expected {}

    /**
     * The reference's rows after it, and each execution's count.
     *
     * @param duplicate a step failed on a duplicate key: keycond must fail with class 23
     * @param stepCounts each step's count, or -1 where the reference failed
     * @param refusable SQLStates keycond may refuse it with before sending, for a value no item holds
     *     (the write matching no row, the reference wrote nothing that breaks a rule)
     */
    record Written(Map<String, ReferenceItem> items, int[] counts, int[] stepCounts, boolean duplicate,
        Set<String> refusable) implements Expected {}

    record ReferenceFailed(SQLException error) implements Expected {}
  }

  /** What keycond did: each execution's count (a BatchUpdateException's when it failed), the error, the requests. */
  private record Actual(int[] counts, Throwable error, List<RecordedRequest> requests) {}

  /** The outcome of one write. */
  record WriteRun(WriteVerdict verdict, List<String> problems, String transcript) {}

  private WriteCheck() {}

  static WriteRun check(WriteTarget target, WriteStatement statement) throws SQLException {
    Map<String, Map<String, AttributeValue>> before = target.lastServerItems();
    Expected expected = expect(target, statement, before);
    Actual actual = expected instanceof Expected.ReferenceFailed ? new Actual(new int[0], null, List.of())
        : run(target.keycond, statement);
    Map<String, Map<String, AttributeValue>> after = target.serverItems();
    target.remember(after);
    List<String> problems = new ArrayList<>();
    WriteVerdict verdict = compare(target, statement, expected, actual, before, after, problems);
    Connection reference = target.reference.connection();
    if (verdict == WriteVerdict.EQUAL) {
      reference.commit();
    } else if (verdict == WriteVerdict.REFUSED || verdict == WriteVerdict.REFUSED_VALUE
        || verdict == WriteVerdict.REFERENCE_FAILED) {
      reference.rollback();
    } else {
      target.resynchronize(after);
    }
    return new WriteRun(verdict, problems, transcript(expected, actual, before, after));
  }

  // ---- the reference

  private static Expected expect(WriteTarget target, WriteStatement statement,
      Map<String, Map<String, AttributeValue>> before) throws SQLException {
    FuzzTable table = target.universe.table(statement.table());
    Set<String> refusable = new TreeSet<>();
    statement.written().forEach(w -> unstorable(table, w.getKey(), w.getValue()).forEach(v -> refusable.add(v.sqlState())));
    if (!statement.refusals().isEmpty()) {
      // Whichever of its faults keycond finds first: a value no item holds is one too.
      Set<String> states = new TreeSet<>(statement.refusals());
      states.addAll(refusable);
      return new Expected.Refusal(states, "the statement's text");
    }
    Connection reference = target.reference.connection();
    int[] counts = new int[statement.executions().size()];
    int[] stepCounts = new int[statement.steps().size()];
    boolean duplicate = false;
    Set<String> dataErrors = new TreeSet<>();
    for (int i = 0; i < statement.steps().size(); i++) {
      Step step = statement.steps().get(i);
      Savepoint savepoint = reference.setSavepoint();
      try (Statement s = reference.createStatement()) {
        int count = 0;
        for (String sql : step.sql()) {
          count = s.executeUpdate(sql);
        }
        stepCounts[i] = count;
        counts[step.execution()] += count;
      } catch (SQLException e) {
        reference.rollback(savepoint);
        stepCounts[i] = -1;
        String sqlState = String.valueOf(e.getSQLState());
        if (sqlState.startsWith("23")) {
          duplicate = true;
        } else if (sqlState.startsWith("22")) {
          // H2 says 22004 for a number out of a column's range, which SQL calls 22003.
          dataErrors.add(sqlState.equals("22004") ? "22003" : sqlState);
        } else {
          reference.rollback();
          return new Expected.ReferenceFailed(e);
        }
      }
    }
    Map<String, ReferenceItem> items = target.referenceItems();
    Set<String> violated = new TreeSet<>();
    List<String> why = new ArrayList<>();
    for (Map.Entry<String, ReferenceItem> item : items.entrySet()) {
      if (!ItemText.of(item.getValue().item()).equals(ItemText.of(before.get(item.getKey())))) {
        List<Violation> violations = new ArrayList<>(item.getValue().violations());
        violations.addAll(DynamoRules.check(source(target, item.getKey()), item.getValue().item()));
        violations.forEach(v -> {
          violated.add(v.sqlState());
          why.add(v.rule());
        });
      }
    }
    if (!dataErrors.isEmpty() || !violated.isEmpty()) {
      violated.addAll(dataErrors);
      return new Expected.Refusal(violated, dataErrors.isEmpty() ? String.join("; ", why)
          : "the reference failed with " + dataErrors + (why.isEmpty() ? "" : "; " + String.join("; ", why)));
    }
    return new Expected.Written(items, counts, stepCounts, duplicate, refusable);
  }

  /**
   * The rules that a column's value breaks wherever it is stored: in an item whose other columns
   * are plain, its key attributes and its own attribute.
   */
  static List<Violation> unstorable(FuzzTable table, String column, Literal literal) {
    Object value = literal.value();
    if (value == null) {
      return List.of();
    }
    Map<String, Object> row = new LinkedHashMap<>();
    for (FuzzColumn c : table.columns()) {
      row.put(c.name(), c.type().equals("DATE") ? LocalDate.of(2025, 1, 1) : c.numeric() ? BigDecimal.ONE : "k");
    }
    table.hierarchy().ifPresent(h -> row.put(h.parent(), null));
    row.put(column, value instanceof java.sql.Date date ? date.toLocalDate() : value);
    ReferenceItem item = ReferenceItem.of(table, row);
    List<Violation> violations = new ArrayList<>(item.violations());
    violations.addAll(DynamoRules.check(table.source(), item.item()));
    return violations;
  }

  // ---- keycond

  private static Actual run(Connection keycond, WriteStatement statement) {
    RequestRecorder.clear();
    int[] counts = new int[0];
    Throwable error = null;
    List<Execution> executions = statement.executions();
    try {
      if (statement.batch()) {
        try (PreparedStatement prepared = keycond.prepareStatement(executions.get(0).sql())) {
          for (Execution execution : executions) {
            bind(prepared, execution.parameters());
            prepared.addBatch();
          }
          counts = prepared.executeBatch();
        }
      } else if (executions.get(0).parameters().isEmpty()) {
        try (Statement plain = keycond.createStatement()) {
          counts = new int[] {plain.executeUpdate(executions.get(0).sql())};
        }
      } else {
        try (PreparedStatement prepared = keycond.prepareStatement(executions.get(0).sql())) {
          bind(prepared, executions.get(0).parameters());
          counts = new int[] {prepared.executeUpdate()};
        }
      }
    } catch (BatchUpdateException e) {
      counts = e.getUpdateCounts() == null ? new int[0] : e.getUpdateCounts();
      error = e;
    } catch (Exception e) {
      error = e;
    }
    return new Actual(counts, error, RequestRecorder.dataRequests());
  }

  private static void bind(PreparedStatement prepared, List<Object> parameters) throws SQLException {
    for (int i = 0; i < parameters.size(); i++) {
      prepared.setObject(i + 1, parameters.get(i));
    }
  }

  // ---- the comparison

  private static WriteVerdict compare(WriteTarget target, WriteStatement statement, Expected expected, Actual actual,
      Map<String, Map<String, AttributeValue>> before, Map<String, Map<String, AttributeValue>> after,
      List<String> problems) {
    if (expected instanceof Expected.ReferenceFailed failed) {
      problems.add("the reference failed: " + failed.error());
      return WriteVerdict.REFERENCE_FAILED;
    }
    List<WriteVerdict> found = new ArrayList<>();
    if (actual.error() != null && !(actual.error() instanceof SQLException)) {
      found.add(WriteVerdict.UNEXPECTED_ERROR);
      problems.add("an exception that is no SQLException: " + describe(actual.error()));
    }
    if (actual.requests().stream().anyMatch(r -> r.operation().equals("Scan"))) {
      found.add(WriteVerdict.SCAN_UNDER_REJECT);
      problems.add("a Scan was sent under scan=reject");
    }
    for (String key : changed(before, after)) {
      Map<String, AttributeValue> item = after.get(key);
      if (item != null) {
        for (Violation v : DynamoRules.check(source(target, key), item)) {
          found.add(WriteVerdict.DYNAMODB_RULE_BROKEN);
          problems.add("the server holds an item DynamoDB refuses (" + v.sqlState() + ", " + v.rule() + "): " + key);
        }
      }
    }
    String sqlState = actual.error() instanceof SQLException e ? String.valueOf(e.getSQLState()) : null;
    boolean wrote = actual.requests().stream().anyMatch(r -> WRITES.contains(r.operation()));
    if (expected instanceof Expected.Refusal refusal) {
      found.add(refused(statement, refusal.states(), actual, sqlState, wrote, before, after, problems));
    } else {
      Expected.Written written = (Expected.Written) expected;
      if (sqlState != null && !written.duplicate() && written.refusable().contains(sqlState)) {
        WriteVerdict verdict = refused(statement, written.refusable(), actual, sqlState, wrote, before, after, problems);
        found.add(verdict == WriteVerdict.REFUSED ? WriteVerdict.REFUSED_VALUE : verdict);
      } else if (written.duplicate()) {
        found.add(duplicate(target, statement, written, actual, sqlState, before, after, problems));
      } else {
        found.add(written(written, actual, sqlState, after, problems));
      }
    }
    return found.stream().filter(WriteVerdict::failure).findFirst().orElse(found.get(found.size() - 1));
  }

  private static WriteVerdict refused(WriteStatement statement, Set<String> states, Actual actual, String sqlState,
      boolean wrote, Map<String, Map<String, AttributeValue>> before, Map<String, Map<String, AttributeValue>> after,
      List<String> problems) {
    WriteVerdict verdict = WriteVerdict.REFUSED;
    if (sqlState == null) {
      problems.add("must be refused with one of " + states + ", but it ran: counts " + Arrays.toString(actual.counts()));
      verdict = WriteVerdict.NOT_REFUSED;
    } else if (!states.contains(sqlState)) {
      problems.add("must be refused with one of " + states + ", not " + sqlState);
      verdict = WriteVerdict.WRONG_ERROR;
    }
    if (statement.batch() && sqlState != null && !(actual.error() instanceof BatchUpdateException
        && actual.counts().length == statement.executions().size()
        && Arrays.stream(actual.counts()).allMatch(c -> c == Statement.EXECUTE_FAILED))) {
      problems.add("a refused batch must throw a BatchUpdateException whose counts are all EXECUTE_FAILED, not "
          + actual.error().getClass().getSimpleName() + " with counts " + Arrays.toString(actual.counts()));
      verdict = WriteVerdict.NOT_A_BATCH_UPDATE_EXCEPTION;
    }
    if (wrote) {
      problems.add("a write request was sent before the refusal");
      verdict = WriteVerdict.REQUEST_BEFORE_REFUSAL;
    }
    if (!changed(before, after).isEmpty()) {
      problems.add("the refusal left the server changed: " + difference(before, after));
      verdict = WriteVerdict.WRONG_STATE;
    }
    return verdict;
  }

  private static WriteVerdict written(Expected.Written written, Actual actual, String sqlState,
      Map<String, Map<String, AttributeValue>> after, List<String> problems) {
    WriteVerdict verdict = WriteVerdict.EQUAL;
    if (sqlState != null) {
      problems.add("the reference wrote it (counts " + Arrays.toString(written.counts()) + "), keycond failed: "
          + describe(actual.error()));
      verdict = WriteVerdict.WRONG_ERROR;
    } else if (!Arrays.equals(written.counts(), actual.counts())) {
      problems.add("counts: the reference's " + Arrays.toString(written.counts()) + ", keycond's "
          + Arrays.toString(actual.counts()));
      verdict = WriteVerdict.WRONG_COUNT;
    }
    Map<String, Map<String, AttributeValue>> expected = new LinkedHashMap<>();
    written.items().forEach((key, item) -> expected.put(key, item.item()));
    if (!changed(expected, after).isEmpty()) {
      problems.add("the server's items differ from the reference's rows: " + difference(expected, after));
      verdict = verdict == WriteVerdict.EQUAL ? WriteVerdict.WRONG_STATE : verdict;
    }
    return verdict;
  }

  /**
   * A duplicate key in the reference: keycond fails with class 23 and each item is as before or as
   * the reference wrote it; a batch's counts say which: an entry counted is written, one
   * EXECUTE_FAILED is not.
   */
  private static WriteVerdict duplicate(WriteTarget target, WriteStatement statement, Expected.Written written,
      Actual actual, String sqlState, Map<String, Map<String, AttributeValue>> before,
      Map<String, Map<String, AttributeValue>> after, List<String> problems) {
    WriteVerdict verdict = WriteVerdict.DUPLICATE_KEY;
    if (sqlState == null || !sqlState.startsWith("23")) {
      problems.add("the reference found a duplicate key (class 23); keycond "
          + (sqlState == null ? "counted " + Arrays.toString(actual.counts()) : "failed with " + describe(actual.error())));
      verdict = WriteVerdict.WRONG_ERROR;
    }
    for (String key : changed(before, after)) {
      ReferenceItem item = written.items().get(key);
      if (!ItemText.of(after.get(key)).equals(ItemText.of(item == null ? null : item.item()))) {
        problems.add("item " + key + " is neither as before nor as the reference wrote it: "
            + ItemText.of(after.get(key)));
        verdict = WriteVerdict.WRONG_STATE;
      }
    }
    if (statement.batch() && verdict == WriteVerdict.DUPLICATE_KEY) {
      if (!(actual.error() instanceof BatchUpdateException) || actual.counts().length != statement.executions().size()) {
        problems.add("a failed batch must throw a BatchUpdateException with a count per entry, not "
            + describe(actual.error()) + " with counts " + Arrays.toString(actual.counts()));
        return WriteVerdict.NOT_A_BATCH_UPDATE_EXCEPTION;
      }
      FuzzTable table = target.universe.table(statement.table());
      for (int i = 0; i < statement.steps().size(); i++) {
        Step step = statement.steps().get(i);
        int count = actual.counts()[step.execution()];
        String key = WriteTarget.key(table.source(), ReferenceItem.of(table, step.key()).item());
        boolean isBefore = ItemText.of(after.get(key)).equals(ItemText.of(before.get(key)));
        ReferenceItem item = written.items().get(key);
        boolean isWritten = ItemText.of(after.get(key)).equals(ItemText.of(item == null ? null : item.item()));
        if (count == Statement.EXECUTE_FAILED ? !isBefore : count != written.stepCounts()[i] || !isWritten) {
          problems.add("entry " + step.execution() + " counts " + count + " (the reference's " + written.stepCounts()[i]
              + "), but its item " + key + " is " + ItemText.of(after.get(key)));
          verdict = WriteVerdict.WRONG_COUNT;
        }
      }
    }
    return verdict;
  }

  // ---- items

  private static Set<String> changed(Map<String, Map<String, AttributeValue>> a, Map<String, Map<String, AttributeValue>> b) {
    Set<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    keys.removeIf(k -> ItemText.of(a.get(k)).equals(ItemText.of(b.get(k))));
    return keys;
  }

  private static String difference(Map<String, Map<String, AttributeValue>> expected,
      Map<String, Map<String, AttributeValue>> actual) {
    return changed(expected, actual).stream().limit(6)
        .map(k -> "\n      " + k + "\n        expected " + (expected.containsKey(k) ? ItemText.of(expected.get(k)) : "no item")
            + "\n        server   " + (actual.containsKey(k) ? ItemText.of(actual.get(k)) : "no item"))
        .collect(Collectors.joining());
  }

  private static FixtureTable source(WriteTarget target, String key) {
    return target.sources().stream().filter(s -> key.startsWith(s.name() + " ")).findFirst().orElseThrow();
  }

  private static String describe(Throwable error) {
    if (error == null) {
      return "no error";
    }
    StringBuilder text = new StringBuilder(error.getClass().getSimpleName());
    if (error instanceof SQLException sql) {
      text.append(" (SQLState ").append(sql.getSQLState()).append(")");
    }
    text.append(": ").append(ItemText.escaped(String.valueOf(error.getMessage())));
    if (!(error instanceof SQLException)) {
      Arrays.stream(error.getStackTrace()).limit(12).forEach(f -> text.append("\n        at ").append(f));
    }
    return text.toString();
  }

  private static String transcript(Expected expected, Actual actual, Map<String, Map<String, AttributeValue>> before,
      Map<String, Map<String, AttributeValue>> after) {
    StringBuilder text = new StringBuilder("  expected: ");
    if (expected instanceof Expected.Refusal refusal) {
      text.append("refused with one of ").append(refusal.states()).append(" (").append(refusal.why()).append(")");
    } else if (expected instanceof Expected.Written written) {
      text.append(written.duplicate() ? "a duplicate key (class 23), " : "").append("counts ")
          .append(Arrays.toString(written.counts()));
    } else {
      text.append("no reference");
    }
    text.append("\n  keycond: counts ").append(Arrays.toString(actual.counts())).append(", ").append(describe(actual.error()))
        .append("\n  requests (").append(actual.requests().size()).append("):");
    actual.requests().stream().limit(12).forEach(r -> text.append("\n    ").append(ItemText.shown(r.toString())));
    text.append("\n  items changed on the server: ").append(changed(before, after).size())
        .append(difference(before, after).replace("expected", "before  ").replace("server  ", "after   "));
    return text.toString();
  }
}
