package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.plan.LikePattern;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlLikeOperator;

/**
 * {@code LIKE pattern [ESCAPE e]}, and ILIKE; NOT LIKE reaches here as NOT(LIKE). A literal
 * pattern becomes one regular expression when the statement is prepared; only a pattern that comes
 * from a parameter or a column is translated for each row. {@link LikePattern} decides what a pattern
 * means and which patterns are invalid.
 */
final class Like {
  private Like() {}

  static Scalar compile(RexCall call, List<Scalar> operands) {
    boolean caseSensitive = ((SqlLikeOperator) call.getOperator()).isCaseSensitive();
    int flags = Pattern.DOTALL | (caseSensitive ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    List<RexNode> rex = call.getOperands();
    Scalar value = operands.get(0);
    if (rex.subList(1, rex.size()).stream().allMatch(RexLiteral.class::isInstance)) {
      String pattern = ((RexLiteral) rex.get(1)).getValueAs(String.class);
      String escape = rex.size() > 2 ? ((RexLiteral) rex.get(2)).getValueAs(String.class) : null;
      if (pattern == null || (rex.size() > 2 && escape == null)) {
        return (row, context) -> null;
      }
      Pattern regex = regex(pattern, escape, flags);
      return Strict.of(value, v -> regex.matcher((String) v).matches());
    }
    return Strict.of(operands, values -> regex((String) values[1],
        values.length > 2 ? (String) values[2] : null, flags).matcher((String) values[0]).matches());
  }

  private static Pattern regex(String pattern, String escape, int flags) {
    return Pattern.compile(LikePattern.parse(pattern, escape).regex(), flags);
  }
}
