package dev.keycond.planner.plan;

import static dev.keycond.planner.plan.PlanFixture.gsi;
import static dev.keycond.planner.plan.PlanFixture.invertedBetweens;
import static dev.keycond.planner.plan.PlanFixture.render;
import static dev.keycond.planner.plan.PlanFixture.requests;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.source.SourceIndex.Projection;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.plan.AccessPath.Kind;
import dev.keycond.planner.plan.PlanFixture.Where;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.RawTables;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A table without a mapping, whose sort key is a number (N). */
class RawTableAccessPathTest {
  static final SourceTable METRICS = PlanFixture.source("Metrics", PlanFixture.keys("device", "ts"),
      Map.of("ts", AttributeType.N), gsi("ByKind", "kind", "ts", Projection.KEYS_ONLY));
  static final EntityTable RAW = RawTables.of(METRICS);

  private final Where w = new Where(RAW);

  @Test
  void keyAttributesOfTableAndIndexesBecomeTypedColumns() {
    assertEquals(List.of(
        new Column("device", ColumnType.VARCHAR, "device"),
        new Column("ts", ColumnType.DECIMAL, "ts"),
        new Column("kind", ColumnType.VARCHAR, "kind")), RAW.columns().subList(0, 3));
    assertEquals("Metrics", RAW.name());
    assertTrue(RAW.isRaw());
  }

  @Test
  void numericRangeOnANumberSortKeyIsANativeComparison() {
    ReadPlan plan = w.plan(w.eq("device", "d1"), w.ge("ts", 100), w.lt("ts", 200));
    assertEquals(List.of("Query Metrics: device = 'd1' AND ts BETWEEN 100 AND 200"), render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
    assertEquals(List.of(1), plan.access().orderColumns());
  }

  @Test
  void numberBoundIsSentAsANumber() {
    ReadRequest query = requests(w.plan(w.eq("device", "d1"), w.gt("ts", new BigDecimal("1.50")))).get(0);
    assertEquals("Query Metrics: device = 'd1' AND ts > 1.5", render(query));
    assertEquals(AttributeValue.fromN("1.5"),
        ((dev.keycond.planner.request.RequestValue.Bound) query.attributes().values().get(":v1")).value());
  }

  @Test
  void numericOrderIsNotTextOrder() {
    // As text '9' > '10'; as a number key the single comparison is exact.
    ReadPlan plan = w.plan(w.eq("device", "d1"), w.le("ts", 10));
    assertEquals(List.of("Query Metrics: device = 'd1' AND ts <= 10"), render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
  }

  @Test
  void wholeNumberKeyIsAGetItem() {
    ReadPlan plan = w.plan(w.eq("device", "d1"), w.eq("ts", 5));
    assertEquals(Kind.GET_ITEM, plan.access().kind());
    assertEquals(List.of("GetItem Metrics: {device='d1', ts=5}"), render(plan));
  }

  @Test
  void keysOnlyIndexIsReadForKeysAndTheItemsFetched() {
    ReadPlan plan = w.plan(w.eq("kind", "temp"));
    AccessPath access = plan.access();
    assertEquals("ByKind", access.index().orElseThrow().name());
    assertTrue(access.fetchesByBatchGet(), "the document column needs the whole item");
    assertEquals(List.of("Query Metrics@ByKind: kind = 'temp'"), render(plan));
  }

  @Test
  void scanOfARawTableReturnsOnlyRows() {
    AccessPath access = w.plan().access();
    assertEquals(Kind.SCAN, access.kind());
    assertTrue(access.membershipExact(), "every item of a raw table is a row");
    assertEquals(List.of("Scan Metrics"), render(w.plan()));
  }

  /** BUG (see FilesAccessPathTest): an empty numeric range is sent as an inverted BETWEEN. */
  @Test
  void emptyNumericRangeSendsNoInvertedBetween() {
    ReadPlan plan = w.plan(w.eq("device", "d1"), w.between("ts", 200, 100));
    assertEquals(List.of(), invertedBetweens(requests(plan)));
  }
}
