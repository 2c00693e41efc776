package dev.keycond.planner.plan;

import static dev.keycond.planner.plan.PlanFixture.assertKeycondError;
import static dev.keycond.planner.plan.PlanFixture.gsi;
import static dev.keycond.planner.plan.PlanFixture.projection;
import static dev.keycond.planner.plan.PlanFixture.render;
import static dev.keycond.planner.plan.PlanFixture.requests;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceIndex.Projection;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.settings.AwsCliTarget;
import dev.keycond.planner.settings.ExplainForm;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.settings.ScanPolicy;
import dev.keycond.planner.plan.AccessPath.Kind;
import dev.keycond.planner.plan.PlanFixture.Where;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code files} with an overloaded GSI keyed on the parent folder, for direct children. */
class IndexAccessPathTest {
  private static final String MAPPING = """
      {"tables": {"files": {"source": "Drive",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "parent": "VARCHAR", "size": "BIGINT",
                    "modified": "TIMESTAMP"},
        "keys": {"PK": "DRIVE#{account}", "SK": "{path}"%s},
        "hierarchy": {"path": "path", "delimiter": "/", "parent": "parent"}}}}
      """;
  /** The templates of the index key attributes, given for the indexes a case's table has. */
  private static final Map<String, String> INDEX_KEYS =
      Map.of("GSI1PK", "DIR#{account}", "GSI1SK", "{parent}", "LSI1SK", "{modified}");
  private static final int PATH = 1;
  private static final int SIZE = 3;

  static EntityTable files(SourceIndex... indexes) {
    // A template for a key attribute no index has is refused, so only those of the given indexes are written.
    String indexKeys = Arrays.stream(indexes).flatMap(i -> i.keys().attributes().stream())
        .filter(INDEX_KEYS::containsKey).distinct()
        .map(a -> ", \"" + a + "\": \"" + INDEX_KEYS.get(a) + "\"").collect(Collectors.joining());
    return PlanFixture.bind(MAPPING.formatted(indexKeys), "files", PlanFixture.source("Drive", "PK", "SK", indexes));
  }

  static EntityTable files(Projection projection, String... included) {
    return files(gsi("GSI1", "GSI1PK", "GSI1SK", projection, included));
  }

  private static ReadPlan children(EntityTable table, List<Integer> projection) {
    Where w = new Where(table);
    return ReadPlan.of(table).withProjection(projection)
        .withConditions(List.of(w.eq("account", "acme"), w.eq("parent", "root/photos/")));
  }

