package dev.keycond.planner.exec.write;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.request.WriteActions;
import dev.keycond.planner.settings.StatementSettings;
import java.util.List;
import java.util.Optional;

/**
 * Executes a write statement: once per parameter set (one for {@code executeUpdate}, one per row
 * of {@code executeBatch}), with the requests of all of them sent concurrently within a bound.
 */
public interface WriteOperator {

  /**
   * @param parameterSets the parameter values of each execution, in marker order
   * @return the rows each execution wrote, exactly as DynamoDB took them
   * @throws WriteFailure when a row could not be written; it says which rows were
   */
  long[] execute(ExecutionContext context, List<List<Object>> parameterSets);

  /**
   * The requests the statement produces, built as {@link #execute} builds them; nothing is sent.
   *
   * @param parameters the statement's parameter values, or empty to describe the markers
   */
  WriteActions actions(StatementSettings settings, Optional<List<Object>> parameters);
}
