package dev.keycond.planner.exec;

import static dev.keycond.planner.exec.ExecFixture.REX;
import static dev.keycond.planner.exec.ExecFixture.TYPES;
import static dev.keycond.planner.exec.ExecFixture.context;
import static dev.keycond.planner.exec.ExecFixture.evaluate;
import static dev.keycond.planner.exec.ExecFixture.row;
import static dev.keycond.planner.exec.ExecFixture.stateOf;
import static dev.keycond.planner.exec.ExecFixture.type;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.ABS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.AND;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CASE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CEIL;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CHAR_LENGTH;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.COALESCE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CONCAT;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CURRENT_TIMESTAMP;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.DATETIME_PLUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.DIVIDE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.EQUALS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.EXTRACT;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.FLOOR;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.GREATER_THAN;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_DISTINCT_FROM;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_NOT_DISTINCT_FROM;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_NOT_FALSE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_NULL;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_TRUE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.ITEM;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.LESS_THAN;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.LIKE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MINUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MOD;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MULTIPLY;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.NOT;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.NULLIF;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.OR;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.PLUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.RAND_INTEGER;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.POSITION;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.POWER;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.REPLACE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.ROUND;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.SUBSTRING;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.TRIM;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.UNARY_MINUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.UPPER;
import static org.apache.calcite.sql.type.SqlTypeName.BIGINT;
import static org.apache.calcite.sql.type.SqlTypeName.BOOLEAN;
import static org.apache.calcite.sql.type.SqlTypeName.CHAR;
import static org.apache.calcite.sql.type.SqlTypeName.DATE;
import static org.apache.calcite.sql.type.SqlTypeName.DECIMAL;
import static org.apache.calcite.sql.type.SqlTypeName.DOUBLE;
import static org.apache.calcite.sql.type.SqlTypeName.INTEGER;
import static org.apache.calcite.sql.type.SqlTypeName.TIMESTAMP;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

class ScalarCompilerTest {
  /** U+10000, the first character above the Basic Multilingual Plane: a surrogate pair in Java. */
  private static final String LINEAR_B = "\uD800\uDC00";
  private static final String REPLACEMENT = "\uFFFD";

  private static RexNode call(SqlOperator operator, RexNode... operands) {
    return REX.makeCall(operator, operands);
  }

  private static RexNode ref(int index, SqlTypeName type) {
    return REX.makeInputRef(type(type), index);
  }

  private static RexNode ref(int index, RelDataType type) {
    return REX.makeInputRef(type, index);
  }

  private static RexNode number(String value) {
    return REX.makeExactLiteral(new BigDecimal(value));
  }

  private static RexNode text(String value) {
    return REX.makeLiteral(value);
  }

  private static Scalar compile(RexNode expression) {
    return ScalarCompiler.compile(expression, REX);
  }

  private static BigDecimal decimal(String value) {
    return new BigDecimal(value);
  }

  @Test
  void andOrNotAndIsFollowThreeValuedLogic() {
    RexNode a = ref(0, BOOLEAN);
    RexNode b = ref(1, BOOLEAN);
    assertNull(evaluate(call(AND, a, b), row(true, null)));
    assertEquals(false, evaluate(call(AND, a, b), row(null, false)));
    assertEquals(true, evaluate(call(AND, a, b), row(true, true)));
    assertEquals(true, evaluate(call(OR, a, b), row(null, true)));
    assertNull(evaluate(call(OR, a, b), row(false, null)));
    assertEquals(false, evaluate(call(OR, a, b), row(false, false)));
    assertNull(evaluate(call(NOT, a), row((Object) null)));
    assertEquals(false, evaluate(call(IS_TRUE, a), row((Object) null)));
    assertEquals(true, evaluate(call(IS_NOT_FALSE, a), row((Object) null)));
    assertEquals(true, evaluate(call(IS_NULL, a), row((Object) null)));
  }

  @Test
  void comparisonWithNullIsUnknownButDistinctFromIsNot() {
    RexNode x = ref(0, INTEGER);
    RexNode y = ref(1, INTEGER);
    assertNull(evaluate(call(EQUALS, x, y), row(1, null)));
    assertEquals(true, evaluate(call(IS_DISTINCT_FROM, x, y), row(1, null)));
    assertEquals(false, evaluate(call(IS_DISTINCT_FROM, x, y), row(null, null)));
    assertEquals(true, evaluate(call(IS_NOT_DISTINCT_FROM, x, y), row(null, null)));
    assertEquals(false, evaluate(call(IS_NOT_DISTINCT_FROM, x, y), row(1, 2)));
  }

