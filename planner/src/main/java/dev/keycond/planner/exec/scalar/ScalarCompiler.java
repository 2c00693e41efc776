package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.math.RoundingMode;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Compiles row expressions into {@link Scalar}s. Everything that does not depend on the row is
 * resolved here, once per prepared statement: operator dispatch, literal values, result types and
 * literal LIKE patterns. Evaluating a scalar is then only calls.
 *
 * <p>Every value a scalar returns is in keycond's internal representation of the expression's
 * type, and comparisons use DynamoDB's order.
 */
public final class ScalarCompiler {
  private ScalarCompiler() {}

  /**
   * Compiles an expression over rows of its input.
   *
   * @param rexBuilder the plan's builder, with which SEARCH (IN lists and ranges) is expanded into comparisons
   * @throws KeycondException 0A000 naming the first construct keycond does not evaluate
   */
  public static Scalar compile(RexNode expression, RexBuilder rexBuilder) {
    return compile(RexUtil.expandSearch(rexBuilder, null, expression));
  }

  /**
   * Compiles a value written into a column. Into a column of whole numbers (INTEGER, BIGINT), a
   * number with a fraction is refused (22018), a literal's before any request is sent: the casts
   * Calcite puts around it would truncate it, as CAST does, and a write never rounds a value
   * nobody gave. A whole number with a zero fraction (2.0) is written as the integer it is.
   *
   * @param wholeNumbers whether the column holds whole numbers
   * @param column the column's name, for the message
   */
  public static Scalar compileAssigned(RexNode expression, RexBuilder rexBuilder, boolean wholeNumbers,
      String column) {
    Scalar assigned;
    try {
      assigned = assigned(expression, rexBuilder, wholeNumbers, column);
    } catch (KeycondException e) {
      throw ofColumn(e, column);
    }
    return (row, context) -> {
      try {
        return assigned.evaluate(row, context);
      } catch (KeycondException e) {
        throw ofColumn(e, column);
      }
    };
  }

  private static Scalar assigned(RexNode expression, RexBuilder rexBuilder, boolean wholeNumbers, String column) {
    RexNode source = expression;
    while (source.getKind() == SqlKind.CAST) {
      source = ((RexCall) source).getOperands().get(0);
    }
    if (!wholeNumbers || SqlTypeUtil.isIntType(source.getType()) || source.getType().getSqlTypeName() == SqlTypeName.NULL) {
      return compile(expression, rexBuilder);
    }
    Scalar value = compile(source, rexBuilder);
    UnaryOperator<Object> conversion = SqlTypeUtil.isIntType(expression.getType())
        ? Coercion.to(expression.getType()) : UnaryOperator.identity();
    Scalar checked = (row, context) -> conversion.apply(Coercion.whole(value.evaluate(row, context), column));
    if (source instanceof RexLiteral) {
      Object constant = checked.evaluate(new Object[0], null);
      return (row, context) -> constant;
    }
    return checked;
  }

  /** A value's failure (class 22: out of range, not convertible) as the column's, unless it names it already. */
  private static KeycondException ofColumn(KeycondException e, String column) {
    return e.state().code().startsWith("22") && !e.getMessage().startsWith("Column '")
        ? new KeycondException(e.state(), "Column '" + column + "': " + e.getMessage(), e)
        : e;
  }

  static Scalar compile(RexNode node) {
    if (node instanceof RexLiteral literal) {
      Object value = SqlValues.fromLiteral(literal);
      return (row, context) -> value;
    }
    if (node instanceof RexInputRef ref) {
      int index = ref.getIndex();
      return (row, context) -> row[index];
    }
    if (node instanceof RexDynamicParam param) {
      return parameter(param, false);
    }
    if (node instanceof RexFieldAccess access && access.getReferenceExpr() instanceof RexCorrelVariable variable) {
      CorrelationId id = variable.id;
      int field = access.getField().getIndex();
      return (row, context) -> context.correlation(id)[field];
    }
    if (node instanceof RexOver) {
      throw unsupported("window functions (OVER)");
    }
    if (node instanceof RexSubQuery) {
      throw unsupported("subqueries that the planner could not turn into joins");
    }
    if (node instanceof RexCall call) {
      return call(call);
    }
    throw unsupported("the expression " + node);
  }

