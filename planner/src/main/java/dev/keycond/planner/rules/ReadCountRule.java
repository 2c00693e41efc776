package dev.keycond.planner.rules;

import dev.keycond.planner.rel.DynamoRead;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.sql.SqlKind;

/**
 * Turns {@code SELECT COUNT(*)} over a read into a counting read, which asks DynamoDB for
 * {@code Select=COUNT} when every item it reads is a row, and otherwise counts rows in the driver
 * without building them.
 */
public final class ReadCountRule extends RelRule<ReadRuleConfig> {
  public static final ReadCountRule DIRECT = new ReadCountRule(ReadRuleConfig.of("ReadCountRule",
      b -> b.operand(LogicalAggregate.class).predicate(ReadCountRule::isCountStar)
          .oneInput(r -> r.operand(DynamoRead.class).predicate(ReadCountRule::countable).noInputs()),
      ReadCountRule::new));

  /** COUNT(*) over a projection of constants, which is what SQL-to-rel makes of it. */
  public static final ReadCountRule THROUGH_PROJECT = new ReadCountRule(ReadRuleConfig.of(
      "ReadCountRule:ThroughProject",
      b -> b.operand(LogicalAggregate.class).predicate(ReadCountRule::isCountStar)
          .oneInput(p -> p.operand(LogicalProject.class)
              .oneInput(r -> r.operand(DynamoRead.class).predicate(ReadCountRule::countable).noInputs())),
      ReadCountRule::new));

  private ReadCountRule(ReadRuleConfig config) {
    super(config);
  }

  private static boolean isCountStar(LogicalAggregate aggregate) {
    if (!aggregate.getGroupSet().isEmpty() || aggregate.getAggCallList().size() != 1) {
      return false;
    }
    AggregateCall call = aggregate.getAggCallList().get(0);
    return call.getAggregation().getKind() == SqlKind.COUNT && call.getArgList().isEmpty()
        && !call.isDistinct() && call.filterArg < 0;
  }

  private static boolean countable(DynamoRead read) {
    return read.plan().acceptsConditions();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalAggregate aggregate = call.rel(0);
    DynamoRead read = call.rel(call.getRelList().size() - 1);
    call.transformTo(read.withPlan(read.plan().withCount(), aggregate.getRowType()));
  }
}