  @Test
  void numbersCompareByValueWhateverTheirType() {
    assertEquals(true, evaluate(call(EQUALS, ref(0, INTEGER), ref(1, DECIMAL)), row(1, decimal("1.00"))));
    assertEquals(true, evaluate(call(LESS_THAN, ref(0, BIGINT), ref(1, DOUBLE)), row(2L, 2.5)));
  }

  @Test
  void stringsCompareInUtf8OrderNotJavaOrder() {
    assertTrue(LINEAR_B.compareTo(REPLACEMENT) < 0, "Java's UTF-16 order puts U+10000 first");
    RexNode greater = call(GREATER_THAN, ref(0, VARCHAR), ref(1, VARCHAR));
    assertEquals(true, evaluate(greater, row(LINEAR_B, REPLACEMENT)));
    assertEquals(false, evaluate(greater, row(REPLACEMENT, LINEAR_B)));
  }

  @Test
  void searchCoversInListsAndRanges() {
    RexNode in = REX.makeIn(ref(0, INTEGER), List.of(number("1"), number("5"), number("9")));
    assertEquals(SqlKind.SEARCH, in.getKind());
    assertEquals(true, evaluate(in, row(5)));
    assertEquals(false, evaluate(in, row(4)));
    assertNull(evaluate(in, row((Object) null)));
    RexNode between = REX.makeBetween(ref(0, INTEGER), number("2"), number("4"));
    assertEquals(SqlKind.SEARCH, between.getKind());
    assertEquals(true, evaluate(between, row(4)));
    assertEquals(false, evaluate(between, row(5)));
  }

  @Test
  void integerArithmeticIsExactAndDividesAsCalciteDoes() {
    RexNode x = ref(0, INTEGER);
    RexNode y = ref(1, INTEGER);
    assertEquals(3, evaluate(call(DIVIDE, x, y), row(7, 2)));
    assertEquals(-3, evaluate(call(DIVIDE, x, y), row(-7, 2)));
    assertEquals(-1, evaluate(call(MOD, x, y), row(-7, 2)));
    assertEquals(9, evaluate(call(PLUS, x, y), row(7, 2)));
    assertEquals(3_000_000_000L, evaluate(call(MULTIPLY, ref(0, BIGINT), ref(1, INTEGER)), row(1_500_000_000L, 2)));
  }

