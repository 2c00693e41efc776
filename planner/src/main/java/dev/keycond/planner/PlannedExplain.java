package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.explain.CopyableRequest;
import dev.keycond.planner.explain.PlanExplainer;
import dev.keycond.planner.explain.StatementRequests;
import dev.keycond.planner.exec.write.WriteOperator;
import dev.keycond.planner.request.WriteActions;
import dev.keycond.planner.settings.StatementSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code EXPLAIN PLAN FOR ...} or {@code EXPLAIN PLAN AS JSON FOR ...}: running it describes the
 * plan of the explained statement, or lists its requests as DynamoDB JSON, and sends nothing to
 * DynamoDB.
 *
 * @param plan the explained statement's plan
 * @param refusal why the explained statement would be refused, if it would
 * @param write the explained write, compiled as it runs, which gives the requests it would send;
 *     empty for a query
 */
public record PlannedExplain(
    ImmutableList<ParameterType> parameters,
    RelNode plan,
    Optional<String> refusal,
    PlanWarnings warnings,
    Output output,
    Optional<WriteOperator> write) implements PlannedStatement {

  /** What the EXPLAIN returns. */
  public enum Output {
    /** The plan as text, one line a row ({@code EXPLAIN PLAN FOR}). */
    TEXT,
    /** One row per request, in DynamoDB JSON ({@code EXPLAIN PLAN AS JSON FOR}). */
    JSON
  }

  private static final ImmutableList<ResultColumn> TEXT_COLUMNS = ImmutableList.of(column("PLAN", false));
  private static final ImmutableList<ResultColumn> JSON_COLUMNS = ImmutableList.of(column("OPERATION", false),
      column("REQUEST", true), column("NOTE", true));

  private static ResultColumn column(String label, boolean nullable) {
    return new ResultColumn(label, SqlTypeName.VARCHAR, 0, 0, nullable, Optional.empty(), Optional.empty());
  }

  /**
   * The text EXPLAIN's one column, {@code PLAN}; or, for JSON, {@code OPERATION} (such as
   * {@code Query}), {@code REQUEST} (the request, or NULL when it is only known once the statement
   * runs) and {@code NOTE} (why it is NULL, or what the request alone does not say).
   */
  public ImmutableList<ResultColumn> columns() {
    return output == Output.TEXT ? TEXT_COLUMNS : JSON_COLUMNS;
  }

  /** The EXPLAIN's rows, with parameter values when they are all set. */
  public List<Object[]> rows(StatementSettings settings, Optional<List<Object>> parameterValues) {
    List<Object[]> rows = new ArrayList<>();
    if (output == Output.TEXT) {
      PlanExplainer.explain(plan, settings, parameterValues, refusal, writeActions(settings, parameterValues))
          .forEach(line -> rows.add(new Object[] {line}));
      return rows;
    }
    Optional<String> refused = refusal.map(reason -> "keycond refuses the statement: " + reason);
    for (CopyableRequest request : requests(settings, parameterValues).requests()) {
      if (request instanceof CopyableRequest.Exact exact) {
        rows.add(new Object[] {exact.operation(), exact.json(), note(refused, exact.note())});
      } else {
        rows.add(new Object[] {request.operation(), null,
            note(refused, Optional.of(((CopyableRequest.Unknown) request).reason()))});
      }
    }
    return rows;
  }

  /** The explained statement's requests as values: the rows of EXPLAIN PLAN AS JSON, and what the workbench shows. */
  public StatementRequests requests(StatementSettings settings, Optional<List<Object>> parameterValues) {
    return new StatementRequests(write.isPresent(), refusal,
        PlanExplainer.requests(plan, settings, parameterValues, writeActions(settings, parameterValues)),
        settings.cliTarget());
  }

  private Optional<WriteActions> writeActions(StatementSettings settings, Optional<List<Object>> parameterValues) {
    return write.map(w -> w.actions(settings, parameterValues));
  }

  private static String note(Optional<String> refused, Optional<String> note) {
    List<String> notes = new ArrayList<>();
    refused.ifPresent(notes::add);
    note.ifPresent(notes::add);
    return notes.isEmpty() ? null : String.join("; ", notes);
  }
}
