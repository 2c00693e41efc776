package dev.keycond.planner.functions;

import dev.keycond.planner.mapping.Hierarchy;
import dev.keycond.planner.schema.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * Gives every path function call without a delimiter the delimiter of the hierarchy its path
 * column comes from. It runs on the plan as SQL-to-relational conversion leaves it, where column
 * origins are still plain to follow.
 */
public final class DelimiterDefaults extends RelShuttleImpl {
  private DelimiterDefaults() {}

  public static RelNode apply(RelNode plan) {
    return plan.accept(new DelimiterDefaults());
  }

  @Override
  public RelNode visit(LogicalProject project) {
    LogicalProject visited = (LogicalProject) super.visit(project);
    Calls calls = new Calls(visited.getInput());
    List<RexNode> expressions = new ArrayList<>();
    for (RexNode e : visited.getProjects()) {
      expressions.add(e.accept(calls));
    }
    return calls.changed ? visited.copy(visited.getTraitSet(), visited.getInput(), expressions, visited.getRowType())
        : visited;
  }

  @Override
  public RelNode visit(LogicalFilter filter) {
    LogicalFilter visited = (LogicalFilter) super.visit(filter);
    Calls calls = new Calls(visited.getInput());
    RexNode condition = visited.getCondition().accept(calls);
    return calls.changed ? visited.copy(visited.getTraitSet(), visited.getInput(), condition) : visited;
  }

  /** Adds the delimiter argument to the path function calls of one node's expressions. */
  private static final class Calls extends RexShuttle {
    private final RelNode input;
    private final RexBuilder rexBuilder;
    private boolean changed;

    Calls(RelNode input) {
      this.input = input;
      this.rexBuilder = input.getCluster().getRexBuilder();
    }

    @Override
    public RexNode visitCall(RexCall call) {
      RexCall visited = (RexCall) super.visitCall(call);
      if (!PathFunctions.ALL.contains(visited.getOperator())
          || visited.getOperands().size() == PathFunctions.arityWithDelimiter(visited.getOperator())) {
        return visited;
      }
      String delimiter = delimiterOf(visited.getOperands().get(0)).orElse(PathFunctions.DEFAULT_DELIMITER);
      List<RexNode> operands = new ArrayList<>(visited.getOperands());
      operands.add(rexBuilder.makeLiteral(delimiter));
      changed = true;
      return rexBuilder.makeCall(visited.getType(), visited.getOperator(), operands);
    }

    private Optional<String> delimiterOf(RexNode path) {
      if (!(path instanceof RexInputRef ref)) {
        return Optional.empty();
      }
      RelColumnOrigin origin = input.getCluster().getMetadataQuery().getColumnOrigin(input, ref.getIndex());
      if (origin == null || origin.isDerived()) {
        return Optional.empty();
      }
      RelOptTable table = origin.getOriginTable();
      EntityTable entity = table.unwrap(EntityTable.class);
      if (entity == null) {
        return Optional.empty();
      }
      String column = entity.column(origin.getOriginColumnOrdinal()).name();
      return entity.mapping().hierarchy()
          .filter(h -> h.pathColumn().equals(column) || h.parentColumn().equals(column))
          .map(Hierarchy::delimiter);
    }
  }
}
