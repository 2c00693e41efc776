package dev.keycond.planner.exec;

import dev.keycond.planner.compile.OperatorCompiler;
import static dev.keycond.planner.exec.ExecFixture.builder;
import static dev.keycond.planner.exec.ExecFixture.row;
import static dev.keycond.planner.exec.ExecFixture.rowType;
import static dev.keycond.planner.exec.ExecFixture.rows;
import static dev.keycond.planner.exec.ExecFixture.run;
import static dev.keycond.planner.exec.ExecFixture.stateOf;
import static dev.keycond.planner.exec.ExecFixture.strings;
import static dev.keycond.planner.exec.ExecFixture.type;
import static org.apache.calcite.sql.type.SqlTypeName.BIGINT;
import static org.apache.calcite.sql.type.SqlTypeName.DECIMAL;
import static org.apache.calcite.sql.type.SqlTypeName.DOUBLE;
import static org.apache.calcite.sql.type.SqlTypeName.INTEGER;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.error.SqlState;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.Test;

class AggregateOperatorTest {
  private static final RelDataType ITEMS = rowType("g", VARCHAR, "x", INTEGER, "d", type(DECIMAL, 5, 2));

  private static BigDecimal decimal(String value) {
    return new BigDecimal(value);
  }

  private static RelBuilder items() {
    return builder().values(ITEMS,
        "a", 1, decimal("1.50"),
        "a", 2, null,
        null, 3, decimal("2.25"),
        "a", 2, decimal("1.00"),
        null, null, decimal("1.00"),
        "b", 4, decimal("3.00"));
  }

  @Test
  void groupByPutsNullsInOneGroupAndKeepsFirstSeenOrder() {
    RelBuilder b = items();
    b.aggregate(b.groupKey("g"),
        b.countStar("rows"),
        b.count(false, "xs", b.field("x")),
        b.sum(b.field("x")),
        b.avg(b.field("x")),
        b.count(true, "distinct_xs", b.field("x")),
        b.min(b.field("d")),
        b.max(b.field("d")));
    assertEquals(rows(
        row("a", 3L, 3L, 5, 1, 2L, decimal("1.00"), decimal("1.50")),
        row(null, 2L, 1L, 3, 3, 1L, decimal("1.00"), decimal("2.25")),
        row("b", 1L, 1L, 4, 4, 1L, decimal("3.00"), decimal("3.00"))),
        run(b.build()));
  }

  @Test
  void resultsHaveTheTypesCalciteDerives() {
    RelBuilder b = items();
    b.aggregate(b.groupKey(), b.sum(b.field("x")), b.avg(b.field("x")), b.avg(b.field("d")));
    // SUM and AVG of INTEGER are INTEGER (12 / 5 truncates); AVG of DECIMAL is exact when it can be.
    assertEquals(rows(row(12, 2, decimal("1.75"))), run(b.build()));
    b = builder().values(rowType("v", DOUBLE, "n", BIGINT), 1.0, 1L, 2.0, 2L);
    b.aggregate(b.groupKey(), b.avg(b.field("v")), b.sum(b.field("n")));
    assertEquals(rows(row(1.5, 3L)), run(b.build()));
  }

  @Test
  void withoutGroupByThereIsOneRowEvenOverNoRows() {
    RelBuilder b = builder().values(ITEMS);
    b.aggregate(b.groupKey(), b.countStar("rows"), b.sum(b.field("x")), b.max(b.field("g")));
    assertEquals(rows(row(0L, null, null)), run(b.build()));
    b = builder().values(ITEMS);
    b.aggregate(b.groupKey("g"), b.countStar("rows"));
    assertEquals(List.of(), run(b.build()));
  }

  @Test
  void filterRestrictsTheRowsOfOneCall() {
    RelBuilder b = items();
    b.aggregate(b.groupKey(),
        b.countStar("rows"),
        b.countStar("big").filter(b.greaterThan(b.field("x"), b.literal(1))),
        b.sum(b.field("x")).filter(b.equals(b.field("g"), b.literal("a"))));
    assertEquals(rows(row(6L, 4L, 5)), run(b.build()));
  }

  @Test
  void numericallyEqualValuesAreOneGroupAndOneDistinctValue() {
    RelBuilder b = builder().values(rowType("d", type(DECIMAL, 5, 2)), decimal("1.5"), decimal("1.50"), decimal("2"));
    b.aggregate(b.groupKey("d"), b.countStar("rows"));
    assertEquals(rows(row(decimal("1.5"), 2L), row(decimal("2"), 1L)), run(b.build()));
    b = builder().values(rowType("d", type(DECIMAL, 5, 2)), decimal("1.5"), decimal("1.50"), decimal("2"));
    b.aggregate(b.groupKey(), b.count(true, "distinct_ds", b.field("d")));
    assertEquals(rows(row(2L)), run(b.build()));
  }

  @Test
  void valuesWithMoreDigitsThanTheirTypeDeclaresComeBackUnchanged() {
    // DynamoDB numbers need not fit the declared DECIMAL(5,2); MAX(d) must be what d is.
    RelBuilder b = builder().values(rowType("d", type(DECIMAL, 5, 2)), decimal("1.234"), decimal("0.5"));
    b.aggregate(b.groupKey(), b.max(b.field("d")), b.sum(b.field("d")));
    assertEquals(rows(row(decimal("1.234"), decimal("1.734"))), run(b.build()));
  }

  @Test
  void maxOfStringsFollowsUtf8Order() {
    RelBuilder b = strings(builder(), "\uD800\uDC00", "\uFFFD");
    b.aggregate(b.groupKey(), b.max(b.field("s")), b.min(b.field("s")));
    assertEquals(rows(row("\uD800\uDC00", "\uFFFD")), run(b.build()));
  }

  @Test
  void aSumThatOverflowsItsTypeIsOutOfRange() {
    RelBuilder b = builder().values(rowType("x", INTEGER), Integer.MAX_VALUE, 1);
    b.aggregate(b.groupKey(), b.sum(b.field("x")));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, stateOf(() -> run(b.build())));
  }

  @Test
  void aScalarSubqueryWithTwoRowsIsACardinalityViolation() {
    RelBuilder b = builder().values(rowType("x", INTEGER), 1, 2);
    b.aggregate(b.groupKey(), b.aggregateCall(SqlStdOperatorTable.SINGLE_VALUE, b.field("x")));
    assertEquals(SqlState.CARDINALITY_VIOLATION, stateOf(() -> run(b.build())));
  }

  @Test
  void groupingSetsAreRefused() {
    RelBuilder b = items();
    b.aggregate(b.groupKey(ImmutableBitSet.of(0), List.of(ImmutableBitSet.of(0), ImmutableBitSet.of())),
        b.countStar("rows"));
    assertEquals(SqlState.FEATURE_NOT_SUPPORTED, stateOf(() -> OperatorCompiler.compile(b.build())));
  }
}
