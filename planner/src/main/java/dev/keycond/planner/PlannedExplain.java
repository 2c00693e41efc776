package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.explain.PlanExplainer;
import dev.keycond.planner.settings.StatementSettings;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;

/**
 * {@code EXPLAIN PLAN FOR ...}: running it describes the plan of the explained statement, and sends
 * nothing to DynamoDB.
 *
 * @param plan the explained statement's plan
 * @param refusal why the explained statement would be refused, if it would
 */
public record PlannedExplain(
    ImmutableList<ParameterType> parameters,
    RelNode plan,
    Optional<String> refusal,
    PlanWarnings warnings) implements PlannedStatement {

  /** EXPLAIN's one column. */
  public static final ImmutableList<ResultColumn> COLUMNS = ImmutableList.of(new ResultColumn("PLAN",
      org.apache.calcite.sql.type.SqlTypeName.VARCHAR, 0, 0, false, Optional.empty(), Optional.empty()));

  /** The EXPLAIN lines, with parameter values when they are all set. */
  public List<String> describe(StatementSettings settings, Optional<List<Object>> parameterValues) {
    return PlanExplainer.explain(plan, settings, parameterValues, refusal);
  }
}
