package dev.keycond.planner.functions;

import dev.keycond.planner.mapping.Hierarchy;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RepeatUnion;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.Spool;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
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
      return origin(input, ref.getIndex()).flatMap(origin -> origin.table().mapping().hierarchy()
          .filter(h -> h.pathColumn().equals(origin.column()) || h.parentColumn().equals(origin.column()))
          .map(Hierarchy::delimiter));
    }
  }

  /** A table column a field comes from unchanged. */
  private record Origin(EntityTable table, String column) {}

  /**
   * Follows a field down to the table column it is, through projections of bare columns, filters,
   * sorts, joins and the first input of unions and recursions (whose fields the later inputs
   * repeat). Calcite's column-origin metadata stops at a recursive query.
   */
  private static Optional<Origin> origin(RelNode rel, int field) {
    RelNode node = rel.stripped();
    if (node instanceof DynamoRead read) {
      EntityTable table = read.entity();
      return Optional.of(new Origin(table, table.column(read.plan().projection().get(field)).name()));
    }
    if (node instanceof Project project) {
      return project.getProjects().get(field) instanceof RexInputRef ref
          ? origin(project.getInput(), ref.getIndex()) : Optional.empty();
    }
    if (node instanceof Join join) {
      int leftWidth = join.getLeft().getRowType().getFieldCount();
      return field < leftWidth ? origin(join.getLeft(), field) : origin(join.getRight(), field - leftWidth);
    }
    if (node instanceof Filter || node instanceof Sort || node instanceof Spool || node instanceof SetOp
        || node instanceof RepeatUnion) {
      return origin(node.getInput(0), field);
    }
    return Optional.empty();
  }
}
