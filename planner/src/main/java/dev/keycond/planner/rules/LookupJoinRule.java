package dev.keycond.planner.rules;

import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.LookupJoin;
import dev.keycond.planner.rel.ReadPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Turns a join whose inner table could only be Scanned into key lookups driven by the outer rows:
 * the join's equalities become key conditions on outer columns. Without this, the inner read
 * stays a Scan and the statement is refused.
 *
 * <p>The side that is read by lookups must not be one whose unmatched rows the join keeps.
 */
public final class LookupJoinRule extends RelRule<ReadRuleConfig> {
  public static final LookupJoinRule INNER_ON_RIGHT = new LookupJoinRule(ReadRuleConfig.of("LookupJoinRule:Right",
      b -> b.operand(LogicalJoin.class).inputs(
          l -> l.operand(RelNode.class).anyInputs(),
          r -> r.operand(DynamoRead.class).predicate(LookupJoinRule::scanned).noInputs()),
      c -> new LookupJoinRule(c, true)), true);

  public static final LookupJoinRule INNER_ON_LEFT = new LookupJoinRule(ReadRuleConfig.of("LookupJoinRule:Left",
      b -> b.operand(LogicalJoin.class).inputs(
          l -> l.operand(DynamoRead.class).predicate(LookupJoinRule::scanned).noInputs(),
          r -> r.operand(RelNode.class).anyInputs()),
      c -> new LookupJoinRule(c, false)), false);

  private final boolean innerOnRight;

  private LookupJoinRule(ReadRuleConfig config, boolean innerOnRight) {
    super(config);
    this.innerOnRight = innerOnRight;
  }

  private static boolean scanned(DynamoRead read) {
    return read.plan().acceptsConditions() && read.plan().access().isScan();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalJoin join = call.rel(0);
    RelNode outer = innerOnRight ? join.getLeft() : join.getRight();
    DynamoRead inner = innerOnRight ? call.rel(2) : call.rel(1);
    if (!lookupAllowed(join.getJoinType())) {
      return;
    }
    JoinInfo info = join.analyzeCondition();
    List<Integer> outerKeys = innerOnRight ? info.leftKeys : info.rightKeys;
    List<Integer> innerKeys = innerOnRight ? info.rightKeys : info.leftKeys;
    if (outerKeys.isEmpty()) {
      return;
    }
    RexBuilder rexBuilder = join.getCluster().getRexBuilder();
    CorrelationId correlation = join.getCluster().createCorrel();
    RexNode outerRow = rexBuilder.makeCorrel(outer.getRowType(), correlation);
    ReadPlan plan = inner.plan();
    List<RexNode> lookups = new ArrayList<>();
    for (int i = 0; i < innerKeys.size(); i++) {
      int column = plan.projection().get(innerKeys.get(i));
      RexNode innerColumn = new RexInputRef(column,
          inner.getTable().getRowType().getFieldList().get(column).getType());
      lookups.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS, innerColumn,
          rexBuilder.makeFieldAccess(outerRow, outerKeys.get(i))));
    }
    ReadPlan candidate = plan.withConditions(lookups);
    if (candidate.access().isScan()) {
      return;
    }
    // Only the equalities the key uses become lookups; the join checks every equality again.
    Set<Integer> consumed = candidate.access().consumed();
    List<RexNode> used = new ArrayList<>();
    for (int i = 0; i < lookups.size(); i++) {
      if (consumed.contains(plan.conditions().size() + i)) {
        used.add(lookups.get(i));
      }
    }
    ReadPlan lookupPlan = plan.withConditions(used);
    if (lookupPlan.access().isScan()
        || lookupPlan.residual().stream().anyMatch(RexUtil::containsCorrelation)) {
      return;
    }
    call.transformTo(new LookupJoin(join.getCluster(), join.getTraitSet(), outer, join,
        inner.withPlan(lookupPlan, inner.getRowType()), innerOnRight));
  }

  private boolean lookupAllowed(JoinRelType type) {
    switch (type) {
      case INNER:
      case SEMI:
        // A semi-join keeps the left rows that match; looked up by the right side's keys, those are
        // exactly the rows found.
        return true;
      case LEFT:
      case ANTI:
        return innerOnRight;
      case RIGHT:
        return !innerOnRight;
      default:
        return false;
    }
  }
}
