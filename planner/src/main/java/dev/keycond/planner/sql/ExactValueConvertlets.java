package dev.keycond.planner.sql;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
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
 * <p>A literal written with an exponent cast to an exact number (as a comparison with a DECIMAL
 * column casts {@code 9.9999999999999999999999999999999999998E+125}) is the exact number it spells.
 *
 * <p>A string cast to a date-time type stays a cast: Calcite would fold
 * {@code CAST('2026-01-01 10:30:00.123456789' AS TIMESTAMP)} into a literal of milliseconds, where
 * keycond's own conversion, which evaluates casts of literals once when the statement is compiled,
 * keeps every digit of the fraction.
 *
 * <p>{@code TIMESTAMPDIFF} in milliseconds, microseconds or nanoseconds counts the milliseconds
 * between its operands (times 1,000 or 1,000,000): Calcite counts whole seconds and multiplies them,
 * so 1.5 s would be 1,000 ms.
 */
public final class ExactValueConvertlets implements SqlRexConvertletTable {
  public static final ExactValueConvertlets INSTANCE = new ExactValueConvertlets();

  private ExactValueConvertlets() {}

  @Override
  public SqlRexConvertlet get(SqlCall call) {
    SqlRexConvertlet standard = StandardConvertletTable.INSTANCE.get(call);
    if (call.getKind() == SqlKind.TIMESTAMP_DIFF) {
      return (cx, c) -> subSecondUnits(cx, c).map(perMilli -> subSecondDifference(cx, c, perMilli))
          .orElseGet(() -> standard.convertCall(cx, c));
    }
    if (call.getKind() == SqlKind.CAST) {
      return (cx, c) -> textToDateTime(cx, c) ? keepCast(cx, c)
          : approximateToExact(cx, c) ? exactCast(cx, c) : standard.convertCall(cx, c);
    }
    if (!SqlKind.BINARY_COMPARISON.contains(call.getKind()) && call.getKind() != SqlKind.BETWEEN) {
      return standard;
    }
    return (cx, c) -> allExactNumbers(cx, c.getOperandList()) ? convert(cx, c) : standard.convertCall(cx, c);
  }

  /** How many of TIMESTAMPDIFF's units make a millisecond, when its unit is shorter than a second. */
  private static Optional<Long> subSecondUnits(SqlRexContext cx, SqlCall diff) {
    if (!(diff.operand(0) instanceof SqlIntervalQualifier qualifier)) {
      return Optional.empty();
    }
    // Resolved as Calcite's own convertlet does: JDBC's SQL_TSI_FRAC_SECOND is a name, not a unit.
    TimeUnit unit = cx.getValidator().validateTimeFrame(qualifier).unit();
    switch (unit == null ? TimeUnit.EPOCH : unit) {
      case MILLISECOND:
        return Optional.of(1L);
      case MICROSECOND:
        return Optional.of(1_000L);
      case NANOSECOND:
        return Optional.of(1_000_000L);
      default:
        return Optional.empty();
    }
  }

  /** {@code CAST(Reinterpret((end - start) SECOND) * perMilli AS <TIMESTAMPDIFF's type>)}. */
  private static RexNode subSecondDifference(SqlRexContext cx, SqlCall diff, long perMilli) {
    RexBuilder rexBuilder = cx.getRexBuilder();
    RelDataTypeFactory types = cx.getTypeFactory();
    RexNode start = cx.convertExpression(diff.operand(1));
    RexNode end = cx.convertExpression(diff.operand(2));
    RelDataType seconds = types.createSqlIntervalType(new SqlIntervalQualifier(TimeUnit.SECOND, null, SqlParserPos.ZERO));
    RexNode interval = rexBuilder.makeCall(seconds, SqlStdOperatorTable.MINUS_DATE, List.of(end, start));
    RexNode millis = rexBuilder.makeReinterpretCast(types.createTypeWithNullability(
        types.createSqlType(SqlTypeName.BIGINT), interval.getType().isNullable()), interval, rexBuilder.makeLiteral(false));
    RexNode units = perMilli == 1 ? millis : rexBuilder.makeCall(SqlStdOperatorTable.MULTIPLY, millis,
        rexBuilder.makeBigintLiteral(BigDecimal.valueOf(perMilli)));
    return rexBuilder.makeCast(cx.getValidator().getValidatedNodeType(diff), units);
  }

  private static boolean textToDateTime(SqlRexContext cx, SqlCall cast) {
    RelDataType type = cx.getValidator().getValidatedNodeTypeIfKnown(cast);
    return cast.operand(0) instanceof SqlCharStringLiteral && type != null && SqlTypeUtil.isDatetime(type);
  }

  private static boolean approximateToExact(SqlRexContext cx, SqlCall cast) {
    RelDataType type = cx.getValidator().getValidatedNodeTypeIfKnown(cast);
    return cast.operand(0) instanceof SqlNumericLiteral number && !number.isExact() && type != null
        && SqlTypeUtil.isExactNumeric(type)
        && ExactNumberCoercion.exactType(cx.getTypeFactory(), ExactNumberCoercion.spelled(number)).isPresent();
  }

  /**
   * The cast of the exact number the literal spells, not of the double nearest to it, into which
   * Calcite would convert the literal first.
   */
  private static RexNode exactCast(SqlRexContext cx, SqlCall cast) {
    BigDecimal value = ExactNumberCoercion.spelled((SqlNumericLiteral) cast.operand(0));
    RexBuilder rexBuilder = cx.getRexBuilder();
    return rexBuilder.makeAbstractCast(cast.getParserPosition(), cx.getValidator().getValidatedNodeType(cast),
        rexBuilder.makeExactLiteral(value, ExactNumberCoercion.exactType(cx.getTypeFactory(), value).orElseThrow()),
        false);
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
