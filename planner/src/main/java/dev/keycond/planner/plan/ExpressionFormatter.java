package dev.keycond.planner.plan;

import dev.keycond.planner.table.EntityTable;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDigestIncludeType;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlPostfixOperator;
import org.apache.calcite.sql.SqlPrefixOperator;

/** Writes an expression as SQL-like text with column names, for EXPLAIN and warnings. */
public final class ExpressionFormatter {
  private final List<String> fieldNames;
  private final ParameterText parameters;

  /** A formatter for conditions over a table's full row, with parameters as markers. */
  public static ExpressionFormatter of(EntityTable table) {
    return of(table, ParameterText.MARKERS);
  }

  /** A formatter for conditions over a table's full row. */
  public static ExpressionFormatter of(EntityTable table, ParameterText parameters) {
    return new ExpressionFormatter(table.columns().stream().map(c -> c.name()).toList(), parameters);
  }

  /** A formatter for expressions over rows with these fields, with parameters as markers. */
  public ExpressionFormatter(List<String> fieldNames) {
    this(fieldNames, ParameterText.MARKERS);
  }

  public ExpressionFormatter(List<String> fieldNames, ParameterText parameters) {
    this.fieldNames = fieldNames;
    this.parameters = parameters;
  }

  /** A literal as EXPLAIN and warnings write it. */
  public static String literal(RexLiteral literal) {
    return literal.isNull() ? "NULL" : literal.computeDigest(RexDigestIncludeType.NO_TYPE);
  }

  public String format(RexNode node) {
    if (node instanceof RexInputRef ref) {
      return fieldNames.get(ref.getIndex());
    }
    if (node instanceof RexDynamicParam param) {
      return parameters.of(param.getIndex());
    }
    if (node instanceof RexLiteral literal) {
      return literal(literal);
    }
    if (!(node instanceof RexCall call)) {
      return node.toString();
    }
    List<String> operands = call.getOperands().stream().map(this::format).collect(Collectors.toList());
    String name = call.getOperator().getName();
    if (call.getKind() == SqlKind.CAST) {
      return "CAST(" + operands.get(0) + " AS " + call.getType().getFullTypeString().replace(" NOT NULL", "") + ")";
    }
    if (call.getKind() == SqlKind.LIKE) {
      return operands.get(0) + " " + name + " " + operands.get(1)
          + (operands.size() == 3 ? " ESCAPE " + operands.get(2) : "");
    }
    if (call.getOperator() instanceof SqlBinaryOperator && operands.size() == 2) {
      boolean logical = call.getKind() == SqlKind.AND || call.getKind() == SqlKind.OR;
      String text = operands.get(0) + " " + name + " " + operands.get(1);
      return logical ? "(" + text + ")" : text;
    }
    if (call.getKind() == SqlKind.AND || call.getKind() == SqlKind.OR) {
      return "(" + String.join(" " + name + " ", operands) + ")";
    }
    if (call.getOperator() instanceof SqlPostfixOperator && operands.size() == 1) {
      return operands.get(0) + " " + name;
    }
    if (call.getOperator() instanceof SqlPrefixOperator && operands.size() == 1) {
      return name + " " + operands.get(0);
    }
    return name + "(" + String.join(", ", operands) + ")";
  }
}