  /**
   * A parameter's value in the representation of its type. A number with a fraction or past the
   * range given for an integer parameter is no value of its type; a comparison takes it as it is
   * (comparisons are by value, so {@code i = ?} with 42.5 is false, as {@code i = 42.5} is), anything
   * else refuses it.
   */
  private static Scalar parameter(RexDynamicParam param, boolean compared) {
    int index = param.getIndex();
    SqlTypeName type = param.getType().getSqlTypeName();
    return (row, context) -> {
      Object value = context.parameter(index);
      if (compared && SqlValues.isNoValueOfInteger(value, type)) {
        return value;
      }
      if (SqlValues.isFractionForInteger(value, type)) {
        throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE, "Parameter " + (index + 1) + " is " + value
            + ", which has a fraction, but the parameter is " + type + " here");
      }
      return SqlValues.coerce(value, type);
    };
  }

  private static Scalar comparand(RexCall comparison, int i, List<Scalar> compiled) {
    return comparison.getOperands().get(i) instanceof RexDynamicParam param ? parameter(param, true) : compiled.get(i);
  }

  /** Compiles {@code node} so that its values come out in the representation of {@code type}. */
  static Scalar compileAs(RexNode node, RelDataType type) {
    Scalar scalar = compile(node);
    if (Coercion.sameRepresentation(node.getType(), type)) {
      return scalar;
    }
    UnaryOperator<Object> conversion = Coercion.to(type);
    return (row, context) -> conversion.apply(scalar.evaluate(row, context));
  }

  static KeycondException unsupported(String what) {
    return new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond does not evaluate " + what + " yet");
  }

  private static Scalar call(RexCall call) {
    switch (call.getKind()) {
      case CASE:
        return Conditionals.caseWhen(call);
      case COALESCE:
        return Conditionals.coalesce(call);
      case NULLIF:
        return Conditionals.nullIf(call);
      default:
        break;
    }
    List<Scalar> operands = call.getOperands().stream().map(ScalarCompiler::compile).toList();
    switch (call.getKind()) {
      case AND:
        return Logic.and(operands);
      case OR:
        return Logic.or(operands);
      case NOT:
        return Logic.not(operands.get(0));
      case IS_NULL:
        return Logic.is(operands.get(0), null, false);
      case IS_NOT_NULL:
        return Logic.is(operands.get(0), null, true);
      case IS_TRUE:
        return Logic.is(operands.get(0), true, false);
      case IS_NOT_TRUE:
        return Logic.is(operands.get(0), true, true);
      case IS_FALSE:
        return Logic.is(operands.get(0), false, false);
      case IS_NOT_FALSE:
        return Logic.is(operands.get(0), false, true);
      case EQUALS:
      case NOT_EQUALS:
      case LESS_THAN:
      case LESS_THAN_OR_EQUAL:
      case GREATER_THAN:
      case GREATER_THAN_OR_EQUAL:
        return Comparisons.compare(call.getKind(), comparand(call, 0, operands), comparand(call, 1, operands));
      case IS_DISTINCT_FROM:
        return Comparisons.distinct(comparand(call, 0, operands), comparand(call, 1, operands), true);
      case IS_NOT_DISTINCT_FROM:
        return Comparisons.distinct(comparand(call, 0, operands), comparand(call, 1, operands), false);
      case CAST:
        return cast(call, operands.get(0));
      case PLUS:
      case MINUS:
        if (SqlTypeUtil.isDatetime(call.getType())) {
          return DateTimeFunctions.shift(call, operands, call.getKind() == SqlKind.PLUS ? 1 : -1);
        }
        if (SqlTypeUtil.isDatetime(call.getOperands().get(0).getType())) {
          return DateTimeFunctions.between(call, operands.get(1), operands.get(0));
        }
        return NumericFunctions.binary(call, operands.get(0), operands.get(1));
      case TIMES:
      case DIVIDE:
      case MOD:
        return NumericFunctions.binary(call, operands.get(0), operands.get(1));
      case MINUS_PREFIX:
        return NumericFunctions.negate(call, operands.get(0));
      case PLUS_PREFIX:
        return operands.get(0);
      case REINTERPRET:
        // An interval's value already is its count of months or milliseconds (TIMESTAMPDIFF reads it so).
        return Strict.of(operands.get(0), Coercion.to(call.getType()));
      case FLOOR:
      case CEIL:
        if (operands.size() > 1) {
          throw unsupported(call.getKind() + " of a date or time to a unit");
        }
        return NumericFunctions.round(call, operands,
            call.getKind() == SqlKind.FLOOR ? RoundingMode.FLOOR : RoundingMode.CEILING);
      case LIKE:
        return Like.compile(call, operands);
      case TRIM:
        return StringFunctions.trim(symbol(call, 0, SqlTrimFunction.Flag.class), operands.get(1), operands.get(2));
      case POSITION:
        return StringFunctions.position(operands);
      case CHAR_LENGTH:
        return StringFunctions.charLength(operands.get(0));
      case EXTRACT:
        return DateTimeFunctions.extract(call, symbol(call, 0, TimeUnitRange.class), operands.get(1));
      case ITEM:
        return ItemAccess.item(operands.get(0), operands.get(1));
      default:
        return function(call, operands);
    }
  }

  /** Functions without a kind of their own, known by name. */
  private static Scalar function(RexCall call, List<Scalar> operands) {
    String name = call.getOperator().getName();
    switch (name) {
      case "||":
        return StringFunctions.concat(operands.get(0), operands.get(1));
      case "CARDINALITY":
        return ItemAccess.cardinality(operands.get(0));
      case "UPPER":
        return StringFunctions.upper(operands.get(0));
      case "LOWER":
        return StringFunctions.lower(operands.get(0));
      case "SUBSTRING":
        return StringFunctions.substring(operands);
      case "REPLACE":
        return StringFunctions.replace(operands);
      case "ABS":
        return NumericFunctions.abs(call, operands.get(0));
      case "ROUND":
        return NumericFunctions.round(call, operands, RoundingMode.HALF_UP);
      case "TRUNCATE":
        return NumericFunctions.round(call, operands, RoundingMode.DOWN);
      case "POWER":
        return NumericFunctions.ofTwoDoubles(operands.get(0), operands.get(1), Math::pow);
      case "ATAN2":
        return NumericFunctions.ofTwoDoubles(operands.get(0), operands.get(1), Math::atan2);
      case "SIGN":
        return NumericFunctions.sign(call, operands.get(0));
      case "PI":
        return (row, context) -> Math.PI;
      case "ASCII":
        return StringFunctions.ascii(operands.get(0));
      case "LEFT":
        return StringFunctions.left(operands.get(0), operands.get(1));
      case "RIGHT":
        return StringFunctions.right(operands.get(0), operands.get(1));
      case "OVERLAY":
        return StringFunctions.overlay(operands);
      case "OCTET_LENGTH":
        return StringFunctions.octetLength(operands.get(0));
      case "DAYNAME":
        return DateTimeFunctions.name(call, operands.get(0), ChronoField.DAY_OF_WEEK);
      case "MONTHNAME":
        return DateTimeFunctions.name(call, operands.get(0), ChronoField.MONTH_OF_YEAR);
      case "JSON_VALUE":
        return JsonFunctions.value(call, operands);
      case "JSON_QUERY":
        return JsonFunctions.query(call, operands);
      case "JSON_EXISTS":
        return JsonFunctions.exists(operands);
      case "DYNAMODB_TYPE":
        return DynamoDbTypes.compile(operands);
      case "PATH_DEPTH":
      case "PARENT_PATH":
      case "PATH_SEGMENT":
      case "PATH_NAME":
        return PathFunctionCalls.compile(call, operands);
      case "CURRENT_TIMESTAMP":
      case "CURRENT_DATE":
      case "CURRENT_TIME":
      case "LOCALTIMESTAMP":
      case "LOCALTIME":
        return DateTimeFunctions.now(call);
      default:
        return NumericFunctions.ofOneDouble(name, operands).orElseThrow(() -> unsupported(
            (call.getOperator() instanceof SqlFunction ? "the function " : "the operator ") + name + columnHint(call)));
    }
  }

  /**
   * SQL reads a bare {@code user} or {@code current_role} as a function without parentheses, so a
   * column of that name is never looked up unless it is quoted; say so.
   */
  private static String columnHint(RexCall call) {
    if (call.getOperator().getSyntax() != SqlSyntax.FUNCTION_ID) {
      return "";
    }
    String word = call.getOperator().getName().toLowerCase(Locale.ROOT);
    return " (written without parentheses, " + word + " is this SQL function; a column named " + word
        + " must be quoted: \"" + word + "\")";
  }

  private static Scalar cast(RexCall call, Scalar operand) {
    RelDataType from = call.getOperands().get(0).getType();
    RelDataType to = call.getType();
    if (SqlTypeUtil.equalSansNullability(from, to)) {
      return operand;
    }
    boolean convertible = from.getSqlTypeName() == SqlTypeName.NULL
        || (Coercion.converts(from) && Coercion.converts(to))
        || (SqlTypeUtil.isInterval(from) && SqlTypeUtil.isInterval(to)
            && from.getSqlTypeName().getFamily() == to.getSqlTypeName().getFamily());
    if (!convertible) {
      throw unsupported("CAST from " + from + " to " + to);
    }
    UnaryOperator<Object> conversion = Coercion.cast(to);
    if (call.getOperands().get(0) instanceof RexLiteral literal) {
      // A literal that does not convert ('abc' compared with a number) is known to be wrong now:
      // it fails the statement before any request is sent, not while the first row is read.
      Object value = conversion.apply(SqlValues.fromLiteral(literal));
      return (row, context) -> value;
    }
    return Strict.of(operand, conversion);
  }

  private static <T> T symbol(RexCall call, int operand, Class<T> type) {
    return ((RexLiteral) call.getOperands().get(operand)).getValueAs(type);
  }
}
