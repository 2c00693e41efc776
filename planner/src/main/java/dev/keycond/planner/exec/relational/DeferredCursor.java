package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.RowCursor;
import java.util.function.Supplier;

/**
 * A cursor opened on the first call to {@link #next()}, for operators that read some inputs into
 * memory before they can stream another: opening them stays cheap, and nothing is read for a
 * cursor closed unread.
 */
final class DeferredCursor implements RowCursor {
  private final Supplier<RowCursor> open;
  private RowCursor rows;

  DeferredCursor(Supplier<RowCursor> open) {
    this.open = open;
  }

  @Override
  public boolean next() {
    if (rows == null) {
      rows = open.get();
    }
    return rows.next();
  }

  @Override
  public Object[] row() {
    return rows.row();
  }

  @Override
  public void close() {
    if (rows != null) {
      rows.close();
    }
  }
}
