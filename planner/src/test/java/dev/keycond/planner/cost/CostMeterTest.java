package dev.keycond.planner.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.Selection;
import dev.keycond.planner.request.TransactWriteItems;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * Adding up DynamoDB's answers into a statement's cost, and how the cost reads. The answers are
 * the SDK's own ConsumedCapacity values, as DynamoDB fills them in; the tests against dynalite
 * (sql-tests: cost.sqltest, CostTest) check what a real answer gives.
 */
class CostMeterTest {
  private static final Query QUERY = new Query("Drive", Optional.of("ByParent"), "#a0 = :v0", Optional.empty(),
      Optional.empty(), new ExpressionAttributes(ImmutableMap.of("#a0", "parent"),
          ImmutableMap.of(":v0", new RequestValue.Bound(AttributeValue.fromS("root/")))),
      true, Optional.empty(), false, Selection.PROJECTED, false);
  private static final PutItem PUT = new PutItem("Drive",
      ImmutableMap.of("PK", new RequestValue.Bound(AttributeValue.fromS("DRIVE#a"))), Optional.empty(),
      ExpressionAttributes.NONE);

  @Test
  void aReadsUnitsAreReadUnitsOfTheTableAndOfEachIndex() {
    CostMeter meter = new CostMeter();
    meter.answered(QUERY, true, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(12.5)
        .table(units(0.0)).globalSecondaryIndexes(Map.of("ByParent", units(12.5))).build()), 3066, 0);

