package dev.keycond.planner.exec;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What one execution cost: requests sent, items DynamoDB read, and items that became rows. The
 * difference is what residual filters threw away; the statement's warning reports it.
 */
public final class ReadStatistics {
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong itemsRead = new AtomicLong();
  private final AtomicLong itemsReturned = new AtomicLong();
  private final AtomicLong itemsDiscarded = new AtomicLong();

  public void addRequest(long scannedCount) {
    addRequests(1, scannedCount);
  }

  /** Counts requests that together read {@code scannedCount} items, such as a batch and its retries. */
  public void addRequests(int count, long scannedCount) {
    requests.addAndGet(count);
    itemsRead.addAndGet(scannedCount);
  }

  public void addReturned(long count) {
    itemsReturned.addAndGet(count);
  }

  /** Counts items a hierarchy walk read and then left out (orphans, rows its conditions reject). */
  public void addDiscarded(long count) {
    itemsDiscarded.addAndGet(count);
  }

  public long itemsDiscarded() {
    return itemsDiscarded.get();
  }

  public long requests() {
    return requests.get();
  }

  public long itemsRead() {
    return itemsRead.get();
  }

  public long itemsReturned() {
    return itemsReturned.get();
  }
}
