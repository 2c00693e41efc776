package dev.keycond.planner.exec;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The items one execution read and then left out without a condition of the driver's to name:
 * those a hierarchy walk read past a row it rejects, or below a missing folder, those an index read
 * found by a key value they do not read as, and those DynamoDB's FilterExpression read and did not
 * return. What the requests cost (requests, items read,
 * capacity units) is counted where they are sent, in the statement's
 * {@link dev.keycond.planner.gateway.StatementCall#cost()}.
 */
public final class ReadStatistics {
  private final AtomicLong itemsDiscarded = new AtomicLong();
  private final AtomicLong itemsFilteredByDynamo = new AtomicLong();
  private final AtomicLong itemsContradictingKey = new AtomicLong();

  /** Counts items a hierarchy walk read and then left out (orphans, rows its conditions reject). */
  public void addDiscarded(long count) {
    itemsDiscarded.addAndGet(count);
  }

  public long itemsDiscarded() {
    return itemsDiscarded.get();
  }

  /**
   * Counts an item an index read found by a key value that it does not read as (its attribute
   * disagrees with the index key, or the table's key with the index's), which the driver left out.
   */
  public void addContradictingKey() {
    itemsDiscarded.incrementAndGet();
    itemsContradictingKey.incrementAndGet();
  }

  /** The items counted by {@link #addContradictingKey()}, among {@link #itemsDiscarded()}. */
  public long itemsContradictingKey() {
    return itemsContradictingKey.get();
  }

  /** Counts items a Query or Scan read but did not return, because its FilterExpression rejected them. */
  public void addFilteredByDynamo(long count) {
    itemsFilteredByDynamo.addAndGet(count);
  }

  /** The items DynamoDB read and its FilterExpression rejected: ScannedCount less Count, over every page. */
  public long itemsFilteredByDynamo() {
    return itemsFilteredByDynamo.get();
  }
}
