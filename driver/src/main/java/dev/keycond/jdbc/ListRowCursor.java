package dev.keycond.jdbc;

import dev.keycond.planner.exec.RowCursor;
import java.util.Iterator;
import java.util.List;

/** Rows that are already in memory: EXPLAIN output and metadata results. */
final class ListRowCursor implements RowCursor {
  private final Iterator<Object[]> rows;
  private Object[] current;

  ListRowCursor(List<Object[]> rows) {
    this.rows = rows.iterator();
  }

  @Override
  public boolean next() {
    current = rows.hasNext() ? rows.next() : null;
    return current != null;
  }

  @Override
  public Object[] row() {
    return current;
  }

  @Override
  public void close() {
    current = null;
  }
}
