package dev.keycond.planner.exec;

import dev.keycond.planner.compile.OperatorCompiler;
import static dev.keycond.planner.exec.ExecFixture.builder;
import static dev.keycond.planner.exec.ExecFixture.context;
import static dev.keycond.planner.exec.ExecFixture.row;
import static dev.keycond.planner.exec.ExecFixture.rowType;
import static dev.keycond.planner.exec.ExecFixture.rows;
import static dev.keycond.planner.exec.ExecFixture.run;
import static dev.keycond.planner.exec.ExecFixture.type;
import static org.apache.calcite.sql.type.SqlTypeName.DECIMAL;
import static org.apache.calcite.sql.type.SqlTypeName.INTEGER;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.exec.ExecFixture.Counting;
import dev.keycond.planner.exec.relational.JoinOperator;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

class JoinOperatorTest {
  private static final RelDataType LEFT = rowType("k", INTEGER, "name", VARCHAR);
  private static final RelDataType RIGHT = rowType("k", INTEGER, "tag", VARCHAR);

  /** Left and right both have a NULL key, a key that matches twice and keys that match nothing. */
  private static RelBuilder inputs() {
    return builder()
        .values(LEFT, 1, "a", 2, "b", null, "n", 3, "c")
        .values(RIGHT, 1, "x", 1, "y", null, "rn", 4, "z");
  }

  private static RexNode keysEqual(RelBuilder b) {
    return b.equals(b.field(2, 0, "k"), b.field(2, 1, "k"));
  }

  private static List<List<Object>> joinOnKeys(JoinRelType type) {
    RelBuilder b = inputs();
    return run(b.join(type, keysEqual(b)).build());
  }

  private static List<List<Object>> joinOnKeysAndTag(JoinRelType type) {
    RelBuilder b = inputs();
    RexNode notX = b.notEquals(b.field(2, 1, "tag"), b.literal("x"));
    return run(b.join(type, b.and(keysEqual(b), notX)).build());
  }

  @Test
  void innerJoinSkipsNullKeys() {
    assertEquals(rows(row(1, "a", 1, "x"), row(1, "a", 1, "y")), joinOnKeys(JoinRelType.INNER));
  }

  @Test
  void leftJoinPadsUnmatchedAndNullKeyedLeftRows() {
    assertEquals(rows(row(1, "a", 1, "x"), row(1, "a", 1, "y"), row(2, "b", null, null),
        row(null, "n", null, null), row(3, "c", null, null)), joinOnKeys(JoinRelType.LEFT));
  }

  @Test
  void rightJoinAddsUnmatchedRightRowsAtTheEnd() {
    assertEquals(rows(row(1, "a", 1, "x"), row(1, "a", 1, "y"), row(null, null, null, "rn"),
        row(null, null, 4, "z")), joinOnKeys(JoinRelType.RIGHT));
  }

  @Test
  void fullJoinHasBothSidesUnmatched() {
    assertEquals(rows(row(1, "a", 1, "x"), row(1, "a", 1, "y"), row(2, "b", null, null),
        row(null, "n", null, null), row(3, "c", null, null), row(null, null, null, "rn"),
        row(null, null, 4, "z")), joinOnKeys(JoinRelType.FULL));
  }

  @Test
  void semiJoinReturnsEachMatchingLeftRowOnce() {
    assertEquals(rows(row(1, "a")), joinOnKeys(JoinRelType.SEMI));
  }

  @Test
  void antiJoinReturnsLeftRowsWithoutMatchIncludingNullKeys() {
    assertEquals(rows(row(2, "b"), row(null, "n"), row(3, "c")), joinOnKeys(JoinRelType.ANTI));
  }

  @Test
  void theRestOfTheConditionIsCheckedOnEachPair() {
    assertEquals(rows(row(1, "a", 1, "y")), joinOnKeysAndTag(JoinRelType.INNER));
    assertEquals(rows(row(1, "a", 1, "y"), row(2, "b", null, null), row(null, "n", null, null),
        row(3, "c", null, null)), joinOnKeysAndTag(JoinRelType.LEFT));
    assertEquals(rows(row(1, "a", 1, "y"), row(2, "b", null, null), row(null, "n", null, null),
        row(3, "c", null, null), row(null, null, 1, "x"), row(null, null, null, "rn"), row(null, null, 4, "z")),
        joinOnKeysAndTag(JoinRelType.FULL));
    assertEquals(rows(row(2, "b"), row(null, "n"), row(3, "c")), joinOnKeysAndTag(JoinRelType.ANTI));
  }

  @Test
  void withoutEquiKeysEveryPairIsTried() {
    RelBuilder b = inputs();
    RexNode less = b.lessThan(b.field(2, 0, "k"), b.field(2, 1, "k"));
    assertEquals(rows(row(1, "a", 4, "z"), row(2, "b", 4, "z"), row(null, "n", null, null), row(3, "c", 4, "z")),
        run(b.join(JoinRelType.LEFT, less).build()));
  }

  @Test
  void isNotDistinctFromMatchesNullKeys() {
    RelBuilder b = inputs();
    RexNode sameKey = b.call(SqlStdOperatorTable.IS_NOT_DISTINCT_FROM, b.field(2, 0, "k"), b.field(2, 1, "k"));
    assertEquals(rows(row(1, "a", 1, "x"), row(1, "a", 1, "y"), row(null, "n", null, "rn")),
        run(b.join(JoinRelType.INNER, sameKey).build()));
  }

  @Test
  void keysOfDifferentNumericTypesMatchByValue() {
    RelBuilder b = builder()
        .values(LEFT, 1, "a", 2, "b")
        .values(rowType("k", type(DECIMAL, 3, 1), "tag", VARCHAR),
            new BigDecimal("1.0"), "x", new BigDecimal("2.5"), "y");
    assertEquals(rows(row(1, "a", new BigDecimal("1.0"), "x")), run(b.join(JoinRelType.INNER, keysEqual(b)).build()));
  }

  @Test
  void anInnerJoinWithAnEmptyRightSideNeverReadsItsLeftSide() {
    RelBuilder b = builder().values(LEFT, 1, "a").values(RIGHT);
    Join join = (Join) b.join(JoinRelType.INNER, keysEqual(b)).build();
    Counting left = new Counting(OperatorCompiler.compile(join.getLeft()));
    Operator operator = JoinOperator.of(join, left, OperatorCompiler.compile(join.getRight()));
    assertEquals(List.of(), ExecFixture.rows(operator, context()));
    assertEquals(0, left.opened);
  }
}
