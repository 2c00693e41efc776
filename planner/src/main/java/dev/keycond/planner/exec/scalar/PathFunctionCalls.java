package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.functions.PathFunctions;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * Calls of the path functions ({@link PathFunctions}), whose delimiter is their last operand by the
 * time they are compiled. An empty delimiter splits nothing, so any number it gave would be made
 * up: it is an invalid argument (22023), refused when the statement is prepared when it is written
 * in the statement, and on the first row otherwise. A NULL delimiter gives NULL, as any NULL
 * argument does.
 */
final class PathFunctionCalls {
  private PathFunctionCalls() {}

  static Scalar compile(RexCall call, List<Scalar> operands) {
    String name = call.getOperator().getName();
    int last = operands.size() - 1;
    RexNode delimiter = call.getOperands().get(last);
    if (delimiter instanceof RexLiteral literal && !literal.isNull()) {
      checkDelimiter(name, literal.getValueAs(String.class));
    }
    Function<Object[], Object> function = switch (name) {
      case "PATH_DEPTH" -> v -> PathFunctions.depth((String) v[0], (String) v[1]);
      case "PARENT_PATH" -> v -> PathFunctions.parent((String) v[0], (String) v[1]);
      case "PATH_SEGMENT" -> v -> PathFunctions.segment((String) v[0], ((Number) v[1]).intValue(), (String) v[2]);
      case "PATH_NAME" -> v -> PathFunctions.name((String) v[0], (String) v[1]);
      default -> throw new IllegalArgumentException("not a path function: " + name);
    };
    return Strict.of(operands, v -> {
      checkDelimiter(name, (String) v[last]);
      return function.apply(v);
    });
  }

  private static void checkDelimiter(String function, String delimiter) {
    if (delimiter.isEmpty()) {
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, function + " was given an empty delimiter; "
          + "pass the text that separates the segments of a path, such as '/', or leave the delimiter out "
          + "to use the table's declared one");
    }
  }
}
