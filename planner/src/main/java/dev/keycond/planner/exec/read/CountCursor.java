package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.RowCursor;
import java.util.Iterator;
import java.util.List;

/** Produces the single COUNT(*) row: DynamoDB's counts when it counts for us, or rows counted here. */
final class CountCursor implements RowCursor {
  private final List<TableRows> streams;
  private final FanOut fanOut;
  private final boolean visible;
  private Object[] current;
  private boolean done;

  CountCursor(List<TableRows> streams, FanOut fanOut, long offset, long fetch) {
    this.streams = streams;
    this.fanOut = fanOut;
    // An aggregate without GROUP BY has one row; OFFSET and LIMIT act on that row.
    this.visible = offset == 0 && fetch > 0;
  }

  @Override
  public boolean next() {
    if (done || !visible) {
      current = null;
      return false;
    }
    done = true;
    long total = 0;
    // Interleaved, so that the segments of a parallel Scan are counted concurrently.
    for (Iterator<Object[]> rows = new InterleavedRows(streams); rows.hasNext(); rows.next()) {
      total++;
    }
    for (TableRows stream : streams) {
      total += stream.countedByDynamo();
    }
    current = new Object[] {total};
    return true;
  }

  @Override
  public Object[] row() {
    return current;
  }

  @Override
  public void close() {
    done = true;
    fanOut.close();
  }
}
