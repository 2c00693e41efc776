package dev.keycond.planner.exec.write;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.request.WriteRequestBuilder;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One run of a write statement, the structure every write operator shares: each execution (each
 * parameter set of a batch) produces its rows' writes in turn, until a row has failed; writes held
 * back until every row is checked go out after the last execution; the batches still gathering are
 * sent; the run waits for every request in flight, and ends with the counts DynamoDB took.
 */
final class WriteRun {
  private final ExecutionContext context;
  private final WriteProgress progress;
  private final ConcurrentWrites sender;
  private final BatchedWrites batches;
  private final List<Runnable> held = new ArrayList<>();

  /** What one execution of the statement writes. */
  interface Execution {
    /**
     * @param index which execution (parameter set) it is
     * @param parameters its parameter values
     */
    void run(int index, List<Object> parameters, WriteRun run);
  }

  private WriteRun(ExecutionContext context, EntityTable table, int executions) {
    this.context = context;
    this.progress = new WriteProgress(executions);
    this.sender = new ConcurrentWrites(context, progress);
    this.batches = new BatchedWrites(context, new WriteRequestBuilder(table, Optional.empty()), sender, progress,
        table.ownKeyAttributes());
  }

  /**
   * Runs every execution, then sends what they held back and gathered.
   *
   * @throws WriteFailure when a row could not be written
   */
  static long[] run(ExecutionContext context, EntityTable table, List<List<Object>> parameterSets,
      Execution execution) {
    WriteRun run = new WriteRun(context, table, parameterSets.size());
    try {
      for (int i = 0; i < parameterSets.size() && !run.progress.hasFailed(); i++) {
        execution.run(i, parameterSets.get(i), run);
      }
      run.held.forEach(Runnable::run);
      run.batches.flush();
    } finally {
      run.sender.awaitAll();
    }
    return run.progress.finish();
  }

  ExecutionContext context() {
    return context;
  }

  WriteProgress progress() {
    return progress;
  }

  ConcurrentWrites sender() {
    return sender;
  }

  /** Gathers unconditional puts and deletes into BatchWriteItem requests. */
  BatchedWrites batches() {
    return batches;
  }

  /** A write sent only after every execution has produced its rows, all of them checked. */
  void afterAllChecked(Runnable write) {
    held.add(write);
  }
}
