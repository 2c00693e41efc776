package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;

/** A query: running it gives rows, pulled lazily from a cursor. */
public record PlannedQuery(
    ImmutableList<ResultColumn> columns,
    ImmutableList<ParameterType> parameters,
    Operator root,
    PlanWarnings warnings) implements PlannedStatement {

  public RowCursor execute(ExecutionContext context) {
    return root.open(context);
  }
}
