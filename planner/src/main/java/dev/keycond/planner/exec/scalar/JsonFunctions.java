package dev.keycond.planner.exec.scalar;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.keycond.planner.codec.DynamoJson;
import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.SqlJsonQueryWrapperBehavior;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * JSON_VALUE, JSON_QUERY and JSON_EXISTS over JSON text, such as the JSON columns that hold
 * DynamoDB maps and lists. Paths are SQL/JSON paths in lax mode: {@code $.a.b}, {@code $.a[0]},
 * {@code $['a b']}; a path that leads nowhere, or text that is not JSON, gives NULL (or FALSE).
 */
final class JsonFunctions {
  private static final Pattern INDEX = Pattern.compile("[0-9]+");

  private JsonFunctions() {}

  /** A scalar at the path, as text converted to the call's type. */
  static Scalar value(RexCall call, List<Scalar> operands) {
    SqlTypeName type = call.getType().getSqlTypeName();
    ParsedPath parsed = new ParsedPath();
    return Strict.of(operands.get(0), operands.get(1), (json, path) -> {
      JsonNode node = find(json.toString(), parsed.steps(path.toString()));
      if (node == null || node.isContainerNode() || node.isNull()) {
        return null;
      }
      String text = node.isNumber() ? node.decimalValue().toPlainString() : node.asText();
      return SqlValues.coerce(text, type);
    });
  }

  /** An object or array at the path, as JSON text; with WITH ARRAY WRAPPER, whatever is there, in an array. */
  static Scalar query(RexCall call, List<Scalar> operands) {
    boolean wrap = call.getOperands().size() > 2 && call.getOperands().get(2) instanceof RexLiteral flag
        && flag.getValueAs(SqlJsonQueryWrapperBehavior.class) != SqlJsonQueryWrapperBehavior.WITHOUT_ARRAY;
    ParsedPath parsed = new ParsedPath();
    return Strict.of(operands.get(0), operands.get(1), (json, path) -> {
      JsonNode node = find(json.toString(), parsed.steps(path.toString()));
      if (node == null) {
        return null;
      }
      if (wrap) {
        return DynamoJson.write(JsonNodeFactory.instance.arrayNode().add(node));
      }
      return node.isContainerNode() ? DynamoJson.write(node) : null;
    });
  }

  static Scalar exists(List<Scalar> operands) {
    ParsedPath parsed = new ParsedPath();
    return Strict.of(operands.get(0), operands.get(1),
        (json, path) -> find(json.toString(), parsed.steps(path.toString())) != null);
  }

  /** The steps of the last path a call was given: nearly always a literal, the same on every row. */
  static final class ParsedPath {
    private record Last(String path, List<Object> steps) {}

    private volatile Last last;

    List<Object> steps(String path) {
      Last seen = last;
      if (seen == null || !seen.path().equals(path)) {
        seen = new Last(path, JsonFunctions.steps(path));
        last = seen;
      }
      return seen.steps();
    }
  }

  /** The node the steps lead to, or null when there is none or the text is not JSON. */
  private static JsonNode find(String json, List<Object> steps) {
    JsonNode node;
    try {
      node = DynamoJson.parse(json);
    } catch (IllegalArgumentException notJson) {
      return null;
    }
    for (Object step : steps) {
      if (node == null) {
        return null;
      }
      node = step instanceof Integer index ? node.get(index) : node.get((String) step);
    }
    return node;
  }

  private static KeycondException invalid(String path, String problem) {
    return new KeycondException(SqlState.DATA_EXCEPTION, "Invalid JSON path '" + path + "': " + problem);
  }

  /** The steps of a path: field names and array indexes, after {@code $}. */
  private static List<Object> steps(String path) {
    String p = path.trim();
    if (p.startsWith("lax ")) {
      p = p.substring(4).trim();
    } else if (p.startsWith("strict ")) {
      p = p.substring(7).trim();
    }
    if (!p.startsWith("$")) {
      throw invalid(path, "it must start with $");
    }
    List<Object> steps = new ArrayList<>();
    int i = 1;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (c == '.') {
        int end = i + 1;
        while (end < p.length() && p.charAt(end) != '.' && p.charAt(end) != '[') {
          end++;
        }
        String name = p.substring(i + 1, end);
        steps.add(name.startsWith("\"") && name.endsWith("\"") ? name.substring(1, name.length() - 1) : name);
        i = end;
      } else if (c == '[') {
        int end = p.indexOf(']', i);
        if (end < 0) {
          throw invalid(path, "a [ is never closed");
        }
        String inside = p.substring(i + 1, end).trim();
        if (inside.length() >= 2 && (inside.startsWith("'") || inside.startsWith("\""))) {
          steps.add(inside.substring(1, inside.length() - 1));
        } else if (INDEX.matcher(inside).matches()) {
          steps.add(Integer.valueOf(inside));
        } else {
          throw invalid(path, "[" + inside + "] is neither an index nor a quoted name");
        }
        i = end + 1;
      } else {
        throw invalid(path, "unexpected '" + c + "'");
      }
    }
    return List.copyOf(steps);
  }
}
