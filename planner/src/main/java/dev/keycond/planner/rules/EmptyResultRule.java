package dev.keycond.planner.rules;

import java.math.BigDecimal;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexSimplify;

/**
 * Replaces what can give no row by no rows, so that no table is read for it: a filter whose
 * condition no row can meet ({@code WHERE 1 = 0}, {@code WHERE FALSE}, {@code account = 'a91' AND
 * 1 = 0}) and a {@code LIMIT 0}. SQL tools send such statements to learn a query's columns; reading
 * nothing, they need neither a key condition nor a Scan.
 */
public final class EmptyResultRule extends RelRule<ReadRuleConfig> {
  public static final EmptyResultRule FALSE_FILTER = new EmptyResultRule(ReadRuleConfig.of("EmptyResultRule:Filter",
      b -> b.operand(LogicalFilter.class).predicate(EmptyResultRule::meetsNoRow).anyInputs(), EmptyResultRule::new));

  public static final EmptyResultRule ZERO_FETCH = new EmptyResultRule(ReadRuleConfig.of("EmptyResultRule:Limit0",
      b -> b.operand(LogicalSort.class).predicate(EmptyResultRule::fetchesNone).anyInputs(), EmptyResultRule::new));

  private EmptyResultRule(ReadRuleConfig config) {
    super(config);
  }

  /**
   * Whether the condition is false, or unknown, for every row: simplified with no input known,
   * only constants are folded; the condition itself is kept as written when it may hold.
   */
  private static boolean meetsNoRow(LogicalFilter filter) {
    // The planner's executor, which folds nothing that is not written as a constant.
    RexExecutor executor = filter.getCluster().getPlanner().getExecutor();
    return executor != null && new RexSimplify(filter.getCluster().getRexBuilder(), RelOptPredicateList.EMPTY, executor)
        .simplifyUnknownAsFalse(filter.getCondition()).isAlwaysFalse();
  }

  private static boolean fetchesNone(LogicalSort sort) {
    return sort.fetch instanceof RexLiteral literal && BigDecimal.ZERO.compareTo(literal.getValueAs(BigDecimal.class))
        == 0;
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    RelNode empty = call.rel(0);
    call.transformTo(LogicalValues.createEmpty(empty.getCluster(), empty.getRowType()));
  }
}
