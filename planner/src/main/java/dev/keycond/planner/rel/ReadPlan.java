package dev.keycond.planner.rel;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.AccessPathPlanner;
import dev.keycond.planner.mapping.TemplateSegment;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.plan.KeyPart;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.LikePattern;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.plan.SortCondition;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Everything pushed into one DynamoDB read, in the order it applies: the key read chosen from the
 * conditions, the residual conditions the driver checks, the projection, the order and the limit,
 * or a count instead of rows. Immutable; every push-down makes a new plan, and the access path is
 * re-chosen from the new state so that it never goes stale, except for a hierarchy walk, whose key
 * reads are fixed by the walk.
 *
 * @param conditions conjuncts over the table's full row type
 * @param projection the table columns the read outputs, in output order
 * @param order the requested sort-key order, when ORDER BY was pushed into the read
 * @param offset rows to skip, from OFFSET
 * @param fetch rows to return at most, from LIMIT / FETCH
 * @param count true when the read returns one row holding COUNT(*) instead of the rows
 * @param walk for a recursive query over a hierarchy, the walk that decides which items are rows
 */
public record ReadPlan(
    EntityTable table,
    ImmutableList<RexNode> conditions,
    ImmutableList<Integer> projection,
    Optional<Order> order,
    Optional<Operand> offset,
    Optional<Operand> fetch,
    boolean count,
    AccessPath access,
    Optional<HierarchyWalk> walk) {

  public enum Order {
    ASCENDING,
    DESCENDING
  }

  /** The plan of a bare table reference: every column, no conditions. */
  public static ReadPlan of(EntityTable table) {
    ImmutableList.Builder<Integer> all = ImmutableList.builder();
    for (int i = 0; i < table.columns().size(); i++) {
      all.add(i);
    }
    return new ReadPlan(table, ImmutableList.of(), all.build(), Optional.empty(), Optional.empty(), Optional.empty(),
        false, null, Optional.empty()).planned();
  }

  /**
   * A hierarchy walk that starts where {@code seed} reads, with the key reads of {@code access}.
   * The seed's conditions are all expressed by those reads or by the walk's root conditions.
   */
  public static ReadPlan walk(ReadPlan seed, AccessPath access, HierarchyWalk walk) {
    ImmutableSet.Builder<Integer> all = ImmutableSet.builder();
    for (int i = 0; i < seed.conditions().size(); i++) {
      all.add(i);
    }
    AccessPath consumingAll = new AccessPath(access.kind(), access.index(), access.keys(), all.build(),
        seed.access().membershipExact(), access.orderColumns(), AccessPath.TableFetch.NONE, false);
    return new ReadPlan(seed.table(), seed.conditions(), seed.projection(), Optional.empty(), Optional.empty(),
        Optional.empty(), false, consumingAll, Optional.of(walk));
  }

  /** This plan with its access path chosen from its state; a walk keeps its own. */
  private ReadPlan planned() {
    if (walk.isPresent()) {
      return this;
    }
    return new ReadPlan(table, conditions, projection, order, offset, fetch, count,
        AccessPathPlanner.choose(table, conditions, projection), walk);
  }

  public ReadPlan withConditions(List<RexNode> added) {
    ImmutableList<RexNode> all = ImmutableList.<RexNode>builder().addAll(conditions).addAll(added).build();
    return new ReadPlan(table, all, projection, order, offset, fetch, count, access, walk).planned();
  }

  public ReadPlan withProjection(List<Integer> columns) {
    return new ReadPlan(table, conditions, ImmutableList.copyOf(columns), order, offset, fetch, count, access, walk)
        .planned();
  }

  // The access path depends on the conditions and the projection only, so order and limit keep it.
  public ReadPlan withOrder(Order newOrder) {
    return new ReadPlan(table, conditions, projection, Optional.of(newOrder), offset, fetch, count, access, walk);
  }

  public ReadPlan withLimit(Optional<Operand> newOffset, Optional<Operand> newFetch) {
    return new ReadPlan(table, conditions, projection, order, newOffset, newFetch, count, access, walk);
  }

  public ReadPlan withCount() {
    return new ReadPlan(table, conditions, ImmutableList.of(), Optional.empty(), offset, fetch, true, access, walk)
        .planned();
  }

  /**
   * The same plan read through {@code shared}, another table's key read of the same item collection.
   * None of this plan's conditions is then expressed by the key, so the driver checks them all.
   */
  public ReadPlan readThrough(AccessPath shared) {
    AccessPath unconsumed = new AccessPath(shared.kind(), shared.index(), shared.keys(), ImmutableSet.of(), false,
        ImmutableList.of(), AccessPath.TableFetch.NONE, false);
    return new ReadPlan(table, conditions, projection, Optional.empty(), Optional.empty(), Optional.empty(), false,
        unconsumed, Optional.empty());
  }

  /** The conditions the key read does not express exactly; the driver checks them on each item. */
  public List<RexNode> residual() {
    List<RexNode> residual = new ArrayList<>();
    for (int i = 0; i < conditions.size(); i++) {
      if (!access.consumed().contains(i)) {
        residual.add(conditions.get(i));
      }
    }
    return residual;
  }

  /**
   * The conditions the key read expresses on a key that the read does not decode their columns
   * from, which the driver checks again on the values it decodes (see {@link AccessPath#rechecked});
   * none in a walk, whose conditions apply to where it starts.
   */
  public List<RexNode> keyRechecks() {
    if (walk.isPresent()) {
      return List.of();
    }
    return access.rechecked(table, conditions).stream().map(conditions::get).toList();
  }

  /**
   * The residual conditions once the parameters are known: a LIKE whose pattern is a parameter is
   * read as {@code begins_with} of its prefix, and when the pattern turns out to be that prefix and
   * {@code %}, the key condition says it all, as it would for the same pattern written literally.
   */
  public List<RexNode> residual(KeyValueBinder binder) {
    List<RexNode> residual = new ArrayList<>();
    for (RexNode condition : residual()) {
      if (!expressedByPatternPrefix(condition, binder)) {
        residual.add(condition);
      }
    }
    return residual;
  }

  private boolean expressedByPatternPrefix(RexNode condition, KeyValueBinder binder) {
    if (!(condition instanceof RexCall like) || like.getOperator() != SqlStdOperatorTable.LIKE
        || !(like.getOperands().get(0) instanceof RexInputRef column)
        || !(like.getOperands().get(1) instanceof RexDynamicParam pattern)) {
      return false;
    }
    Operand.Parameter parameter = new Operand.Parameter(pattern.getIndex());
    for (KeyCondition key : access.keys()) {
      Optional<SortCondition> sort = key.sort().filter(c -> c.op() == SortCondition.Op.BEGINS_WITH);
      if (sort.isEmpty()) {
        continue;
      }
      List<KeyPart> parts = sort.get().low().parts();
      if (parts.get(parts.size() - 1) instanceof KeyPart.Value v
          && v.operand() instanceof Operand.PatternPrefix prefix && prefix.pattern().equals(parameter)
          && table.column(column.getIndex()).equals(v.column()) && endsTemplate(v)) {
        Object value = binder.valueOf(parameter);
        return value != null && LikePattern.parse(value.toString(), prefix.escape()).prefixOnly();
      }
    }
    return false;
  }

  private static boolean endsTemplate(KeyPart.Value v) {
    List<TemplateSegment> segments = v.template().segments();
    return segments.get(segments.size() - 1).equals(v.slot());
  }

  /** The residual conditions with the parameters' values when they are known, else as planned. */
  public List<RexNode> residual(Optional<KeyValueBinder> binder) {
    return binder.map(this::residual).orElseGet(this::residual);
  }

  /** True when every item the key read returns is a result row, so Limit and Select=COUNT are safe. */
  public boolean isExact() {
    return isExact(Optional.empty());
  }

  /** {@link #isExact()} with the parameters' values when they are known. */
  public boolean isExact(Optional<KeyValueBinder> binder) {
    return checksMembershipOnly(binder) && access.membershipExact();
  }

  /**
   * True when the driver checks nothing of the items the key read returns but whether they belong
   * to the table: no residual condition and no walk.
   */
  public boolean checksMembershipOnly(Optional<KeyValueBinder> binder) {
    return residual(binder).isEmpty() && walk.isEmpty();
  }

  /**
   * Whether the rows of the read's requests are merged in key order rather than taken one request
   * after another: an ordered read, unless it counts, or walks up to ancestors that come as one
   * stream.
   */
  public boolean mergesInKeyOrder() {
    return order.isPresent() && !count && walk.map(w -> w.direction() == HierarchyWalk.Direction.DOWN).orElse(true);
  }

  public boolean hasLimit() {
    return offset.isPresent() || fetch.isPresent();
  }

  /**
   * Whether more conditions may still be pushed: not below a limit, an order or a count already
   * taken, and not into a walk, whose conditions must not cut the parent links it follows.
   */
  public boolean acceptsConditions() {
    return !hasLimit() && order.isEmpty() && !count && walk.isEmpty();
  }
}
