package dev.keycond.planner.rules;

import dev.keycond.planner.rel.DynamoRead;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * Pushes a WHERE clause into the read below it. The read chooses its key access from the
 * conjuncts and keeps the ones the key cannot express as residual checks, so the filter disappears.
 * A condition on a correlated subquery's outer row can bind a key too: the read then runs once per
 * distinct outer value.
 */
public final class ReadFilterRule extends RelRule<ReadRuleConfig> {
  public static final ReadFilterRule INSTANCE = new ReadFilterRule(ReadRuleConfig.of("ReadFilterRule",
      b -> b.operand(LogicalFilter.class)
          .oneInput(r -> r.operand(DynamoRead.class).predicate(read -> read.plan().acceptsConditions()).noInputs()),
      ReadFilterRule::new));

  private ReadFilterRule(ReadRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalFilter filter = call.rel(0);
    DynamoRead read = call.rel(1);
    RexBuilder rexBuilder = filter.getCluster().getRexBuilder();
    // Ranges and IN lists arrive as SEARCH(Sarg); the key translator reads plain comparisons.
    RexNode condition = RexUtil.expandSearch(rexBuilder, null, filter.getCondition());
    ColumnRefs toTable = new ColumnRefs(read.plan().projection(), read.getTable().getRowType());
    List<RexNode> conjuncts = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
      conjuncts.add(conjunct.accept(toTable));
    }
    call.transformTo(read.withPlan(read.plan().withConditions(conjuncts), read.getRowType()));
  }
}
