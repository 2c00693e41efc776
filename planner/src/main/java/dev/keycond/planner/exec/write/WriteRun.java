package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.request.WriteRequestBuilder;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One run of a write statement, the structure every write operator shares: each execution (each
 * parameter set of a batch) produces its rows' writes in turn, until a row has failed; writes held
 * back until every row is checked go out after the last execution; the batches still gathering are
 * sent; the run waits for every request in flight, and ends with the counts DynamoDB took, and the
 * rows written when the statement returns them. An execution that fails before it has given all
 * its rows refuses the whole statement when nothing has been sent yet; after, it and every
 * execution not reached count as failed.
 */
final class WriteRun {
  private final ExecutionContext context;
  private final WriteProgress progress;
  private final ConcurrentWrites sender;
  private final BatchedWrites batches;
  private final List<Runnable> held = new ArrayList<>();
  /** Whether the execution running stopped reading its rows, a row having failed: not all were given. */
  private boolean stoppedReading;
  /** Decodes the items written, when the statement returns its rows. */
  private final Optional<ItemCodec> returnedRows;
  /** The rows written, by their ordinal in the statement, as requests answer on their threads. */
  private final Map<Long, Object[]> returned = new ConcurrentSkipListMap<>();

  /** What one execution of the statement writes. */
  interface Execution {
    /**
     * @param index which execution (parameter set) it is
     * @param parameters its parameter values
     */
    void run(int index, List<Object> parameters, WriteRun run);
  }

  private WriteRun(ExecutionContext context, EntityTable table, int executions, boolean returnsRows) {
    this.context = context;
    this.returnedRows = returnsRows ? Optional.of(ItemCodec.of(table)) : Optional.empty();
    this.progress = new WriteProgress(executions);
    this.sender = new ConcurrentWrites(context, progress);
    this.batches = new BatchedWrites(context, new WriteRequestBuilder(table, Optional.empty(), false,
        Optional.empty()), sender, progress,
        table.ownKeyAttributes(), this::written);
  }

  /**
   * Runs every execution, then sends what they held back and gathered.
   *
   * @param returnsRows whether the result keeps the rows written
   * @throws WriteFailure when a row could not be written
   * @throws KeycondException when an execution failed before anything was sent: nothing is
   */
  static WriteResult run(ExecutionContext context, EntityTable table, List<List<Object>> parameterSets,
      boolean returnsRows, Execution execution) {
    WriteRun run = new WriteRun(context, table, parameterSets.size(), returnsRows);
    try {
      for (int i = 0; i < parameterSets.size() && !run.progress.hasFailed(); i++) {
        run.stoppedReading = false;
        try {
          execution.run(i, parameterSets.get(i), run);
          if (!run.stoppedReading) {
            run.progress.allRowsGiven(i);
          }
        } catch (KeycondException e) {
          // Before anything was sent, this refuses the whole statement; after, the counts say what DynamoDB took.
          run.progress.stop(i, e);
        }
      }
      run.held.forEach(Runnable::run);
      run.batches.flush();
    } finally {
      run.sender.awaitAll();
    }
    try {
      return new WriteResult(run.progress.finish(), ImmutableList.copyOf(run.returned.values()));
    } catch (WriteFailure failure) {
      // The rows written are the statement's still: the keys JDBC generated for them, say.
      throw failure.withRows(ImmutableList.copyOf(run.returned.values()));
    }
  }

  /**
   * Counts what one row's request did, and keeps the row when the statement returns its rows.
   *
   * @param item empty when the row was not written (its condition failed); else the item written,
   *     as DynamoDB answered with it or as it was sent
   * @return the rows written: 0 or 1
   */
  long written(RowRef row, Optional<Map<String, AttributeValue>> item) {
    if (item.isEmpty()) {
      return 0;
    }
    returnedRows.map(codec -> codec.decode(item.get())).ifPresent(decoded -> returned.put(row.ordinal(), decoded));
    return 1;
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

  /**
   * The execution running stops reading its rows because a row has failed: the rows it did not give
   * are not written, and it counts as failed.
   */
  void stopReading() {
    stoppedReading = true;
    progress.stoppedReading();
  }

  /** A write sent only after every execution has produced its rows, all of them checked. */
  void afterAllChecked(Runnable write) {
    held.add(write);
  }
}
