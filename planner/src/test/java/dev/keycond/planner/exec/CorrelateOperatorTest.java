package dev.keycond.planner.exec;

import static dev.keycond.planner.exec.ExecFixture.builder;
import static dev.keycond.planner.exec.ExecFixture.row;
import static dev.keycond.planner.exec.ExecFixture.rowType;
import static dev.keycond.planner.exec.ExecFixture.rows;
import static dev.keycond.planner.exec.ExecFixture.run;
import static org.apache.calcite.sql.type.SqlTypeName.INTEGER;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Holder;
import org.junit.jupiter.api.Test;

class CorrelateOperatorTest {
  private static final RelDataType LEFT = rowType("k", INTEGER, "name", VARCHAR);
  private static final RelDataType RIGHT = rowType("k", INTEGER, "tag", VARCHAR);

  /** For each left row, the right rows whose key equals the left row's key, read through the correlation variable. */
  private static List<List<Object>> correlate(JoinRelType type) {
    RelBuilder b = builder();
    Holder<RexCorrelVariable> left = Holder.empty();
    b.values(LEFT, 1, "a", 2, "b", null, "n")
        .variable(left::set)
        .values(RIGHT, 1, "x", 1, "y", null, "rn")
        .filter(b.equals(b.field(0), b.field(left.get(), "k")))
        .correlate(type, left.get().id, b.field(2, 0, "k"));
    return run(b.build());
  }

  @Test
  void innerReReadsTheRightSideForEachLeftRow() {
    assertEquals(rows(row(1, "a", 1, "x"), row(1, "a", 1, "y")), correlate(JoinRelType.INNER));
  }

  @Test
  void leftPadsLeftRowsWithoutRightRows() {
    assertEquals(rows(row(1, "a", 1, "x"), row(1, "a", 1, "y"), row(2, "b", null, null), row(null, "n", null, null)),
        correlate(JoinRelType.LEFT));
  }

  @Test
  void semiAndAnti() {
    assertEquals(rows(row(1, "a")), correlate(JoinRelType.SEMI));
    assertEquals(rows(row(2, "b"), row(null, "n")), correlate(JoinRelType.ANTI));
  }
}
