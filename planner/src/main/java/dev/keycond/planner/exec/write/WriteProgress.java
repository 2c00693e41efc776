package dev.keycond.planner.exec.write;

import dev.keycond.planner.error.KeycondException;

/**
 * What a write statement has done so far, row by row, from the threads that send its requests: the
 * rows each execution wrote, and the first failure. Once a row has failed, no more rows are sent,
 * and the statement ends with a {@link WriteFailure} whose counts are exactly what DynamoDB took:
 * an execution that did not write all its rows, or was never reached, counts as failed.
 */
final class WriteProgress {
  private final long[] written;
  private final boolean[] incomplete;
  /** The executions whose rows were all known and handed over, each to be written, failed or skipped. */
  private final boolean[] allRowsGiven;
  /** Whether a request has been sent: until then, a failure is the whole statement's refusal. */
  private boolean sent;
  private long writtenRows;
  private long rows;
  /** Whether every row of the statement was known when it failed (not so for rows still being read). */
  private boolean allRowsKnown = true;
  private KeycondException failure;
  private long failedOrdinal = Long.MAX_VALUE;
  private String firstNotWritten;
  /**
   * The first row whose request was sent but whose answer never came (a timeout, a cancel, a
   * connection lost), and how many such rows there are: DynamoDB may have written each or not, and
   * the statement must not say either.
   */
  private String unknownOutcome;
  private int unknownOutcomes;

  WriteProgress(int executions) {
    this.written = new long[executions];
    this.incomplete = new boolean[executions];
    this.allRowsGiven = new boolean[executions];
  }

  /** Every row of the execution is known and handed over; an execution never reached counts as failed. */
  synchronized void allRowsGiven(int execution) {
    allRowsGiven[execution] = true;
  }

  /** A request is about to be sent. */
  synchronized void sending() {
    sent = true;
  }

  /**
   * An execution failed before all its rows were known (its parameters, or a row it read, could not
   * be written). Before any request was sent that refuses the whole statement, which then writes
   * nothing; after, the statement stops sending and ends with a {@link WriteFailure} whose counts
   * are what DynamoDB took.
   *
   * @throws KeycondException {@code cause}, when nothing has been sent
   */
  synchronized void stop(int execution, KeycondException cause) {
    if (!sent) {
      throw cause;
    }
    incomplete[execution] = true;
    allRowsKnown = false;
    if (failure == null) {
      failure = cause;
    }
    notWritten(rows, "is one of execution " + (execution + 1) + ", whose rows were not all known when it failed");
  }

  /** Counts a row to be written, in the statement's order; returns its ordinal. */
  synchronized long row() {
    return rows++;
  }

  synchronized void written(int execution, long count) {
    written[execution] += count;
    writtenRows += count;
  }

  /** A row that failed: the statement stops sending, and ends with this failure. */
  synchronized void failed(int execution, long ordinal, String key, KeycondException cause) {
    incomplete[execution] = true;
    if (failure == null) {
      failure = cause;
    }
    if (cause.state().leavesOutcomeUnknown()) {
      if (unknownOutcome == null) {
        unknownOutcome = "has key " + key;
      }
      unknownOutcomes++;
    } else {
      notWritten(ordinal, "has key " + key);
    }
  }


  /** A row that was not sent, because an earlier one failed. */
  synchronized void skipped(int execution, long ordinal, String key) {
    incomplete[execution] = true;
    notWritten(ordinal, "has key " + key);
  }

  private void notWritten(long ordinal, String which) {
    if (ordinal < failedOrdinal) {
      failedOrdinal = ordinal;
      firstNotWritten = which;
    }
  }

  /** The statement stopped reading its rows at the failure, so more may have followed. */
  synchronized void stoppedReading() {
    allRowsKnown = false;
  }

  synchronized boolean hasFailed() {
    return failure != null;
  }

  /**
   * The rows each execution wrote.
   *
   * @throws WriteFailure when a row failed
   */
  synchronized long[] finish() {
    if (failure == null) {
      return written.clone();
    }
    long[] counts = written.clone();
    for (int i = 0; i < counts.length; i++) {
      if (incomplete[i] || !allRowsGiven[i]) {
        counts[i] = WriteFailure.NOT_ALL_WRITTEN;
      }
    }
    throw new WriteFailure(failure, failure.messageThen(whatWasWritten()), counts);
  }

  private String whatWasWritten() {
    String unknown = "its request may have reached DynamoDB, and no answer came back; read it by its key to know";
    if (rows <= 1 && allRowsKnown) {
      return unknownOutcome != null ? "Whether the row was written is not known: " + unknown
          : "The row was not written";
    }
    String lost = unknownOutcomes == 1 ? "the row that " + unknownOutcome + " was"
        : unknownOutcomes + " rows were, the row that " + unknownOutcome + " among them,";
    String written = writtenRows + " of " + (allRowsKnown ? "" : "at least ") + rows + " rows were written"
        + (unknownOutcomes > 0 ? " for certain; whether " + lost + " is not known: " + unknown : "");
    return written + (firstNotWritten != null ? "; the first row not written " + firstNotWritten : "");
  }
}
