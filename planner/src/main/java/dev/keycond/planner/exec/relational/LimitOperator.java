package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import java.util.List;

/** OFFSET and FETCH without ORDER BY: skips and stops as rows stream past, so it reads no further than it returns. */
final class LimitOperator implements Operator {
  private final Operator input;
  private final OffsetFetch bounds;

  LimitOperator(Operator input, OffsetFetch bounds) {
    this.input = input;
    this.bounds = bounds;
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    long offset = bounds.offset(context);
    long fetch = bounds.fetch(context);
    if (fetch == 0) {
      return new ListCursor(List.of());
    }
    RowCursor rows = input.open(context);
    RunningCheck check = new RunningCheck(context);
    return new RowCursor() {
      private long toSkip = offset;
      private long remaining = fetch;

      @Override
      public boolean next() {
        if (remaining == 0) {
          return false;
        }
        for (; toSkip > 0; toSkip--) {
          if (!rows.next()) {
            return false;
          }
          check.tick();
        }
        if (!rows.next()) {
          return false;
        }
        remaining--;
        return true;
      }

      @Override
      public Object[] row() {
        return rows.row();
      }

      @Override
      public void close() {
        rows.close();
      }
    };
  }
}
