package dev.keycond.planner.cache;

import dev.keycond.planner.rel.PlanExpressions;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * Whether every parameter of a plan is compared with a column that nothing else of its node
 * compares with a value. Calcite merges two comparisons of one column with literals by their
 * values, and finds some of them contradictory ({@code x > 5 AND x < 3} reads nothing), which it
 * cannot do with markers; a plan whose parameters stood for such literals would not plan as the
 * texts do. A shape's plan is shared only when this holds, so that a column named differently in
 * two places of a text (through a subquery's alias) cannot hide such a pair.
 */
public final class StandAloneParameters {
  private StandAloneParameters() {}

  public static boolean hold(RelNode plan) {
    return PlanExpressions.byNode(plan).stream().allMatch(StandAloneParameters::standAlone);
  }

  /**
   * Whether each parameter among the expressions is in a comparison of one column with values, and
   * no other such comparison reads that column.
   */
  private static boolean standAlone(List<RexNode> expressions) {
    Map<Integer, Integer> comparisons = new HashMap<>();
    Set<Integer> parameterColumns = new HashSet<>();
    for (RexNode expression : expressions) {
      if (!count(expression, comparisons, parameterColumns)) {
        return false;
      }
    }
    return parameterColumns.stream().allMatch(c -> comparisons.get(c) == 1);
  }

  /**
   * Counts the comparisons of one column with values per column, and notes the columns compared
   * with a parameter; false when a parameter stands anywhere else.
   */
  private static boolean count(RexNode node, Map<Integer, Integer> comparisons, Set<Integer> parameterColumns) {
    if (node instanceof RexDynamicParam) {
      return false;
    }
    if (!(node instanceof RexCall call)) {
      return true;
    }
    Optional<Integer> column = comparedColumn(call);
    if (column.isPresent()) {
      comparisons.merge(column.get(), 1, Integer::sum);
      if (call.getOperands().stream().anyMatch(o -> strip(o) instanceof RexDynamicParam)) {
        parameterColumns.add(column.get());
      }
      return true;
    }
    for (RexNode operand : call.getOperands()) {
      if (!count(operand, comparisons, parameterColumns)) {
        return false;
      }
    }
    return true;
  }

  /** The column of a call over one column and values only ({@code x > 5}, {@code x LIKE ?}, {@code x IS NULL}). */
  private static Optional<Integer> comparedColumn(RexCall call) {
    Integer column = null;
    for (RexNode operand : call.getOperands()) {
      RexNode value = strip(operand);
      if (value instanceof RexInputRef ref && column == null) {
        column = ref.getIndex();
      } else if (!(value instanceof RexLiteral) && !(value instanceof RexDynamicParam)) {
        return Optional.empty();
      }
    }
    return Optional.ofNullable(column);
  }

  private static RexNode strip(RexNode node) {
    RexNode stripped = node;
    while (stripped.getKind() == SqlKind.CAST) {
      stripped = ((RexCall) stripped).getOperands().get(0);
    }
    return stripped;
  }
}
