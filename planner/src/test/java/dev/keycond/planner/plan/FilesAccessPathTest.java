package dev.keycond.planner.plan;

import static dev.keycond.planner.plan.PlanFixture.assertKeycondError;
import static dev.keycond.planner.plan.PlanFixture.invertedBetweens;
import static dev.keycond.planner.plan.PlanFixture.render;
import static dev.keycond.planner.plan.PlanFixture.requests;
import static dev.keycond.planner.plan.PlanFixture.s;
import static dev.keycond.planner.plan.PlanFixture.unboundRequests;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ReadmeMapping;
import dev.keycond.planner.plan.AccessPath.Kind;
import dev.keycond.planner.plan.PlanFixture.Where;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The README's {@code files}: PK {@code DRIVE#{account}}, SK {@code {path}}, a '/' hierarchy. */
class FilesAccessPathTest {
  static final SourceTable DRIVE = PlanFixture.source("Drive", "PK", "SK");
  static final EntityTable FILES = PlanFixture.bind(ReadmeMapping.JSON, "files", DRIVE);
  private static final int PATH = 1;

  private final Where w = new Where(FILES);

  @Test
  void wholeKeyIsAGetItem() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("path", "root/a.txt"));
    AccessPath access = plan.access();
    assertEquals(Kind.GET_ITEM, access.kind());
    assertEquals(Optional.empty(), access.index());
    assertEquals(Set.of(0, 1), access.consumed());
    assertTrue(access.membershipExact());
    assertEquals(AccessPath.TableFetch.NONE, access.fetch());
    assertEquals(List.of("GetItem Drive: {PK='DRIVE#acme', SK='root/a.txt'}"), render(plan));
    assertEquals(List.of(), plan.residual());
  }

  @Test
  void getItemKeyHoldsTheEncodedAttributes() {
    GetItem get = (GetItem) requests(w.plan(w.eq("path", "root/a.txt"), w.eq("account", "acme"))).get(0);
    assertEquals(Map.of("PK", s("DRIVE#acme"), "SK", s("root/a.txt")), get.key());
  }

  @Test
  void partitionOnlyIsAQueryInPathOrder() {
    ReadPlan plan = w.plan(w.eq("account", "acme"));
    AccessPath access = plan.access();
    assertEquals(Kind.QUERY, access.kind());
    assertEquals(Set.of(0), access.consumed());
    assertTrue(access.membershipExact());
    assertEquals(List.of(PATH), access.orderColumns());
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme'"), render(plan));
  }

  @Test
  void queryRequestUsesPlaceholdersForNamesAndValues() {
    Query query = (Query) requests(w.plan(w.eq("account", "acme"), w.like("path", "root/%"))).get(0);
    assertEquals("#a0 = :v0 AND begins_with(#a1, :v1)", query.keyConditionExpression());
    assertEquals("PK", query.attributes().names().get("#a0"));
    assertEquals("SK", query.attributes().names().get("#a1"));
    assertEquals(Map.of(":v0", s("DRIVE#acme"), ":v1", s("root/")), query.attributes().values());
    assertEquals("Drive", query.tableName());
    assertEquals(Optional.empty(), query.indexName());
  }

  @Test
  void equalityOnTheSortKeyAloneNeedsAScan() {
    AccessPath access = w.plan(w.eq("path", "root/a.txt")).access();
    assertEquals(Kind.SCAN, access.kind());
    assertEquals(Set.of(), access.consumed());
    // Some items of the Drive table may not be files (their PK lacks DRIVE#).
    assertFalse(access.membershipExact());
  }

  @Test
  void lessThanIsANativeComparison() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.lt("path", "m"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK < 'm'"), render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
    assertTrue(plan.access().membershipExact());
  }

  @Test
  void eachSingleComparisonBecomesTheSameOperator() {
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK <= 'm'"),
        render(w.plan(w.eq("account", "acme"), w.le("path", "m"))));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK > 'm'"),
        render(w.plan(w.eq("account", "acme"), w.gt("path", "m"))));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK >= 'm'"),
        render(w.plan(w.eq("account", "acme"), w.ge("path", "m"))));
  }

  @Test
  void literalOnTheLeftFlipsTheComparison() {
    ReadPlan plan = w.plan(w.eq("account", "acme"),
        PlanFixture.REX.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.GREATER_THAN,
            w.value("path", "m"), w.col("path")));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK < 'm'"), render(plan));
  }

  @Test
  void betweenIsOneInclusiveRangeConsumingBothEnds() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.between("path", "a", "m"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK BETWEEN 'a' AND 'm'"), render(plan));
    assertEquals(Set.of(0, 1, 2), plan.access().consumed());
    assertTrue(plan.access().membershipExact());
  }

  @Test
  void strictBoundsAreReadInclusivelyAndCheckedAgain() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.gt("path", "a"), w.lt("path", "m"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK BETWEEN 'a' AND 'm'"), render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
    assertEquals(List.of(w.gt("path", "a"), w.lt("path", "m")), plan.residual());
  }

  @Test
  void likePrefixBecomesBeginsWith() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.like("path", "root/photos/%"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'root/photos/')"), render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
    assertTrue(plan.access().membershipExact());
    assertEquals(List.of(PATH), plan.access().orderColumns());
  }

  @Test
  void likeWithAnInnerWildcardReadsThePrefixAndFiltersTheRest() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.like("path", "root/ph_tos/%"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'root/ph')"), render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
    assertEquals(List.of(w.like("path", "root/ph_tos/%")), plan.residual());
  }

  @Test
  void likeWithEscapedWildcardsUsesTheLiteralCharacters() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.like("path", "root/100\\%\\_done/%", '\\'));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'root/100%_done/')"), render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
  }

  @Test
  void likeWithoutWildcardsIsAGetItem() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.like("path", "root/50\\%.txt", '\\'));
    assertEquals(Kind.GET_ITEM, plan.access().kind());
    assertEquals(List.of("GetItem Drive: {PK='DRIVE#acme', SK='root/50%.txt'}"), render(plan));
  }

  @Test
  void likeWithAnInvalidEscapeIsLeftToTheDriver() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.like("path", "root/!x%", '!'));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme'"), render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
  }

  /**
   * BUG: a pattern with a leading wildcard has no prefix. The key condition becomes
   * {@code begins_with(SK, '')}, and the binder now treats the empty key text as "matches nothing", so no
   * request is sent at all and {@code WHERE account = 'acme' AND path LIKE '%.jpg'} returns no rows.
   */
  @Test
  void likeWithALeadingWildcardStillReadsThePartition() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.like("path", "%.jpg"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme'"), render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
  }

  /** BUG (same cause): a parameter pattern whose prefix turns out empty. */
  @Test
  void likeParameterWithALeadingWildcardStillReadsThePartition() {
    ReadPlan plan = w.plan(w.eq("account", "acme"),
        PlanFixture.REX.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.LIKE, w.col("path"),
            w.param("path", 0)));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'root/')"), render(plan, "root/%"));
    assertEquals(1, render(plan, "%.jpg").size(), "the partition must still be read");
  }

  /** BUG (same cause): every path is {@code >= ''}, yet the read with the empty lower bound is dropped. */
  @Test
  void lowerBoundOfTheEmptyStringStillReadsThePartition() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.ge("path", ""));
    assertEquals(1, render(plan).size(), "the partition must still be read");
  }

  /** BUG (same cause): top-level items have the empty parent, so their "children" read is dropped. */
  @Test
  void childrenOfTheEmptyParentStillReadThePartition() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("parent", ""));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme'"), render(plan));
  }

  @Test
  void equalityWithTheEmptyStringMatchesNothing() {
    // DynamoDB keys are never empty, so no item can have this key.
    assertEquals(List.of(), render(w.plan(w.eq("account", "acme"), w.eq("path", ""))));
  }

  @Test
  void directChildrenReadTheParentsSubtreeAndCheckTheParent() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("parent", "root/photos/"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'root/photos/')"), render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
    assertEquals(List.of(w.eq("parent", "root/photos/")), plan.residual());
  }

  @Test
  void accountInAListFansOutToOneQueryEach() {
    ReadPlan plan = w.plan(w.in("account", "acme", "globex"), w.like("path", "root/%"));
    AccessPath access = plan.access();
    assertEquals(Kind.QUERY, access.kind());
    assertEquals(2, access.keys().size());
    assertEquals(Set.of(0, 1), access.consumed());
    assertEquals(List.of(
        "Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'root/')",
        "Query Drive: PK = 'DRIVE#globex' AND begins_with(SK, 'root/')"), render(plan));
  }

  @Test
  void repeatedInValuesAreReadOnce() {
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme'", "Query Drive: PK = 'DRIVE#globex'"),
        render(w.plan(w.in("account", "acme", "globex", "acme"))));
  }

  @Test
  void inListsOnTheWholeKeyAreOneBatchGetItem() {
    ReadPlan plan = w.plan(w.in("account", "acme", "globex"), w.in("path", "a.txt", "b.txt"));
    assertEquals(Kind.GET_ITEM, plan.access().kind());
    assertEquals(4, plan.access().keys().size());
    assertEquals(List.of("BatchGetItem Drive: "
        + "{PK='DRIVE#acme', SK='a.txt'} {PK='DRIVE#acme', SK='b.txt'} "
        + "{PK='DRIVE#globex', SK='a.txt'} {PK='DRIVE#globex', SK='b.txt'}"), render(plan));
  }

  @Test
  void orAcrossColumnsIsNotAKeyCondition() {
    ReadPlan plan = w.plan(w.eq("account", "acme"),
        PlanFixture.REX.makeCall(org.apache.calcite.sql.fun.SqlStdOperatorTable.OR,
            w.eq("path", "a"), w.eq("parent", "b/")));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme'"), render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
  }

  @Test
  void valueWithTheTemplatesSeparatorIsRefused() {
    ReadPlan plan = w.plan(w.eq("account", "a#b"));
    KeycondException e = assertKeycondError(SqlState.KEY_VALUE_NOT_REPRESENTABLE, () -> requests(plan));
    assertEquals("22Z01", e.state().code());
    assertEquals("Value 'a#b' of column 'account' contains '#', which key template 'DRIVE#{account}' uses next to "
        + "that column; such a value cannot be stored in or looked up by that key", e.getMessage());
  }

  @Test
  void separatorInABareSlotIsAllowed() {
    assertEquals(List.of("GetItem Drive: {PK='DRIVE#acme', SK='a#b'}"),
        render(w.plan(w.eq("account", "acme"), w.eq("path", "a#b"))));
  }

  @Test
  void parametersArePushedDownLikeLiterals() {
    ReadPlan plan = w.plan(w.eq("account", w.param("account", 0)), w.ge("path", w.param("path", 1)));
    assertEquals(Set.of(0, 1), plan.access().consumed());
    assertEquals(List.of("Query Drive: PK = 'DRIVE#acme' AND SK >= 'root/'"), render(plan, "acme", "root/"));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#globex' AND SK >= 'a'"), render(plan, "globex", "a"));
  }

  @Test
  void unsetParametersAreDescribedForExplain() {
    ReadPlan plan = w.plan(w.eq("account", w.param("account", 0)), w.like("path", "root/%"));
    ReadRequest query = unboundRequests(plan).get(0);
    assertEquals(new RequestValue.Unbound("'DRIVE#' || ?1"), query.attributes().values().get(":v0"));
    assertEquals(s("root/"), query.attributes().values().get(":v1"));
  }

  @Test
  void nullParameterSendsNoRequest() {
    ReadPlan plan = w.plan(w.eq("account", w.param("account", 0)));
    assertEquals(List.of(), requests(plan, (Object) null));
  }

  @Test
  void nullParameterInAnInListDropsOnlyThatRead() {
    ReadPlan plan = w.plan(w.in("account", w.param("account", 0), w.param("account", 1)));
    assertEquals(List.of("Query Drive: PK = 'DRIVE#globex'"), render(plan, null, "globex"));
  }

  @Test
  void nullLiteralIsNotAKeyCondition() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.eq("path", null));
    assertEquals(Kind.QUERY, plan.access().kind());
    assertEquals(Set.of(0), plan.access().consumed());
  }

  /**
   * BUG: a range whose lower end is above its upper end selects no row, but the request carries
   * {@code SK BETWEEN 'm' AND 'a'}, which DynamoDB (and dynalite) rejects with "The BETWEEN operator requires
   * upper bound to be greater than or equal to lower bound" instead of returning no rows.
   */
  @Test
  void emptyRangeSendsNoInvertedBetween() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.between("path", "m", "a"));
    assertEquals(List.of(), invertedBetweens(requests(plan)));
  }

  /** BUG (same as above): the same with parameters, as in a report's "from/to" filter. */
  @Test
  void emptyRangeFromParametersSendsNoInvertedBetween() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.between("path", w.param("path", 0), w.param("path", 1)));
    assertEquals(List.of(), invertedBetweens(requests(plan, "m", "a")));
  }
}
