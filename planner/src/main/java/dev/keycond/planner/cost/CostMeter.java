package dev.keycond.planner.cost;

import dev.keycond.planner.request.DynamoRequest;
import dev.keycond.planner.request.ReadRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * Adds up what one statement's requests cost, from DynamoDB's answers, as the gateway receives
 * them on any request thread. Requests ask for {@code ReturnConsumedCapacity=INDEXES} unless the
 * connection's {@code consumedCapacity} says otherwise, so DynamoDB itemizes the units of the table
 * and of each index; an answer that gives only a total ({@code TOTAL}) is counted on its table, and
 * one whose request asked for nothing ({@code NONE}) makes the statement's units unknown.
 */
public final class CostMeter {
  private final Map<String, Long> requests = new HashMap<>();
  private long itemsRead;
  private long itemsWritten;
  private boolean unitsUnasked;
  /** Per table and index ("" for the table itself): read units, then write units. */
  private final Map<List<String>, double[]> units = new HashMap<>();

  /**
   * Counts one request DynamoDB answered.
   *
   * @param unitsAsked whether the request asked DynamoDB to report the capacity it consumed
   * @param consumed what the answer says it consumed, one per table (none when it says nothing,
   *     as for a write whose condition failed)
   */
  public synchronized void answered(DynamoRequest request, boolean unitsAsked, List<ConsumedCapacity> consumed,
      long itemsRead, long itemsWritten) {
    requests.merge(request.operation(), 1L, Long::sum);
    this.itemsRead += itemsRead;
    this.itemsWritten += itemsWritten;
    unitsUnasked |= !unitsAsked;
    int kind = request instanceof ReadRequest ? 0 : 1;
    for (ConsumedCapacity capacity : consumed) {
      itemize(capacity, request.tableName(), (table, index, units) -> add(table, index, kind, units));
    }
  }

  /** Where {@link #itemize} puts the units of a table ({@code index} "") or of one of its indexes. */
  private interface Units {
    void add(String table, String index, Double units);
  }

  /**
   * The units of one ConsumedCapacity, by table and index: as DynamoDB itemizes them, or all on
   * the table when it gives only a total.
   */
  private static void itemize(ConsumedCapacity capacity, String requestTable, Units units) {
    String table = Objects.requireNonNullElse(capacity.tableName(), requestTable);
    if (capacity.table() == null && !capacity.hasLocalSecondaryIndexes() && !capacity.hasGlobalSecondaryIndexes()) {
      units.add(table, "", capacity.capacityUnits());
      return;
    }
    if (capacity.table() != null) {
      units.add(table, "", capacity.table().capacityUnits());
    }
    capacity.localSecondaryIndexes().forEach((index, c) -> units.add(table, index, c.capacityUnits()));
    capacity.globalSecondaryIndexes().forEach((index, c) -> units.add(table, index, c.capacityUnits()));
  }

  /**
   * The units one answer consumed, summed as {@link #answered} adds them to the statement's, so
   * that the units of its requests add up to the statement's.
   */
  public static double units(List<ConsumedCapacity> consumed) {
    double[] sum = new double[1];
    for (ConsumedCapacity capacity : consumed) {
      itemize(capacity, "", (table, index, units) -> sum[0] += units == null ? 0 : units);
    }
    return sum[0];
  }

  private void add(String table, String index, int kind, Double capacityUnits) {
    units.computeIfAbsent(List.of(table, index), k -> new double[2])[kind] +=
        capacityUnits == null ? 0 : capacityUnits;
  }

  /** What the statement has cost so far. */
  public synchronized StatementCost snapshot() {
    List<Capacity> capacity = new ArrayList<>();
    // Units some requests reported are not the statement's when another's were not asked for.
    if (!unitsUnasked) {
      units.forEach((target, u) -> capacity.add(new Capacity(target.get(0),
          target.get(1).isEmpty() ? Optional.empty() : Optional.of(target.get(1)), u[0], u[1])));
    }
    return new StatementCost(requests, itemsRead, itemsWritten, capacity, !unitsUnasked);
  }
}