  @Test
  void indexOnTheParentServesDirectChildrenExactly() {
    EntityTable table = files(Projection.ALL);
    Where w = new Where(table);
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("parent", "root/photos/"));
    AccessPath access = plan.access();
    assertEquals(Kind.QUERY, access.kind());
    assertEquals("GSI1", access.index().orElseThrow().name());
    assertEquals(Set.of(0, 1), access.consumed());
    assertFalse(access.membershipExact(), "an index read is never known to hold only this table's items");
    assertEquals(AccessPath.TableFetch.NONE, access.fetch());
    assertEquals(List.of("Query Drive@GSI1: GSI1PK = 'DIR#acme' AND GSI1SK = 'root/photos/'"), render(plan));
  }

  @Test
  void withoutTheIndexChildrenAreTheSubtreeFilteredByParent() {
    Where w = new Where(files());
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("parent", "root/photos/"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'root/photos/')"), render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
  }

  @Test
  void tableWinsWhenTheIndexBindsNoMore() {
    EntityTable table = files(Projection.ALL);
    Where w = new Where(table);
    ReadPlan plan = w.plan(w.eq("account", "acme"));
    assertEquals(Optional.empty(), plan.access().index());
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme'"), render(plan));
  }

  @Test
  void tableGetItemBeatsAnIndexQuery() {
    EntityTable table = files(Projection.ALL);
    Where w = new Where(table);
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("parent", "root/"), w.eq("path", "root/a.txt"));
    assertEquals(Kind.GET_ITEM, plan.access().kind());
    assertEquals(Optional.empty(), plan.access().index());
  }

  @Test
  void keysOnlyIndexLackingNeededColumnsFetchesFromTheTable() {
    ReadPlan plan = children(files(Projection.KEYS_ONLY), List.of(PATH, SIZE));
    AccessPath access = plan.access();
    assertEquals("GSI1", access.index().orElseThrow().name());
    assertTrue(access.fetchesByBatchGet());
    Query query = (Query) requests(plan).get(0);
    assertEquals("Query Drive@GSI1: GSI1PK = 'DIR#acme' AND GSI1SK = 'root/photos/'", render(query));
    assertEquals(Optional.of("PK, SK"), projection(query), "the index read only needs the table's keys");
    assertEquals(Optional.empty(), query.limit());
  }

  @Test
  void fetchRequestReadsTheProjectedColumnsFromTheTable() {
    ReadPlan plan = children(files(Projection.KEYS_ONLY), List.of(PATH, SIZE));
    BatchGetItem fetch = new ReadRequestBuilder(plan, StatementSettings.defaults(), Optional.of(List.of()))
        .fetchRequestTemplate();
    assertEquals(Optional.empty(), fetch.indexName());
    // parent, also in GSI1SK's template, is fetched from both places: the driver checks parent =
    // 'root/photos/' again on the value it decodes, which an item's attribute may contradict.
    assertEquals(Optional.of("PK, SK, size, parent, GSI1SK"), projection(fetch));
    assertEquals(2, plan.keyRechecks().size(), "account (read from PK) and parent (from its attribute first)");
  }

  @Test
  void keysOnlyIndexCoversColumnsDecodedFromTheTableKey() {
    AccessPath access = children(files(Projection.KEYS_ONLY), List.of(PATH)).access();
    assertEquals("GSI1", access.index().orElseThrow().name());
    assertEquals(AccessPath.TableFetch.NONE, access.fetch());
  }

  @Test
  void includeIndexCoversItsIncludedAttributes() {
    AccessPath access = children(files(Projection.INCLUDE, "size"), List.of(PATH, SIZE)).access();
    assertEquals(AccessPath.TableFetch.NONE, access.fetch());
    AccessPath without = children(files(Projection.INCLUDE, "modified"), List.of(PATH, SIZE)).access();
    assertTrue(without.fetchesByBatchGet());
  }

  @Test
  void residualColumnsAreNeededToo() {
    EntityTable table = files(Projection.KEYS_ONLY);
    Where w = new Where(table);
    ReadPlan plan = ReadPlan.of(table).withProjection(List.of(PATH))
        .withConditions(List.of(w.eq("account", "acme"), w.eq("parent", "root/"), w.gt("size", 10)));
    assertTrue(plan.access().fetchesByBatchGet(), "size is checked in the driver, and the index lacks it");
  }

  @Test
  void pinnedIndexIsTheOnlyWayToRead() {
    EntityTable pinned = files(Projection.ALL).pinnedTo("GSI1");
    Where w = new Where(pinned);
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("path", "root/a.txt"));
    assertEquals("GSI1", plan.access().index().orElseThrow().name());
    assertEquals(Set.of(0), plan.access().consumed());
    assertEquals(List.of("Query Drive@GSI1: GSI1PK = 'DIR#acme'"), render(plan));
  }

  @Test
  void pinnedIndexWithoutItsPartitionNeedsAScan() {
    EntityTable pinned = files(Projection.ALL).pinnedTo("GSI1");
    Where w = new Where(pinned);
    assertTrue(w.plan(w.eq("parent", "root/")).access().isScan());
  }

  @Test
  void pinningAnUnknownIndexNamesTheIndexes() {
    KeycondException e = assertKeycondError(SqlState.UNKNOWN_TABLE, () -> files(Projection.ALL).pinnedTo("GSI2"));
    assertEquals("Table 'files' has no index 'GSI2'; the indexes of DynamoDB table 'Drive' are [GSI1]",
        e.getMessage());
  }

  @Test
  void pinningAnIndexTheMappingCannotKeyIsRefused() {
    EntityTable table = files(gsi("ByOwner", "owner", null, Projection.ALL));
    assertEquals(1, table.keyTargets().size(), "an index without templates is not a way to read the table");
    KeycondException e = assertKeycondError(SqlState.UNKNOWN_TABLE, () -> table.pinnedTo("ByOwner"));
    assertEquals("Table 'files' cannot read index 'ByOwner': the mapping of 'files' has no template for the index's "
        + "key attribute owner; add it under \"keys\"", e.getMessage());
  }

  @Test
  void consistentReadOnlyReachesTheTableAndLocalIndexes() {
    SourceIndex lsi = new SourceIndex("LSI1", SourceIndex.Kind.LOCAL, PlanFixture.keys("PK", "LSI1SK"),
        Projection.ALL, ImmutableSet.of());
    EntityTable table = files(gsi("GSI1", "GSI1PK", "GSI1SK", Projection.ALL, new String[0]), lsi);
    StatementSettings consistent = new StatementSettings(true, ScanPolicy.REJECT, StatementSettings.DEFAULT_MAX_FAN_OUT,
        ExplainForm.TEXT, AwsCliTarget.CLI_DEFAULTS);
    Where w = new Where(table);
    ReadRequest onGsi = new ReadRequestBuilder(w.plan(w.eq("account", "acme"), w.eq("parent", "root/")),
        consistent, Optional.of(List.of())).build().requests().get(0);
    assertEquals(Optional.of("GSI1"), onGsi.indexName());
    assertFalse(onGsi.consistentRead());
    ReadRequest onTable = new ReadRequestBuilder(w.plan(w.eq("account", "acme")), consistent,
        Optional.of(List.of())).build().requests().get(0);
    assertTrue(onTable.consistentRead());
    Where onLocal = new Where(table.pinnedTo("LSI1"));
    ReadRequest onLsi = new ReadRequestBuilder(onLocal.plan(onLocal.eq("account", "acme")), consistent,
        Optional.of(List.of())).build().requests().get(0);
    assertEquals("Query Drive@LSI1: PK = 'DRIVE#acme'", render(onLsi));
    assertTrue(onLsi.consistentRead());
  }
}
