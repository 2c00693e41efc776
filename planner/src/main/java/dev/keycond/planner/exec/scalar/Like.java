package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlLikeOperator;

/**
 * {@code LIKE pattern [ESCAPE e]}, and ILIKE; NOT LIKE reaches here as NOT(LIKE). A literal
 * pattern becomes one regular expression when the statement is prepared; only a pattern that comes
 * from a parameter or a column is translated for each row.
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
    int escapeCharacter = escapeCharacter(escape);
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < pattern.length()) {
      int c = pattern.codePointAt(i);
      i += Character.charCount(c);
      if (c == escapeCharacter) {
        if (i >= pattern.length()) {
          throw new KeycondException(SqlState.DATA_EXCEPTION,
              "LIKE pattern '" + pattern + "' ends with its escape character");
        }
        int escaped = pattern.codePointAt(i);
        if (escaped != '%' && escaped != '_' && escaped != escapeCharacter) {
          throw new KeycondException(SqlState.DATA_EXCEPTION, "LIKE pattern '" + pattern
              + "' has an invalid escape sequence; only %, _ and the escape character itself can be escaped");
        }
        literal.appendCodePoint(escaped);
        i += Character.charCount(escaped);
      } else if (c == '%' || c == '_') {
        appendLiteral(regex, literal);
        regex.append(c == '%' ? ".*" : ".");
      } else {
        literal.appendCodePoint(c);
      }
    }
    appendLiteral(regex, literal);
    return Pattern.compile(regex.toString(), flags);
  }

  /** The ESCAPE character, or -1 for none. */
  private static int escapeCharacter(String escape) {
    if (escape == null) {
      return -1;
    }
    if (escape.codePointCount(0, escape.length()) != 1) {
      throw new KeycondException(SqlState.DATA_EXCEPTION,
          "The ESCAPE clause of LIKE takes a single character, not '" + escape + "'");
    }
    return escape.codePointAt(0);
  }

  private static void appendLiteral(StringBuilder regex, StringBuilder literal) {
    if (literal.length() > 0) {
      regex.append(Pattern.quote(literal.toString()));
      literal.setLength(0);
    }
  }
}
