package dev.keycond.planner.rules;

import dev.keycond.planner.rel.DynamoRead;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Narrows a read to the columns the projection above it uses; they become the request's
 * ProjectionExpression. A projection of bare columns disappears; one with expressions stays above
 * the narrowed read.
 */
public final class ReadProjectRule extends RelRule<ReadRuleConfig> {
  public static final ReadProjectRule INSTANCE = new ReadProjectRule(ReadRuleConfig.of("ReadProjectRule",
      b -> b.operand(LogicalProject.class)
          .oneInput(r -> r.operand(DynamoRead.class).predicate(read -> !read.plan().count()).noInputs()),
      ReadProjectRule::new));

  private ReadProjectRule(ReadRuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalProject project = call.rel(0);
    DynamoRead read = call.rel(1);
    List<Integer> current = read.plan().projection();
    if (project.getProjects().stream().allMatch(e -> e instanceof RexInputRef)) {
      List<Integer> columns = new ArrayList<>();
      for (RexNode e : project.getProjects()) {
        columns.add(current.get(((RexInputRef) e).getIndex()));
      }
      call.transformTo(read.withPlan(read.plan().withProjection(columns), project.getRowType()));
      return;
    }
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
    if (used.cardinality() == current.size()) {
      return;
    }
    List<Integer> columns = new ArrayList<>();
    int[] newIndex = new int[current.size()];
    for (int field : used) {
      newIndex[field] = columns.size();
      columns.add(current.get(field));
    }
    DynamoRead narrowed = read.withPlan(read.plan().withProjection(columns));
    RexShuttle remap = new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(newIndex[ref.getIndex()], ref.getType());
      }
    };
    List<RexNode> expressions = new ArrayList<>();
    for (RexNode e : project.getProjects()) {
      expressions.add(e.accept(remap));
    }
    call.transformTo(project.copy(project.getTraitSet(), narrowed, expressions, project.getRowType()));
  }
}
