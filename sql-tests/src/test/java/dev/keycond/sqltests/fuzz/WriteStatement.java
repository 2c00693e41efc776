package dev.keycond.sqltests.fuzz;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One write, as keycond runs it and as the reference replays it.
 *
 * <p>keycond runs its {@code executions}: one statement, or the entries of one {@code
 * executeBatch} of a PreparedStatement. The reference runs its {@code steps}, each what one row of
 * the write does (one row of an INSERT's VALUES, one source row of a MERGE, one batch entry), so
 * that a row that fails there (a duplicate key) leaves the others, and each step tells which
 * execution it belongs to and which item it writes.
 *
 * @param table the mapped table written
 * @param kind what the write is, for the report: insert, upsert, update, delete, merge, batch-...
 * @param refusals the SQLStates keycond must refuse the write with whatever the reference says, known
 *     from its text: {@code 0A000} for a change of a key column, {@code 22021} for text that is not
 *     Unicode, {@code 22001} or {@code 22Z02} for a key DynamoDB cannot hold; empty when the
 *     reference decides
 * @param written every column value the write stores or looks up, to tell a value that no item can
 *     hold (which keycond may refuse before sending even when no row matches) from one it must take
 */
record WriteStatement(int index, String table, String kind, boolean batch, List<Execution> executions,
    List<Step> steps, Set<String> refusals, List<Map.Entry<String, Literal>> written) {

  WriteStatement {
    executions = List.copyOf(executions);
    steps = List.copyOf(steps);
    refusals = Set.copyOf(refusals);
    written = List.copyOf(written);
    if (!batch && executions.size() != 1) {
      throw new IllegalArgumentException("a statement that is no batch has one execution");
    }
  }

  /**
   * @param parameters the values of the SQL's markers; none for a plain Statement
   */
  record Execution(String sql, List<Object> parameters) {
    Execution {
      parameters = List.copyOf(parameters);
    }
  }

  /**
   * @param execution the index of the execution it replays
   * @param sql what the reference runs, in order; the step's count is the last one's
   * @param key the key columns of the item it writes, for a batch's per-entry check
   */
  record Step(int execution, List<String> sql, Map<String, Object> key) {
    Step {
      sql = List.copyOf(sql);
      key = Map.copyOf(key);
    }
  }

  String describe() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < executions.size(); i++) {
      Execution e = executions.get(i);
      text.append(batch ? "  entry " + i + ": " : "  SQL: ").append(batch && i > 0 ? ""
          : e.sql().length() > 1500 ? ItemText.shown(e.sql()) : ItemText.escaped(e.sql()));
      if (!e.parameters().isEmpty()) {
        text.append(batch && i > 0 ? "" : "\n    ").append("parameters: ")
            .append(e.parameters().stream().map(p -> ItemText.shown(String.valueOf(p))).toList());
      }
      text.append('\n');
    }
    steps.forEach(s -> text.append("  reference (execution ").append(s.execution()).append("): ")
        .append(ItemText.escaped(String.join("; ", s.sql().stream().map(q -> q.length() > 1500 ? ItemText.shown(q) : q)
            .toList()))).append('\n'));
    if (!refusals.isEmpty()) {
      text.append("  must be refused with one of ").append(refusals).append('\n');
    }
    return text.toString();
  }
}
