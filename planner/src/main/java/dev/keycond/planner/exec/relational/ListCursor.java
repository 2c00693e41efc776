package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.RowCursor;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * Iterates rows held in memory. Operators that must read all their input first (sort, aggregate)
 * hand in a supplier, which runs on the first call to {@link #next()} so that opening stays cheap.
 */
public final class ListCursor implements RowCursor {
  private final Supplier<List<Object[]>> rows;
  private Iterator<Object[]> iterator;
  private Object[] current;

  public ListCursor(Supplier<List<Object[]>> rows) {
    this.rows = rows;
  }

  public ListCursor(List<Object[]> rows) {
    this(() -> rows);
  }

  @Override
  public boolean next() {
    if (iterator == null) {
      iterator = rows.get().iterator();
    }
    current = iterator.hasNext() ? iterator.next() : null;
    return current != null;
  }

  @Override
  public Object[] row() {
    return current;
  }

  @Override
  public void close() {
    iterator = List.<Object[]>of().iterator();
    current = null;
  }
}
