package dev.keycond.planner.rules;

import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.KeyPredicate;
import dev.keycond.planner.plan.KeyPredicates;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.HierarchyWalk;
import dev.keycond.planner.rel.ReadPlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * Pushes ORDER BY and LIMIT into a read. An order on the sort key (a leading run of the read's
 * order columns, all one way) becomes ScanIndexForward and needs no sort in the driver; then
 * LIMIT/OFFSET go into the read too. An order the key does not give stays in the driver, and so
 * does any limit above it.
 */
public final class ReadSortRule extends RelRule<ReadRuleConfig> {
  public static final ReadSortRule INSTANCE = new ReadSortRule(ReadRuleConfig.of("ReadSortRule",
      b -> b.operand(LogicalSort.class)
          .oneInput(r -> r.operand(DynamoRead.class)
              .predicate(read -> !read.plan().hasLimit() && !read.plan().count())
              .noInputs()),
      ReadSortRule::new));

  private ReadSortRule(ReadRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalSort sort = call.rel(0);
    DynamoRead read = call.rel(1);
    ReadPlan plan = read.plan();
    List<RelFieldCollation> collation = sort.getCollation().getFieldCollations();
    Optional<ReadPlan.Order> order = Optional.empty();
    if (!collation.isEmpty()) {
      if (plan.order().isPresent()) {
        return;
      }
      Optional<Optional<ReadPlan.Order>> keyOrder = keyOrder(plan, collation);
      if (keyOrder.isEmpty()) {
        return;
      }
      order = keyOrder.get();
    }
    ReadPlan ordered = order.map(plan::withOrder).orElse(plan);
    ReadPlan limited = ordered.withLimit(operand(sort.offset), operand(sort.fetch));
    call.transformTo(read.withPlan(limited, read.getRowType()));
  }

  /**
   * The read order that satisfies the collation: empty when the key cannot give it; an empty order
   * inside when no order is needed (one item at most, or every sort column is fixed by equality).
   */
  private static Optional<Optional<ReadPlan.Order>> keyOrder(ReadPlan plan, List<RelFieldCollation> collation) {
    AccessPath access = plan.access();
    if (plan.walk().filter(w -> w.direction() == HierarchyWalk.Direction.UP).isPresent()) {
      // A walk up yields its chains from the start upwards, in no key order.
      return Optional.empty();
    }
    if (access.kind() == AccessPath.Kind.GET_ITEM) {
      // One GetItem returns one item at most; a BatchGetItem returns its items in no order.
      return access.keys().size() == 1 ? Optional.of(Optional.empty()) : Optional.empty();
    }
    Set<Integer> fixed = fixedColumns(plan);
    List<RelFieldCollation> remaining = new ArrayList<>();
    for (RelFieldCollation field : collation) {
      int column = plan.projection().get(field.getFieldIndex());
      if (remaining.isEmpty() && fixed.contains(column)) {
        continue;
      }
      remaining.add(field);
    }
    if (remaining.isEmpty()) {
      return Optional.of(Optional.empty());
    }
    if (access.kind() != AccessPath.Kind.QUERY || remaining.size() > access.orderColumns().size()) {
      return Optional.empty();
    }
    // The key orders by a leading run of its order columns, all one way.
    boolean descending = remaining.get(0).getDirection().isDescending();
    for (int i = 0; i < remaining.size(); i++) {
      RelFieldCollation field = remaining.get(i);
      if (plan.projection().get(field.getFieldIndex()) != (int) access.orderColumns().get(i)
          || field.getDirection().isDescending() != descending) {
        return Optional.empty();
      }
    }
    if (plan.walk().isPresent() && descending) {
      // A walk down a tree needs parents before children: it reads in ascending path order.
      return Optional.empty();
    }
    return Optional.of(Optional.of(descending ? ReadPlan.Order.DESCENDING : ReadPlan.Order.ASCENDING));
  }

  /** Columns the key condition pins to one value, which every row of the read shares. */
  private static Set<Integer> fixedColumns(ReadPlan plan) {
    Set<Integer> fixed = new HashSet<>();
    // A walk's starting path is one value, but the walk's rows have many.
    Optional<Integer> walkPath = plan.walk().map(HierarchyWalk::pathColumn);
    for (KeyPredicate p : KeyPredicates.extract(plan.table(), plan.conditions())) {
      if (walkPath.filter(c -> c == p.column()).isPresent()) {
        continue;
      }
      // An IN list fixes the column within each key read, but not across the reads of a fan-out.
      if (p.kind().isEquality() && plan.access().consumed().contains(p.conjunct())
          && (p.kind() == KeyPredicate.Kind.EQ || plan.access().keys().size() == 1)) {
        fixed.add(p.column());
      }
    }
    return fixed;
  }

  private static Optional<Operand> operand(RexNode node) {
    if (node == null) {
      return Optional.empty();
    }
    if (node instanceof RexDynamicParam param) {
      return Optional.of(new Operand.Parameter(param.getIndex()));
    }
    return Optional.of(new Operand.Literal(((RexLiteral) node).getValueAs(Long.class)));
  }
}
