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
   * @param returnsRows whether the result keeps the rows written: an INSERT's always can (they are
   *     the rows it sends), an UPDATE's, DELETE's or MERGE's only when planned to (RETURNING), since
   *     their requests then ask DynamoDB for the items
   * @return the rows each execution wrote, exactly as DynamoDB took them, and the rows when asked
   * @throws WriteFailure when a row could not be written; it says which rows were
   */
  WriteResult execute(ExecutionContext context, List<List<Object>> parameterSets, boolean returnsRows);

  /**
   * The requests the statement produces, built as {@link #execute} builds them; nothing is sent.
   *
   * @param parameters the statement's parameter values, or empty to describe the markers
   */
  WriteActions actions(StatementSettings settings, Optional<List<Object>> parameters);

  /**
   * Whether the write must run in a transaction even in auto-commit mode: it checks another item
   * (EXISTS) atomically with its writes, which only a TransactWriteItems can do.
   */
  default boolean needsTransaction() {
    return false;
  }
}
