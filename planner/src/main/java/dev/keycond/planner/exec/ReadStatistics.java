package dev.keycond.planner.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items one execution read and then left out without a condition of the driver's to name:
 * those a hierarchy walk read past a row it rejects, or below a missing folder, and those DynamoDB's
 * FilterExpression read and did not return; and the keys of the items a read returned that a
 * condition the driver checks itself rejected and no other read of the statement kept (of the first
 * {@value #MOST_KEYS_KEPT} rejected and kept). What the requests cost (requests, items read,
 * capacity units) is counted where they are sent, in the statement's
 * {@link dev.keycond.planner.gateway.StatementCall#cost()}.
 */
public final class ReadStatistics {
  private final AtomicLong itemsDiscarded = new AtomicLong();
  private final AtomicLong itemsFilteredByDynamo = new AtomicLong();
  /** Bounds the keys kept of the items the driver's checks rejected: a statement may read many. */
  public static final int MOST_KEYS_KEPT = 1000;

  private final List<Map<String, AttributeValue>> rejectedByDriver = new ArrayList<>();
  /** Of the items that became rows: an item collection's one read serves several tables' rows. */
  private final Set<Map<String, AttributeValue>> keptAsRows = new HashSet<>();
  private final AtomicInteger keptCount = new AtomicInteger();

  /** Counts items a hierarchy walk read and then left out (orphans, rows its conditions reject). */
  public void addDiscarded(long count) {
    itemsDiscarded.addAndGet(count);
  }

  public long itemsDiscarded() {
    return itemsDiscarded.get();
  }

  /** Counts items a Query or Scan read but did not return, because its FilterExpression rejected them. */
  public void addFilteredByDynamo(long count) {
    itemsFilteredByDynamo.addAndGet(count);
  }

  /** The items DynamoDB read and its FilterExpression rejected: ScannedCount less Count, over every page. */
  public long itemsFilteredByDynamo() {
    return itemsFilteredByDynamo.get();
  }

  /**
   * Keeps the key of an item DynamoDB returned that a condition the driver checks itself rejected.
   *
   * @param keyAttributes the key attributes of the item's DynamoDB table
   */
  public void addRejectedByDriver(List<String> keyAttributes, Map<String, AttributeValue> item) {
    synchronized (rejectedByDriver) {
      if (rejectedByDriver.size() < MOST_KEYS_KEPT) {
        rejectedByDriver.add(key(keyAttributes, item));
      }
    }
  }

  /** Keeps the key of an item that became a row, while fewer than {@value #MOST_KEYS_KEPT} have. */
  public void addKeptAsRow(List<String> keyAttributes, Map<String, AttributeValue> item) {
    if (keptCount.get() < MOST_KEYS_KEPT && keptCount.incrementAndGet() <= MOST_KEYS_KEPT) {
      synchronized (keptAsRows) {
        keptAsRows.add(key(keyAttributes, item));
      }
    }
  }

  private static Map<String, AttributeValue> key(List<String> keyAttributes, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    keyAttributes.forEach(attribute -> key.put(attribute, item.get(attribute)));
    return Map.copyOf(key);
  }

  /**
   * The keys of the items the driver's own checks rejected so far and no read of the statement kept
   * as a row, in the order it read them.
   */
  public List<Map<String, AttributeValue>> itemsRejectedByDriver() {
    synchronized (rejectedByDriver) {
      synchronized (keptAsRows) {
        return rejectedByDriver.stream().filter(key -> !keptAsRows.contains(key)).distinct().toList();
      }
    }
  }
}
