package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import java.util.function.Consumer;

/** Reads a whole input, for the operators that must see all of it before they can answer. */
public final class Drain {
  private Drain() {}

  /**
   * Opens {@code input}, passes each row to {@code action} and closes it. A row is only valid during
   * its call; an action that keeps it must copy it.
   */
  public static void forEach(Operator input, ExecutionContext context, Consumer<Object[]> action) {
    forEach(input.open(context), context, action);
  }

  /** {@link #forEach(Operator, ExecutionContext, Consumer)} of a cursor already opened; closes it. */
  static void forEach(RowCursor opened, ExecutionContext context, Consumer<Object[]> action) {
    RunningCheck check = new RunningCheck(context);
    try (RowCursor cursor = opened) {
      while (cursor.next()) {
        check.tick();
        action.accept(cursor.row());
      }
    }
  }
}
