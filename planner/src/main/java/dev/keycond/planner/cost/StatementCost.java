package dev.keycond.planner.cost;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one execution of a statement cost in DynamoDB: the requests DynamoDB answered, by
 * operation, the items they read and wrote, and the capacity units DynamoDB reported for each
 * table and index. Programs reach it as {@code stmt.unwrap(dev.keycond.KeycondStatement.class).cost()}.
 *
 * <p>A request the SDK retried after a failed attempt counts once, as DynamoDB bills it; the
 * unprocessed part of a batch, sent again, is a request of its own. A conditional write whose
 * condition fails is a request that wrote nothing; DynamoDB charges its write units but does not
 * report them, so they are not in {@link #capacity()}.
 *
 * @param requests operation ({@code Query}) to the number of requests DynamoDB answered, in the
 *     order of {@link #READ_OPERATIONS} then {@link #WRITE_OPERATIONS}; operations not sent are absent
 * @param itemsRead the items DynamoDB read: a Query's or Scan's ScannedCount (items read before
 *     any filter), the items a GetItem or BatchGetItem found
 * @param itemsWritten the items DynamoDB put, updated or deleted
 * @param capacity the units of each table and index, tables in name order, each table before its
 *     indexes
 * @param unitsReported whether every request asked DynamoDB to report its units; false when the
 *     connection's {@code consumedCapacity=none} kept them from asking, and then {@code capacity}
 *     is empty and its sums are 0 without saying that nothing was consumed
 */
public record StatementCost(Map<String, Long> requests, long itemsRead, long itemsWritten, List<Capacity> capacity,
    boolean unitsReported) {
  public static final List<String> READ_OPERATIONS = List.of("GetItem", "BatchGetItem", "Query", "Scan");
  public static final List<String> WRITE_OPERATIONS = List.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
      "TransactWriteItems");
  /** What a cost says in place of units its requests did not ask for. */
  private static final String UNITS_NOT_ASKED = "units not asked (consumedCapacity=none)";
  /** The cost of a statement that sent nothing. */
  public static final StatementCost NONE = new StatementCost(Map.of(), 0, 0, List.of(), true);

  private static final Comparator<Capacity> TABLE_THEN_INDEX = Comparator.comparing(Capacity::table)
      .thenComparing(c -> c.index().orElse(""));

  public StatementCost {
    Map<String, Long> ordered = new LinkedHashMap<>();
    for (String operation : operations()) {
      Long count = requests.get(operation);
      if (count != null) {
        if (count < 1) {
          throw new IllegalArgumentException(count + " " + operation + " requests; an operation not sent is absent");
        }
        ordered.put(operation, count);
      }
    }
    if (ordered.size() != requests.size()) {
      throw new IllegalArgumentException("not DynamoDB item operations: " + requests.keySet());
    }
    if (itemsRead < 0 || itemsWritten < 0) {
      throw new IllegalArgumentException(itemsRead + " items read and " + itemsWritten + " written");
    }
    if (!unitsReported && !capacity.isEmpty()) {
      throw new IllegalArgumentException("units of " + capacity.get(0).describe() + " that were not asked for");
    }
    Set<List<String>> targets = new HashSet<>();
    for (Capacity c : capacity) {
      if (!targets.add(List.of(c.table(), c.index().orElse("")))) {
        throw new IllegalArgumentException("two capacities of " + c.describe());
      }
    }
    List<Capacity> sorted = new ArrayList<>(capacity);
    sorted.sort(TABLE_THEN_INDEX);
    requests = Collections.unmodifiableMap(ordered);
    capacity = List.copyOf(sorted);
  }

  private static List<String> operations() {
    List<String> all = new ArrayList<>(READ_OPERATIONS);
    all.addAll(WRITE_OPERATIONS);
    return all;
  }

  /** Every request DynamoDB answered. */
  public long requestCount() {
    return requests.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The read capacity units of every table and index together. */
  public double readCapacityUnits() {
    return capacity.stream().mapToDouble(Capacity::readUnits).sum();
  }

  /** The write capacity units of every table and index together. */
  public double writeCapacityUnits() {
    return capacity.stream().mapToDouble(Capacity::writeUnits).sum();
  }

  /** The units of one table ({@code index} empty) or one of its indexes, if DynamoDB reported any. */
  public Optional<Capacity> capacity(String table, Optional<String> index) {
    return capacity.stream().filter(c -> c.table().equals(table) && c.index().equals(index)).findFirst();
  }

  /**
   * The cost in one line, as the shell prints it after a statement: {@code 1 Query, 3,066 items
   * read, 12.5 RCU}; a statement that reads and writes gives both ({@code 1 Query, 2 UpdateItem, 2
   * items read, 2 items written, 0.5 RCU, 2 WCU}); one whose requests did not ask for their units,
   * {@code 1 Query, 3,066 items read, units not asked (consumedCapacity=none)}; one that sent
   * nothing, {@code no DynamoDB requests}.
   */
  public String summary() {
    if (requests.isEmpty()) {
      return "no DynamoDB requests";
    }
    List<String> parts = new ArrayList<>();
    requests.forEach((operation, count) -> parts.add(CostText.count(count) + " " + operation));
    boolean reads = requests.keySet().stream().anyMatch(READ_OPERATIONS::contains);
    boolean writes = requests.keySet().stream().anyMatch(WRITE_OPERATIONS::contains);
    if (reads) {
      parts.add(CostText.count(itemsRead, "item") + " read");
    }
    if (writes) {
      parts.add(CostText.count(itemsWritten, "item") + " written");
    }
    if (!unitsReported) {
      parts.add(UNITS_NOT_ASKED);
      return String.join(", ", parts);
    }
    if (reads) {
      parts.add(CostText.units(readCapacityUnits()) + " RCU");
    }
    if (writes) {
      parts.add(CostText.units(writeCapacityUnits()) + " WCU");
    }
    return String.join(", ", parts);
  }
}
