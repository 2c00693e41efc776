package dev.keycond.planner.exec;

/**
 * A forward-only stream of rows, pulled one at a time, so that nothing upstream reads further than
 * the consumer asks. Failures are {@link dev.keycond.planner.error.KeycondException}s.
 */
public interface RowCursor extends AutoCloseable {

  /** Moves to the next row; false at the end. */
  boolean next();

  /** The current row, in keycond's internal value representation; valid until the next call to {@link #next()}. */
  Object[] row();

  /** Releases what the cursor holds (pending requests, child cursors). Idempotent. */
  @Override
  void close();
}
