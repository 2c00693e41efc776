package dev.keycond.planner.sql;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Calcite's convertlets, except where they would change a value that is written in the statement.
 *
 * <p>Comparisons of exact numbers compare the values as written.
 * <p>Calcite casts both sides of a comparison to their least restrictive type. For a DECIMAL(38, 10)
 * column and a literal with more fractional digits that rounds the literal to 10 digits, so
 * {@code amount = 0.000000000000000000001} would match a stored 0 and send 0 as a key. DynamoDB
 * numbers carry 38 significant digits at any scale, and keycond compares exact numbers by value
 * whatever their types, so the sides are left as they are.
 *
 * <p>A string cast to a date-time type stays a cast: Calcite would fold
 * {@code CAST('2026-01-01 10:30:00.123456789' AS TIMESTAMP)} into a literal of milliseconds, where
 * keycond's own conversion, which evaluates casts of literals once when the statement is compiled,
 * keeps every digit of the fraction.
 */
public final class ExactValueConvertlets implements SqlRexConvertletTable {
  public static final ExactValueConvertlets INSTANCE = new ExactValueConvertlets();

  private ExactValueConvertlets() {}

  @Override
  public SqlRexConvertlet get(SqlCall call) {
    SqlRexConvertlet standard = StandardConvertletTable.INSTANCE.get(call);
    if (call.getKind() == SqlKind.CAST) {
      return (cx, c) -> textToDateTime(cx, c) ? keepCast(cx, c) : standard.convertCall(cx, c);
    }
    if (!SqlKind.BINARY_COMPARISON.contains(call.getKind()) && call.getKind() != SqlKind.BETWEEN) {
      return standard;
    }
    return (cx, c) -> allExactNumbers(cx, c.getOperandList()) ? convert(cx, c) : standard.convertCall(cx, c);
  }

  private static boolean textToDateTime(SqlRexContext cx, SqlCall cast) {
    RelDataType type = cx.getValidator().getValidatedNodeTypeIfKnown(cast);
    return cast.operand(0) instanceof SqlCharStringLiteral && type != null && SqlTypeUtil.isDatetime(type);
  }

  private static RexNode keepCast(SqlRexContext cx, SqlCall cast) {
    return cx.getRexBuilder().makeAbstractCast(cast.getParserPosition(),
        cx.getValidator().getValidatedNodeType(cast), cx.convertExpression(cast.operand(0)), false);
  }

  private static boolean allExactNumbers(SqlRexContext cx, List<SqlNode> operands) {
    for (SqlNode operand : operands) {
      RelDataType type = cx.getValidator().getValidatedNodeTypeIfKnown(operand);
      if (type == null || !SqlTypeUtil.isExactNumeric(type)) {
        return false;
      }
    }
    return true;
  }

  private static RexNode convert(SqlRexContext cx, SqlCall call) {
    RexBuilder rexBuilder = cx.getRexBuilder();
    if (call.getOperator() instanceof SqlBetweenOperator between) {
      RexNode value = cx.convertExpression(call.operand(SqlBetweenOperator.VALUE_OPERAND));
      RexNode lower = cx.convertExpression(call.operand(SqlBetweenOperator.LOWER_OPERAND));
      RexNode upper = cx.convertExpression(call.operand(SqlBetweenOperator.UPPER_OPERAND));
      RexNode range = within(rexBuilder, value, lower, upper);
      if (between.flag == SqlBetweenOperator.Flag.SYMMETRIC) {
        range = rexBuilder.makeCall(SqlStdOperatorTable.OR, range, within(rexBuilder, value, upper, lower));
      }
      return between.isNegated() ? rexBuilder.makeCall(SqlStdOperatorTable.NOT, range) : range;
    }
    return rexBuilder.makeCall(call.getOperator(), cx.convertExpression(call.operand(0)),
        cx.convertExpression(call.operand(1)));
  }

  private static RexNode within(RexBuilder rexBuilder, RexNode value, RexNode low, RexNode high) {
    return rexBuilder.makeCall(SqlStdOperatorTable.AND,
        rexBuilder.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, value, low),
        rexBuilder.makeCall(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, value, high));
  }
}
