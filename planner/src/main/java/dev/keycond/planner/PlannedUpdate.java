package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.write.WriteOperator;
import dev.keycond.planner.exec.write.WriteResult;
import java.util.List;
import java.util.Optional;

/**
 * A write (INSERT, UPSERT, UPDATE, DELETE, MERGE): running it gives the count of rows it wrote, and
 * with RETURNING, the rows.
 *
 * @param returning the rows it returns (its RETURNING list), or empty for a count only
 * @param generatedKeys for an INSERT or UPSERT, the keys JDBC's getGeneratedKeys can give
 */
public record PlannedUpdate(
    ImmutableList<ParameterType> parameters,
    WriteOperator root,
    PlanWarnings warnings,
    Optional<ReturnedRows> returning,
    Optional<GeneratedKeys> generatedKeys) implements PlannedStatement {

  /**
   * Runs the write once per parameter set, their requests sent together.
   *
   * @param keepRows whether to keep the rows written: for RETURNING, or for an INSERT's generated keys
   * @return the rows each execution wrote
   * @throws dev.keycond.planner.exec.write.WriteFailure when a row could not be written
   */
  public WriteResult execute(ExecutionContext context, List<List<Object>> parameterSets, boolean keepRows) {
    return root.execute(context, parameterSets, keepRows);
  }

  /** Whether it runs in a transaction of its own in auto-commit mode, sent as one TransactWriteItems. */
  public boolean needsTransaction() {
    return root.needsTransaction();
  }
}
