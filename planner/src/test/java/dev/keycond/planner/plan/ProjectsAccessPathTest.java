package dev.keycond.planner.plan;

import static dev.keycond.planner.plan.PlanFixture.assertKeycondError;
import static dev.keycond.planner.plan.PlanFixture.render;
import static dev.keycond.planner.plan.PlanFixture.requests;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ReadmeMapping;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.plan.AccessPath.Kind;
import dev.keycond.planner.plan.PlanFixture.Where;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The README's single-table design: {@code workspaces} ({@code WS#{id}} / {@code META}) and
 * {@code projects} ({@code WS#{workspace_id}} / {@code PROJ#{id}}) share the DynamoDB table Control.
 */
class ProjectsAccessPathTest {
  static final SourceTable CONTROL = PlanFixture.source("Control", "EntityRef", "Detail");
  static final EntityTable PROJECTS = PlanFixture.bind(ReadmeMapping.JSON, "projects", CONTROL);
  static final EntityTable WORKSPACES = PlanFixture.bind(ReadmeMapping.JSON, "workspaces", CONTROL);

  private final Where w = new Where(PROJECTS);

  @Test
  void partitionOnlyReadsTheEntityPrefix() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"));
    AccessPath access = plan.access();
    assertEquals(Kind.QUERY, access.kind());
    assertEquals(Set.of(0), access.consumed());
    assertEquals(List.of(1), access.orderColumns());
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#')"), render(plan));
  }

  /**
   * BUG: {@code begins_with(Detail, 'PROJ#')} also returns items such as a task stored under its project,
   * {@code PROJ#p1#TASK#t1}, which {@code PROJ#{id}} does not decode (the id may not contain '#') and the
   * executor drops. The access path still claims membershipExact, so {@code SELECT COUNT(*) FROM projects
   * WHERE workspace_id = 'acme'} is sent as Select=COUNT and counts the tasks too (and a pushed Limit can
   * return short pages).
   */
  @Test
  void entityPrefixReadIsNotExactWhenTheIdCannotHoldTheSeparator() {
    assertEquals(Optional.empty(), KeyTemplate.parse("PROJ#{id}").decode("PROJ#p1#TASK#t1"));
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"));
    assertFalse(plan.access().membershipExact(), "begins_with(Detail, 'PROJ#') also reads PROJ#p1#TASK#t1");
    Query count = (Query) requests(plan.withCount()).get(0);
    assertFalse(count.count(), "Select=COUNT would count items that are not projects");
  }

  @Test
  void likeOnTheIdExtendsTheEntityPrefix() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.like("id", "2026-%"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#2026-')"),
        render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
  }

  @Test
  void twoLikesOnTheIdUseTheLongerPrefixAndConsumeBoth() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.like("id", "2026-%"), w.like("id", "2026-03-%"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#2026-03-')"),
        render(plan));
    assertEquals(Set.of(0, 1, 2), plan.access().consumed());
  }

  @Test
  void likeWithAnInnerWildcardOnTheIdKeepsTheLikeAsResidual() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.like("id", "2026-_1%"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#2026-')"),
        render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
  }

  @Test
  void likeParameterBecomesBeginsWithOfItsPrefix() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.likeParam("id", 0));
    assertEquals(Set.of(0), plan.access().consumed());
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#2026-')"),
        render(plan, "2026-%"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#2026-')"),
        render(plan, "2026-_1%"));
  }

  @Test
  void likeParameterNeedsNoCheckOnlyWhenItIsAPrefixAndPercent() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.likeParam("id", 0));
    assertEquals(List.of(), plan.residual(new KeyValueBinder(List.of("2026-%"))));
    assertEquals(List.of(w.likeParam("id", 0)), plan.residual(new KeyValueBinder(List.of("2026-_1%"))));
  }

  @Test
  void wholeKeyIsAGetItemThroughBothTemplates() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.eq("id", "p1"));
    assertEquals(Kind.GET_ITEM, plan.access().kind());
    assertEquals(List.of("GetItem Control: {EntityRef='WS#acme', Detail='PROJ#p1'}"), render(plan));
  }

  @Test
  void inclusiveRangeOnTheIdIsABetweenInsideThePrefix() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.between("id", "a", "m"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND Detail BETWEEN 'PROJ#a' AND 'PROJ#m'"),
        render(plan));
    assertEquals(Set.of(0, 1, 2), plan.access().consumed());
    assertEquals(List.of(1), plan.access().orderColumns());
  }

  @Test
  void strictRangeOnTheIdStaysResidual() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.gt("id", "a"), w.lt("id", "m"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND Detail BETWEEN 'PROJ#a' AND 'PROJ#m'"),
        render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
    assertEquals(List.of(w.gt("id", "a"), w.lt("id", "m")), plan.residual());
  }

  @Test
  void lowerBoundAloneEndsAtTheEndOfThePrefix() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.ge("id", "m"));
    // 'PROJ$' is the first string after everything that starts with 'PROJ#'.
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND Detail BETWEEN 'PROJ#m' AND 'PROJ$'"),
        render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
  }

  @Test
  void strictLowerBoundAloneIsCheckedAgain() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.gt("id", "m"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND Detail BETWEEN 'PROJ#m' AND 'PROJ$'"),
        render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
  }

  @Test
  void upperBoundAloneStartsAtThePrefix() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.le("id", "m"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND Detail BETWEEN 'PROJ#' AND 'PROJ#m'"),
        render(plan));
    assertEquals(Set.of(0, 1), plan.access().consumed());
  }

  @Test
  void strictUpperBoundAloneIsCheckedAgain() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.lt("id", "m"));
    assertEquals(List.of("Query Control: EntityRef = 'WS#acme' AND Detail BETWEEN 'PROJ#' AND 'PROJ#m'"),
        render(plan));
    assertEquals(Set.of(0), plan.access().consumed());
  }

  @Test
  void idWithTheSeparatorIsRefused() {
    ReadPlan plan = w.plan(w.eq("workspace_id", "acme"), w.eq("id", "p1#TASK"));
    assertKeycondError(SqlState.KEY_VALUE_NOT_REPRESENTABLE, () -> requests(plan));
  }

  @Test
  void idAloneNeedsAScan() {
    AccessPath access = w.plan(w.eq("id", "p1")).access();
    assertTrue(access.isScan());
    assertFalse(access.membershipExact());
  }

  @Test
  void workspaceByIdIsAGetItemOfItsConstantSortKey() {
    Where ws = new Where(WORKSPACES);
    ReadPlan plan = ws.plan(ws.eq("id", "acme"));
    AccessPath access = plan.access();
    assertEquals(Kind.GET_ITEM, access.kind());
    assertEquals(Set.of(0), access.consumed());
    assertTrue(access.membershipExact());
    assertEquals(List.of("GetItem Control: {EntityRef='WS#acme', Detail='META'}"), render(plan));
  }

  @Test
  void severalWorkspacesAreOneBatchGetItem() {
    Where ws = new Where(WORKSPACES);
    assertEquals(List.of("BatchGetItem Control: {EntityRef='WS#acme', Detail='META'} "
            + "{EntityRef='WS#globex', Detail='META'}"),
        render(ws.plan(ws.in("id", "acme", "globex"))));
  }

  @Test
  void workspaceByNameNeedsAScan() {
    Where ws = new Where(WORKSPACES);
    assertEquals(List.of("Scan Control"), render(ws.plan(ws.eq("name", "Acme"))));
  }
}