  @Test
  void integerOverflowIsOutOfRange() {
    RexNode x = ref(0, INTEGER);
    RexNode y = ref(1, INTEGER);
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, stateOf(() -> evaluate(call(PLUS, x, y), row(Integer.MAX_VALUE, 1))));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, stateOf(() -> evaluate(call(UNARY_MINUS, x), row(Integer.MIN_VALUE))));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, stateOf(() -> evaluate(call(ABS, x), row(Integer.MIN_VALUE))));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE,
        stateOf(() -> evaluate(call(MULTIPLY, ref(0, BIGINT), ref(1, BIGINT)), row(Long.MAX_VALUE, 2L))));
    assertEquals("22003", SqlState.NUMERIC_OUT_OF_RANGE.code());
  }

  @Test
  void divisionByZeroIsAnError() {
    assertEquals(SqlState.DIVISION_BY_ZERO,
        stateOf(() -> evaluate(call(DIVIDE, ref(0, INTEGER), ref(1, INTEGER)), row(1, 0))));
    assertEquals(SqlState.DIVISION_BY_ZERO,
        stateOf(() -> evaluate(call(MOD, ref(0, INTEGER), ref(1, INTEGER)), row(1, 0))));
    assertEquals(SqlState.DIVISION_BY_ZERO,
        stateOf(() -> evaluate(call(DIVIDE, ref(0, DECIMAL), ref(1, DECIMAL)), row(decimal("1.5"), decimal("0.00")))));
    assertEquals(SqlState.DIVISION_BY_ZERO,
        stateOf(() -> evaluate(call(DIVIDE, ref(0, DOUBLE), ref(1, DOUBLE)), row(1.0, 0.0))));
  }

  @Test
  void decimalAndApproximateArithmetic() {
    RexNode sum = call(PLUS, ref(0, INTEGER), ref(1, type(DECIMAL, 5, 2)));
    assertEquals(decimal("3.50"), evaluate(sum, row(1, decimal("2.50"))));
    // A quotient keeps the 38 significant digits of a DynamoDB number, not its type's scale, however
    // small it is; an exact one keeps the scale of its operands.
    RexNode quotient = call(DIVIDE, ref(0, type(DECIMAL, 38, 10)), ref(1, INTEGER));
    assertEquals(decimal("0." + "3".repeat(38)), evaluate(quotient, row(decimal("1.00"), 3)));
    assertEquals(decimal("3." + "3".repeat(37) + "E-22"), evaluate(quotient, row(decimal("1E-21"), 3)));
    assertEquals(decimal("0." + "6".repeat(37) + "7"), evaluate(quotient, row(decimal("2"), 3)));
    assertEquals(decimal("2.50"), evaluate(quotient, row(decimal("7.50"), 3)));
    assertEquals(0.25, evaluate(call(DIVIDE, ref(0, DOUBLE), ref(1, DOUBLE)), row(1.0, 4.0)));
    assertEquals(1024.0, evaluate(call(POWER, ref(0, INTEGER), ref(1, INTEGER)), row(2, 10)));
  }

  @Test
  void roundingFunctions() {
    RexNode amount = ref(0, type(DECIMAL, 6, 3));
    assertEquals(decimal("2.35"), evaluate(call(ROUND, amount, number("2")), row(decimal("2.345"))));
    assertEquals(decimal("-2"), evaluate(call(FLOOR, amount), row(decimal("-1.500"))));
    assertEquals(decimal("2"), evaluate(call(CEIL, amount), row(decimal("1.200"))));
    assertEquals(-2.0, evaluate(call(FLOOR, ref(0, DOUBLE)), row(-1.5)));
    assertEquals(3, evaluate(call(ABS, ref(0, INTEGER)), row(-3)));
  }

  @Test
  void castTruncatesIntegersAndRoundsDecimals() {
    RexNode fraction = ref(0, type(DECIMAL, 3, 1));
    assertEquals(2, evaluate(REX.makeCast(type(INTEGER), fraction), row(decimal("2.7"))));
    assertEquals(-2, evaluate(REX.makeCast(type(INTEGER), fraction), row(decimal("-2.7"))));
    assertEquals(2L, evaluate(REX.makeCast(type(BIGINT), ref(0, DOUBLE)), row(2.9)));
    assertEquals(decimal("1.01"), evaluate(REX.makeCast(type(DECIMAL, 5, 2), ref(0, type(DECIMAL, 6, 3))),
        row(decimal("1.005"))));
    assertEquals(decimal("1.00"), evaluate(REX.makeCast(type(DECIMAL, 5, 2), ref(0, INTEGER)), row(1)));
    assertEquals(12, evaluate(REX.makeCast(type(INTEGER), ref(0, VARCHAR)), row(" 12 ")));
  }

  @Test
  void castRejectsValuesThatDoNotFit() {
    assertEquals(SqlState.INVALID_CHARACTER_VALUE,
        stateOf(() -> evaluate(REX.makeCast(type(INTEGER), ref(0, VARCHAR)), row("twelve"))));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE,
        stateOf(() -> evaluate(REX.makeCast(type(INTEGER), ref(0, BIGINT)), row(3_000_000_000L))));
    RexNode narrowDecimal = REX.makeCast(type(DECIMAL, 4, 2), ref(0, type(DECIMAL, 6, 2)));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, stateOf(() -> evaluate(narrowDecimal, row(decimal("123.45")))));
  }

  @Test
  void castOfALiteralThatDoesNotConvertFailsWhenItIsCompiled() {
    assertEquals(SqlState.INVALID_CHARACTER_VALUE,
        stateOf(() -> compile(REX.makeAbstractCast(type(BIGINT), text("abc"), false))));
    assertEquals(SqlState.INVALID_DATETIME,
        stateOf(() -> compile(REX.makeAbstractCast(type(DATE), text("2026-13-01"), false))));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE,
        stateOf(() -> compile(REX.makeAbstractCast(type(INTEGER), number("3000000000"), false))));
    assertEquals(12L, evaluate(REX.makeAbstractCast(type(BIGINT), text("12"), false), row()));
    assertNull(evaluate(REX.makeCast(type(BIGINT), REX.makeNullLiteral(type(VARCHAR))), row()));
  }

  @Test
  void castBetweenTextAndDatetimes() {
    RelDataType char3 = TYPES.createSqlType(CHAR, 3);
    assertEquals("x  ", evaluate(REX.makeCast(char3, ref(0, VARCHAR)), row("x")));
    assertEquals("2026-01-02 03:04:05",
        evaluate(REX.makeCast(type(VARCHAR), ref(0, TIMESTAMP)), row(LocalDateTime.of(2026, 1, 2, 3, 4, 5))));
    assertEquals(LocalDate.of(2026, 1, 2), evaluate(REX.makeCast(type(DATE), ref(0, VARCHAR)), row("2026-01-02")));
    assertEquals(LocalDateTime.of(2026, 1, 2, 3, 4, 5),
        evaluate(REX.makeCast(TYPES.createSqlType(TIMESTAMP, 0), ref(0, TYPES.createSqlType(TIMESTAMP, 3))),
            row(LocalDateTime.of(2026, 1, 2, 3, 4, 5, 123_000_000))));
  }

  @Test
  void caseCoalesceAndNullIfReturnValuesOfTheirOwnType() {
    RexNode positive = call(GREATER_THAN, ref(0, INTEGER), number("0"));
    RexNode choice = call(CASE, positive, number("1"), number("2.5"));
    assertEquals(DECIMAL, choice.getType().getSqlTypeName());
    assertEquals(BigDecimal.ONE, evaluate(choice, row(5)));
    assertEquals(decimal("2.5"), evaluate(choice, row((Object) null)));
    assertEquals(7, evaluate(call(COALESCE, ref(0, INTEGER), ref(1, INTEGER)), row(null, 7)));
    assertNull(evaluate(call(NULLIF, ref(0, INTEGER), number("0")), row(0)));
    assertEquals(3, evaluate(call(NULLIF, ref(0, INTEGER), number("0")), row(3)));
  }

  @Test
  void likeHonoursEscapeAndWildcards() {
    RexNode value = ref(0, VARCHAR);
    RexNode escaped = call(LIKE, value, text("a!%%"), text("!"));
    assertEquals(true, evaluate(escaped, row("a%bc")));
    assertEquals(false, evaluate(escaped, row("abc")));
    assertNull(evaluate(escaped, row((Object) null)));
    assertEquals(true, evaluate(call(LIKE, value, text("x_y")), row("x" + LINEAR_B + "y")));
    assertEquals(false, evaluate(call(LIKE, value, text("a.c")), row("abc")));
    assertEquals(true, evaluate(call(LIKE, value, text("a.c")), row("a.c")));
    assertEquals(true, evaluate(call(LIKE, value, text("%line%")), row("first\nline\nlast")));
    assertEquals(false, evaluate(call(NOT, call(LIKE, value, text("a%"))), row("abc")));
    assertEquals(true, evaluate(call(LIKE, value, ref(1, VARCHAR)), row("abc", "a_c")));
  }

  @Test
  void likeRejectsAMalformedEscapeWhenItIsCompiled() {
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE,
        stateOf(() -> compile(call(LIKE, ref(0, VARCHAR), text("a!b"), text("!")))));
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE,
        stateOf(() -> compile(call(LIKE, ref(0, VARCHAR), text("a%!"), text("!")))));
    assertEquals(SqlState.INVALID_ESCAPE_CHARACTER,
        stateOf(() -> compile(call(LIKE, ref(0, VARCHAR), text("a%"), text("!!")))));
    // The pattern of a column is only known row by row.
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE,
        stateOf(() -> evaluate(call(LIKE, ref(0, VARCHAR), ref(1, VARCHAR), text("!")), row("ab", "a!"))));
  }

  @Test
  void stringFunctionsCountCharactersNotUtf16Units() {
    RexNode s = ref(0, VARCHAR);
    assertEquals(3, evaluate(call(CHAR_LENGTH, s), row("a" + LINEAR_B + "b")));
    assertEquals(LINEAR_B + "l", evaluate(call(SUBSTRING, s, number("2"), number("2")), row("h" + LINEAR_B + "llo")));
    assertEquals("he", evaluate(call(SUBSTRING, s, number("0"), number("3")), row("hello")));
    assertEquals("llo", evaluate(call(SUBSTRING, s, number("3")), row("hello")));
    assertEquals("", evaluate(call(SUBSTRING, s, number("9")), row("hello")));
    assertEquals(SqlState.DATA_EXCEPTION,
        stateOf(() -> evaluate(call(SUBSTRING, s, number("1"), number("-1")), row("hello"))));
    assertEquals(3, evaluate(call(POSITION, text("l"), s), row(LINEAR_B + "el")));
    assertEquals(0, evaluate(call(POSITION, text("z"), s), row("hello")));
  }

  @Test
  void otherStringFunctions() {
    RexNode s = ref(0, VARCHAR);
    assertEquals("axx", evaluate(call(TRIM, REX.makeFlag(SqlTrimFunction.Flag.LEADING), text("x"), s), row("xxaxx")));
    assertEquals("a", evaluate(call(TRIM, REX.makeFlag(SqlTrimFunction.Flag.BOTH), text(" "), s), row("  a ")));
    assertEquals("ABC", evaluate(call(UPPER, s), row("abc")));
    assertEquals("a-b-", evaluate(call(REPLACE, s, text("X"), text("-")), row("aXbX")));
    assertEquals("ab", evaluate(call(REPLACE, s, text(""), text("-")), row("ab")));
    assertEquals("ab", evaluate(call(CONCAT, s, ref(1, VARCHAR)), row("a", "b")));
    assertNull(evaluate(call(CONCAT, s, ref(1, VARCHAR)), row("a", null)));
  }

  @Test
  void extractAndIntervalArithmetic() {
    RexNode ts = ref(0, TIMESTAMP);
    LocalDateTime sunday = LocalDateTime.of(2026, 1, 4, 10, 30, 15);
    assertEquals(2026L, evaluate(call(EXTRACT, REX.makeFlag(TimeUnitRange.YEAR), ts), row(sunday)));
    assertEquals(30L, evaluate(call(EXTRACT, REX.makeFlag(TimeUnitRange.MINUTE), ts), row(sunday)));
    assertEquals(1L, evaluate(call(EXTRACT, REX.makeFlag(TimeUnitRange.DOW), ts), row(sunday)));
    assertEquals(4L, evaluate(call(EXTRACT, REX.makeFlag(TimeUnitRange.DAY), ref(0, DATE)), row(sunday.toLocalDate())));
    RexNode oneMonth = REX.makeIntervalLiteral(BigDecimal.ONE,
        new SqlIntervalQualifier(TimeUnit.MONTH, null, SqlParserPos.ZERO));
    assertEquals(LocalDate.of(2026, 2, 28),
        evaluate(call(DATETIME_PLUS, ref(0, DATE), oneMonth), row(LocalDate.of(2026, 1, 31))));
    RexNode ninetyMinutes = REX.makeIntervalLiteral(BigDecimal.valueOf(90 * 60_000),
        new SqlIntervalQualifier(TimeUnit.MINUTE, null, SqlParserPos.ZERO));
    assertEquals(LocalDateTime.of(2026, 1, 4, 9, 0, 15), evaluate(call(MINUS, ts, ninetyMinutes), row(sunday)));
  }

  @Test
  void currentTimestampIsOneValuePerExecution() {
    Scalar now = ScalarCompiler.compile(call(CURRENT_TIMESTAMP), REX);
    ExecutionContext execution = context();
    Object first = now.evaluate(row(), execution);
    assertEquals(LocalDateTime.ofInstant(execution.startTime(), ZoneOffset.UTC).withNano(0), first);
    assertEquals(first, now.evaluate(row(), execution));
  }

  @Test
  void itemReadsArrays() {
    RexNode array = ref(0, TYPES.createArrayType(type(INTEGER), -1));
    assertEquals(20, evaluate(call(ITEM, array, number("2")), row(List.of(10, 20, 30))));
    assertNull(evaluate(call(ITEM, array, number("4")), row(List.of(10, 20, 30))));
  }

  @Test
  void parametersAreConvertedToTheirType() {
    RexNode plusOne = call(PLUS, REX.makeDynamicParam(type(INTEGER), 0), number("1"));
    assertEquals(42, evaluate(plusOne, row(), "41"));
    assertEquals(SqlState.PARAMETER_NOT_SET, stateOf(() -> evaluate(plusOne, row())));
  }

  @Test
  void anUnsupportedFunctionIsRefusedWhenCompiled() {
    KeycondException e = assertThrows(KeycondException.class,
        () -> ScalarCompiler.compile(call(RAND_INTEGER, ref(0, INTEGER)), REX));
    assertEquals(SqlState.FEATURE_NOT_SUPPORTED, e.state());
    assertEquals("keycond does not evaluate the function RAND_INTEGER yet", e.getMessage());
  }
}
