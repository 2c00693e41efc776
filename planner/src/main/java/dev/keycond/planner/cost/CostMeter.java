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
 * them on any request thread. Every request asks for {@code ReturnConsumedCapacity=INDEXES}, so
 * DynamoDB itemizes the units of the table and of each index; an answer that gives only a total is
 * counted on its table.
 */
public final class CostMeter {
  private final Map<String, Long> requests = new HashMap<>();
  private long itemsRead;
  private long itemsWritten;
  /** Per table and index ("" for the table itself): read units, then write units. */
  private final Map<List<String>, double[]> units = new HashMap<>();

  /**
   * Counts one request DynamoDB answered.
   *
   * @param consumed what the answer says it consumed, one per table (none when it says nothing,
   *     as for a write whose condition failed)
   */
  public synchronized void answered(DynamoRequest request, List<ConsumedCapacity> consumed, long itemsRead,
      long itemsWritten) {
    requests.merge(request.operation(), 1L, Long::sum);
    this.itemsRead += itemsRead;
    this.itemsWritten += itemsWritten;
    int kind = request instanceof ReadRequest ? 0 : 1;
    for (ConsumedCapacity capacity : consumed) {
      String table = Objects.requireNonNullElse(capacity.tableName(), request.tableName());
      if (capacity.table() == null && !capacity.hasLocalSecondaryIndexes() && !capacity.hasGlobalSecondaryIndexes()) {
        add(table, "", kind, capacity.capacityUnits());
        continue;
      }
      if (capacity.table() != null) {
        add(table, "", kind, capacity.table().capacityUnits());
      }
      capacity.localSecondaryIndexes().forEach((index, c) -> add(table, index, kind, c.capacityUnits()));
      capacity.globalSecondaryIndexes().forEach((index, c) -> add(table, index, kind, c.capacityUnits()));
    }
  }

  private void add(String table, String index, int kind, Double capacityUnits) {
    units.computeIfAbsent(List.of(table, index), k -> new double[2])[kind] +=
        capacityUnits == null ? 0 : capacityUnits;
  }

  /** What the statement has cost so far. */
  public synchronized StatementCost snapshot() {
    List<Capacity> capacity = new ArrayList<>();
    units.forEach((target, u) -> capacity.add(new Capacity(target.get(0),
        target.get(1).isEmpty() ? Optional.empty() : Optional.of(target.get(1)), u[0], u[1])));
    return new StatementCost(requests, itemsRead, itemsWritten, capacity);
  }
}
