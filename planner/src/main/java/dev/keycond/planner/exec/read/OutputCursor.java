package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.RowCursor;
import java.util.Iterator;

/** Applies OFFSET, LIMIT and the projection to the read's rows. */
final class OutputCursor implements RowCursor {
  private final Iterator<Object[]> rows;
  private final ItemRows itemRows;
  private final FanOut fanOut;
  private long toSkip;
  private long remaining;
  private Object[] current;

  /** @param itemRows what projects the read's table rows to its output rows */
  OutputCursor(Iterator<Object[]> rows, ItemRows itemRows, FanOut fanOut, long offset, long fetch) {
    this.rows = rows;
    this.itemRows = itemRows;
    this.fanOut = fanOut;
    this.toSkip = offset;
    this.remaining = fetch;
  }

  @Override
  public boolean next() {
    while (remaining > 0 && rows.hasNext()) {
      Object[] tableRow = rows.next();
      if (toSkip > 0) {
        toSkip--;
        continue;
      }
      remaining--;
      current = itemRows.project(tableRow);
      return true;
    }
    current = null;
    return false;
  }

  @Override
  public Object[] row() {
    return current;
  }

  @Override
  public void close() {
    remaining = 0;
    fanOut.close();
  }
}
