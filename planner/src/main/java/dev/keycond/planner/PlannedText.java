package dev.keycond.planner;

import dev.keycond.planner.plan.ParameterText;
import java.util.List;

/**
 * The plan a statement's text runs with. A text of a shape planned before runs with the plan its
 * shape's texts share, its lifted literals bound to that plan's parameters (see
 * {@link dev.keycond.planner.shape.StatementShape}); any other text runs with a plan of its own.
 *
 * @param literals the values of the lifted literals, in marker order; empty for a plan of the text's own
 * @param literalText how the lifted literals read in warnings: as the text writes them
 */
public record PlannedText(PlannedStatement statement, List<Object> literals, ParameterText literalText) {

  static PlannedText own(PlannedStatement statement) {
    return new PlannedText(statement, List.of(), ParameterText.MARKERS);
  }

  /** The plan's parameters that are {@code ?} markers of the text, not lifted literals. */
  public int markers() {
    return statement.parameters().size() - literals.size();
  }
}
