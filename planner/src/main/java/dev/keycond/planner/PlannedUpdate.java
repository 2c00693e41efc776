package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.write.WriteOperator;
import java.util.List;

/** A write (INSERT, UPSERT, UPDATE, DELETE, MERGE): running it gives the count of rows it wrote. */
public record PlannedUpdate(
    ImmutableList<ParameterType> parameters,
    WriteOperator root,
    PlanWarnings warnings) implements PlannedStatement {

  /**
   * Runs the write once per parameter set, their requests sent together.
   *
   * @return the rows each execution wrote
   * @throws dev.keycond.planner.exec.write.WriteFailure when a row could not be written
   */
  public long[] execute(ExecutionContext context, List<List<Object>> parameterSets) {
    return root.execute(context, parameterSets);
  }
}
