package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;
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
  /** The rows written, when the statement keeps them (RETURNING, generated keys); none otherwise. */
  private final transient ImmutableList<Object[]> rows;

  WriteFailure(KeycondException cause, String message, long[] counts) {
    this(cause, message, counts, ImmutableList.of());
  }

  private WriteFailure(KeycondException cause, String message, long[] counts, ImmutableList<Object[]> rows) {
    super(cause.state(), message, cause);
    this.counts = counts.clone();
    this.rows = rows;
  }

  /** The same failure, with the rows that were written. */
  WriteFailure withRows(ImmutableList<Object[]> written) {
    return new WriteFailure((KeycondException) getCause(), getMessage(), counts, written);
  }

  public long[] counts() {
    return counts.clone();
  }

  /** The rows written before the failure, when the statement keeps its rows; none otherwise. */
  public ImmutableList<Object[]> rows() {
    return rows == null ? ImmutableList.of() : rows;
  }
}
