package dev.keycond.planner.sql;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.util.Litmus;

/**
 * A correlated IN or NOT IN subquery that Calcite converts into a Correlate whose left side still
 * refers to the correlation variable (an outer column compared inside the subquery with another
 * column of the outer row). Calcite asserts on such a node when assertions are on; without them it
 * would be planned into a wrong read. Either way the statement is refused.
 */
public final class InvalidCorrelation {
  private InvalidCorrelation() {}

  /** @throws KeycondException 0A000 when the plan holds such a Correlate */
  public static void check(RelNode rel) {
    if (rel instanceof Correlate correlate && !correlate.isValid(Litmus.IGNORE, null)) {
      throw refusal();
    }
    rel.getInputs().forEach(InvalidCorrelation::check);
  }

  public static KeycondException refusal() {
    return new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond cannot plan this correlated IN or NOT IN "
        + "subquery. Write it with EXISTS or NOT EXISTS, comparing the columns inside the subquery's WHERE: "
        + "x IN (SELECT y FROM t WHERE t.a = o.b) is EXISTS (SELECT 1 FROM t WHERE t.y = x AND t.a = o.b); for "
        + "NOT IN, mind that a NULL x or y makes NOT IN unknown, which NOT EXISTS does not follow.");
  }
}
