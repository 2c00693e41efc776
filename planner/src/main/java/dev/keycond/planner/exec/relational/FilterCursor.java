package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.RowCursor;
import java.util.function.Predicate;

/** The rows of another cursor that pass a test, pulled one at a time. */
final class FilterCursor implements RowCursor {
  private final RowCursor rows;
  private final Predicate<Object[]> test;
  private final RunningCheck check;

  FilterCursor(RowCursor rows, Predicate<Object[]> test, ExecutionContext context) {
    this.rows = rows;
    this.test = test;
    this.check = new RunningCheck(context);
  }

  @Override
  public boolean next() {
    while (rows.next()) {
      if (test.test(rows.row())) {
        return true;
      }
      // Many rows may fail in a row; a cancel or timeout must not wait for the next one that passes.
      check.tick();
    }
    return false;
  }

  @Override
  public Object[] row() {
    return rows.row();
  }

  @Override
  public void close() {
    rows.close();
  }
}
