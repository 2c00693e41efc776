package dev.keycond.planner.exec.write;

import dev.keycond.planner.error.KeycondException;

/**
 * A write statement that stopped part-way: its message says how many rows were written and names
 * the first row that was not, and {@link #counts()} has, per execution, the rows written or
 * {@link #NOT_ALL_WRITTEN} for an execution some of whose rows were not.
 */
public final class WriteFailure extends KeycondException {
  private static final long serialVersionUID = 1L;

  /** The count of an execution that did not write all its rows: JDBC's {@code Statement.EXECUTE_FAILED}. */
  public static final long NOT_ALL_WRITTEN = -3;

  private final long[] counts;

  WriteFailure(KeycondException cause, String message, long[] counts) {
    super(cause.state(), message, cause);
    this.counts = counts.clone();
  }

  public long[] counts() {
    return counts.clone();
  }
}
