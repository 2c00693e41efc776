package dev.keycond.planner.exec;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What one execution cost: requests sent and items DynamoDB read, which the statement's warning
 * sets against the rows it returned, the items DynamoDB's FilterExpression read and then left out,
 * and the items a hierarchy walk read and then left out.
 */
public final class ReadStatistics {
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong itemsRead = new AtomicLong();
  private final AtomicLong itemsDiscarded = new AtomicLong();
  private final AtomicLong itemsFilteredByDynamo = new AtomicLong();

  public void addRequest(long scannedCount) {
    addRequests(1, scannedCount);
  }

  /** Counts requests that together read {@code scannedCount} items, such as a batch and its retries. */
  public void addRequests(int count, long scannedCount) {
    requests.addAndGet(count);
    itemsRead.addAndGet(scannedCount);
  }

  /** Counts items a hierarchy walk read and then left out (orphans, rows its conditions reject). */
  public void addDiscarded(long count) {
    itemsDiscarded.addAndGet(count);
  }

  /** Counts items a Query or Scan read but did not return, because its FilterExpression rejected them. */
  public void addFilteredByDynamo(long count) {
    itemsFilteredByDynamo.addAndGet(count);
  }

  /** The items DynamoDB read and its FilterExpression rejected: ScannedCount less Count, over every page. */
  public long itemsFilteredByDynamo() {
    return itemsFilteredByDynamo.get();
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
}
