package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;

/**
 * Lets a loop that may run long notice a cancel or a timeout: it checks every 1024 rows, so it
 * reacts soon without reading the clock for every row.
 */
final class RunningCheck {
  private static final int INTERVAL = 1024;

  private final ExecutionContext context;
  private int rows;

  RunningCheck(ExecutionContext context) {
    this.context = context;
  }

  void tick() {
    if (++rows == INTERVAL) {
      rows = 0;
      context.call().checkRunning();
    }
  }
}
