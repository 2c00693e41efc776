package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.explain.PlanExplainer;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;

/**
 * A planned statement, ready to run any number of times with different parameters. For EXPLAIN it
 * holds the plan of the explained query and produces its description instead of its rows.
 *
 * @param explain true for {@code EXPLAIN PLAN FOR ...}
 * @param refusal for EXPLAIN of a statement that would be refused, why
 * @param warnings what the plan costs beyond its key reads (residual filters, Scans), for SQLWarnings
 */
public record PreparedQuery(
    boolean explain,
    ImmutableList<ResultColumn> columns,
    ImmutableList<ParameterType> parameters,
    RelNode plan,
    Operator root,
    Optional<String> refusal,
    PlanWarnings warnings) {

  /** Runs the query; the rows are pulled lazily from the returned cursor. */
  public RowCursor execute(ExecutionContext context) {
    if (explain) {
      throw new IllegalStateException("an EXPLAIN statement is described, not executed");
    }
    return root.open(context);
  }

  /** The EXPLAIN lines, with parameter values when they are all set. */
  public List<String> describe(StatementSettings settings, Optional<List<Object>> parameterValues) {
    return PlanExplainer.explain(plan, settings, parameterValues, refusal);
  }
}
