package dev.keycond.planner.compile;

import static dev.keycond.planner.exec.ExecFixture.builder;
import static dev.keycond.planner.exec.ExecFixture.row;
import static dev.keycond.planner.exec.ExecFixture.rowType;
import static dev.keycond.planner.exec.ExecFixture.rows;
import static dev.keycond.planner.exec.ExecFixture.run;
import static org.apache.calcite.sql.type.SqlTypeName.INTEGER;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import org.apache.calcite.rel.RelDistributions;
import org.apache.calcite.rel.logical.LogicalExchange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

class OperatorCompilerTest {
  private static final RelDataType ROWS = rowType("k", INTEGER, "s", VARCHAR);

  private static RelBuilder input() {
    return builder().values(ROWS, 1, "a", 2, null, 3, "c");
  }

  @Test
  void filterAndProjectStreamOverValues() {
    RelBuilder b = input();
    // NOT (s = 'a') is unknown for the NULL row, so the filter drops it along with 'a'.
    b.filter(b.not(b.equals(b.field("s"), b.literal("a"))))
        .project(b.call(SqlStdOperatorTable.MULTIPLY, b.field("k"), b.literal(10)),
            b.call(SqlStdOperatorTable.UPPER, b.field("s")));
    assertEquals(rows(row(30, "C")), run(b.build()));
  }

  @Test
  void windowFunctionsAreRefusedByName() {
    RelBuilder b = input();
    b.project(b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER).over().toRex());
    KeycondException e = assertThrows(KeycondException.class, () -> OperatorCompiler.compile(b.build()));
    assertEquals(SqlState.FEATURE_NOT_SUPPORTED, e.state());
    assertEquals("keycond does not evaluate window functions (OVER) yet", e.getMessage());
  }

  @Test
  void anUnknownRelationalOperatorIsRefused() {
    KeycondException e = assertThrows(KeycondException.class,
        () -> OperatorCompiler.compile(LogicalExchange.create(input().build(), RelDistributions.SINGLETON)));
    assertEquals(SqlState.FEATURE_NOT_SUPPORTED, e.state());
    assertEquals("keycond does not evaluate the relational operator LogicalExchange yet", e.getMessage());
  }

  @Test
  void aFailureThatIsNotAKeycondErrorStillCarriesASqlState() {
    RelBuilder b = input();
    // Comparing a number with a string is a plan the validator would never produce.
    b.filter(b.equals(b.field("k"), b.field("s")));
    KeycondException e = assertThrows(KeycondException.class, () -> run(b.build()));
    assertEquals(SqlState.INTERNAL_ERROR, e.state());
  }
}
