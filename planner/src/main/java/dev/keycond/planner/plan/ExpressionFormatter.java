package dev.keycond.planner.plan;

import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDigestIncludeType;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlPostfixOperator;
import org.apache.calcite.sql.SqlPrefixOperator;
import org.apache.calcite.sql.type.SqlTypeUtil;

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

  /** A literal as EXPLAIN and warnings write it; an interval as SQL writes one ({@code INTERVAL '2' DAY}). */
  public static String literal(RexLiteral literal) {
    if (literal.isNull()) {
      return "NULL";
    }
    SqlIntervalQualifier qualifier = literal.getType().getIntervalQualifier();
    if (qualifier != null) {
      return interval(literal.getValueAs(BigDecimal.class), qualifier.getStartUnit());
    }
    return literal.computeDigest(RexDigestIncludeType.NO_TYPE);
  }

  /**
   * An interval's count of months or milliseconds in its first unit, or, when it is no whole number
   * of them, in months or seconds ({@code INTERVAL '90' MINUTE}, {@code INTERVAL '14' MONTH},
   * {@code INTERVAL '1.5' SECOND}).
   */
  private static String interval(BigDecimal amount, TimeUnit unit) {
    BigDecimal units = amount.divide(unit.multiplier, MathContext.DECIMAL64);
    if (units.stripTrailingZeros().scale() > 0) {
      unit = unit.yearMonth ? TimeUnit.MONTH : TimeUnit.SECOND;
      units = amount.divide(unit.multiplier, MathContext.DECIMAL64);
    }
    return "INTERVAL '" + units.stripTrailingZeros().toPlainString() + "' " + unit;
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
    if (call.getKind() == SqlKind.REINTERPRET) {
      // An interval read as its count (TIMESTAMPDIFF): the same value.
      return operands.get(0);
    }
    if ((call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS) && operands.size() == 2) {
      // Date arithmetic's operators are not binary ones to Calcite, but are written as such.
      String text = operands.get(0) + " " + name + " " + operands.get(1);
      return SqlTypeUtil.isInterval(call.getType()) && SqlTypeUtil.isDatetime(call.getOperands().get(0).getType())
          ? "(" + text + ") " + call.getType().getIntervalQualifier() : text;
    }
    if (call.getKind() == SqlKind.DIVIDE && operands.size() == 2) {
      return operands.get(0) + " / " + operands.get(1);
    }
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