    StatementCost cost = meter.snapshot();
    assertEquals(Map.of("Query", 1L), cost.requests());
    assertEquals(3066, cost.itemsRead());
    assertEquals(List.of(new Capacity("Drive", Optional.empty(), 0, 0),
        new Capacity("Drive", Optional.of("ByParent"), 12.5, 0)), cost.capacity());
    assertEquals(12.5, cost.readCapacityUnits());
    assertEquals("1 Query, 3,066 items read, 12.5 RCU", cost.summary());
    assertEquals("table 'Drive' index 'ByParent': 12.5 RCU", cost.capacity().get(1).describe());
  }

  @Test
  void anAnswerWithOnlyATotalCountsOnItsTable() {
    CostMeter meter = new CostMeter();
    meter.answered(QUERY, true, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(1.5).build()), 20,
        0);
    meter.answered(QUERY, true, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(0.5).build()), 1,
        0);

    assertEquals(List.of(new Capacity("Drive", Optional.empty(), 2.0, 0)), meter.snapshot().capacity());
    assertEquals("2 Query, 21 items read, 2 RCU", meter.snapshot().summary());
  }

  @Test
  void writesAreWriteUnitsAndAFailedConditionIsARequestThatWroteNothing() {
    CostMeter meter = new CostMeter();
    meter.answered(QUERY, true, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(0.5)
        .table(units(0.5)).build()), 1, 0);
    meter.answered(PUT, true, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(2.0)
        .table(units(1.0)).globalSecondaryIndexes(Map.of("ByParent", units(1.0))).build()), 0, 1);
    meter.answered(PUT, true, List.of(), 0, 0);

    StatementCost cost = meter.snapshot();
    assertEquals(List.of("Query", "PutItem"), List.copyOf(cost.requests().keySet()));
    assertEquals(3, cost.requestCount());
    assertEquals("1 Query, 2 PutItem, 1 item read, 1 item written, 0.5 RCU, 2 WCU", cost.summary());
    assertEquals("table 'Drive': 0.5 RCU, 1 WCU", cost.capacity().get(0).describe());
    assertEquals("table 'Drive' index 'ByParent': 1 WCU", cost.capacity().get(1).describe());
  }

  /**
   * moto, the tests' server with transactions, answers a TransactWriteItems with no ConsumedCapacity
   * at all (TransactionsTest shows it); DynamoDB itemizes it per table, at twice a plain write's
   * units, and the commit's cost carries those units as DynamoDB gives them.
   */
  @Test
  void aTransactionsWritesAreTheDoubledWriteUnitsDynamoDbReports() {
    TransactWriteItems commit = new TransactWriteItems(ImmutableList.of(
        new TransactWriteItems.Put("Drive", PUT.item(), Optional.empty(), ExpressionAttributes.NONE),
        new TransactWriteItems.Put("Control", PUT.item(), Optional.empty(), ExpressionAttributes.NONE)), "token-1");
    CostMeter meter = new CostMeter();
    meter.answered(commit, true, List.of(
        ConsumedCapacity.builder().tableName("Drive").capacityUnits(4.0).writeCapacityUnits(4.0)
            .table(units(2.0)).globalSecondaryIndexes(Map.of("ByParent", units(2.0))).build(),
        ConsumedCapacity.builder().tableName("Control").capacityUnits(2.0).writeCapacityUnits(2.0).build()), 0, 2);

    StatementCost cost = meter.snapshot();
    assertEquals(Map.of("TransactWriteItems", 1L), cost.requests());
    assertEquals(List.of(new Capacity("Control", Optional.empty(), 0, 2.0), new Capacity("Drive", Optional.empty(), 0,
        2.0), new Capacity("Drive", Optional.of("ByParent"), 0, 2.0)), cost.capacity());
    assertEquals("1 TransactWriteItems, 2 items written, 6 WCU", cost.summary());
  }

  @Test
  void unitsNotAskedForAreUnknownNotZero() {
    CostMeter meter = new CostMeter();
    meter.answered(QUERY, true, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(1.5).build()), 20,
        0);
    meter.answered(PUT, false, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(1.0).build()), 0,
        1);

    StatementCost cost = meter.snapshot();
    assertFalse(cost.unitsReported());
    assertEquals(List.of(), cost.capacity(), "units some requests asked for are not the statement's units");
    assertEquals("1 Query, 1 PutItem, 20 items read, 1 item written, units not asked (consumedCapacity=none)",
        cost.summary());
    meter.answered(QUERY, true, List.of(ConsumedCapacity.builder().tableName("Drive").capacityUnits(0.5).build()), 1,
        0);
    assertEquals(List.of(), meter.snapshot().capacity(), "a statement's units stay unknown once one request's are");
    assertThrows(IllegalArgumentException.class, () -> new StatementCost(Map.of("Query", 1L), 1, 0,
        List.of(new Capacity("Drive", Optional.empty(), 0.5, 0)), false));
  }

  @Test
  void aStatementThatSentNothingCostsNothing() {
    assertEquals(StatementCost.NONE, new CostMeter().snapshot());
    assertEquals("no DynamoDB requests", StatementCost.NONE.summary());
    assertEquals(0, StatementCost.NONE.readCapacityUnits());
  }

  @Test
  void numbersReadTheSameInEveryLocale() {
    assertEquals("1,234.5", CostText.units(1234.5));
    assertEquals("0.5", CostText.units(0.5));
    assertEquals("3", CostText.units(3.0));
    assertEquals("1 item", CostText.count(1, "item"));
    assertEquals("1,000,000 items", CostText.count(1_000_000, "item"));
  }

  @Test
  void aCostIsCheckedWhereItIsBuilt() {
    assertThrows(IllegalArgumentException.class, () -> new StatementCost(Map.of("Select", 1L), 0, 0, List.of(), true));
    assertThrows(IllegalArgumentException.class, () -> new StatementCost(Map.of("Query", 0L), 0, 0, List.of(), true));
    assertThrows(IllegalArgumentException.class, () -> new StatementCost(Map.of(), -1, 0, List.of(), true));
    Capacity table = new Capacity("Drive", Optional.empty(), 0.5, 0);
    assertThrows(IllegalArgumentException.class, () -> new StatementCost(Map.of("Query", 1L), 1, 0,
        List.of(table, table), true));
    assertThrows(IllegalArgumentException.class, () -> new Capacity("Drive", Optional.empty(), -0.5, 0));
    assertThrows(IllegalArgumentException.class, () -> new Capacity("Drive", Optional.empty(), Double.NaN, 0));
    assertThrows(IllegalArgumentException.class, () -> new Capacity("", Optional.empty(), 0.5, 0));
  }

  @Test
  void aCostCannotBeChangedByWhoeverReadsIt() {
    CostMeter meter = new CostMeter();
    meter.answered(QUERY, true, List.of(), 1, 0);
    StatementCost cost = meter.snapshot();
    assertThrows(UnsupportedOperationException.class, () -> cost.requests().put("Scan", 1L));
    assertThrows(UnsupportedOperationException.class, () -> cost.capacity().clear());
    meter.answered(QUERY, true, List.of(), 1, 0);
    assertEquals(1, cost.requestCount(), "a snapshot does not follow the meter");
  }

  private static software.amazon.awssdk.services.dynamodb.model.Capacity units(double capacityUnits) {
    return software.amazon.awssdk.services.dynamodb.model.Capacity.builder().capacityUnits(capacityUnits).build();
  }
}
