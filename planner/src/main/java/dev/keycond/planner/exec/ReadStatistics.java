package dev.keycond.planner.exec;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The items one execution read and then left out in the driver without a condition to name: those
 * a hierarchy walk read past a row it rejects, or below a missing folder. What the requests cost
 * (requests, items read, capacity units) is counted where they are sent, in the statement's
 * {@link dev.keycond.planner.gateway.StatementCall#cost()}.
 */
public final class ReadStatistics {
  private final AtomicLong itemsDiscarded = new AtomicLong();

  /** Counts items a hierarchy walk read and then left out (orphans, rows its conditions reject). */
  public void addDiscarded(long count) {
    itemsDiscarded.addAndGet(count);
  }

  public long itemsDiscarded() {
    return itemsDiscarded.get();
  }
}
