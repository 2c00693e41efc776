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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.exec.ExecFixture.Counting;
import dev.keycond.planner.exec.relational.UnionOperator;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

class SetOperatorTest {
  private static final RelDataType NUMBERS = rowType("v", INTEGER);

  /** First input 1, 1, 2, NULL, NULL; second input 1, NULL, 3. */
  private static RelBuilder inputs() {
    return builder().values(NUMBERS, 1, 1, 2, null, null).values(NUMBERS, 1, null, 3);
  }

  @Test
  void unionAllKeepsEveryRowInInputOrder() {
    assertEquals(rows(row(1), row(1), row(2), row((Object) null), row((Object) null), row(1), row((Object) null),
        row(3)), run(inputs().union(true).build()));
  }

  @Test
  void unionReturnsEachRowOnceAndNullEqualsNull() {
    assertEquals(rows(row(1), row(2), row((Object) null), row(3)), run(inputs().union(false).build()));
  }

  @Test
  void intersect() {
    assertEquals(rows(row(1), row((Object) null)), run(inputs().intersect(false).build()));
    assertEquals(rows(row(1), row((Object) null)), run(inputs().intersect(true).build()));
    RelBuilder twice = builder().values(NUMBERS, 1, 1, 1, 2).values(NUMBERS, 1, 1, 2, 2);
    assertEquals(rows(row(1), row(1), row(2)), run(twice.intersect(true).build()));
  }

  @Test
  void except() {
    assertEquals(rows(row(2)), run(inputs().minus(false).build()));
    assertEquals(rows(row(1), row(2), row((Object) null)), run(inputs().minus(true).build()));
  }

  @Test
  void inputsOfNarrowerTypesAreConvertedAndCompareByValue() {
    RelBuilder b = builder().values(NUMBERS, 1, 2).values(rowType("v", type(DECIMAL, 3, 1)), new BigDecimal("1.0"),
        new BigDecimal("2.5"));
    List<List<Object>> union = run(b.union(false).build());
    assertEquals(rows(row(BigDecimal.ONE), row(BigDecimal.valueOf(2)), row(new BigDecimal("2.5"))), union);
    assertTrue(union.stream().allMatch(r -> r.get(0) instanceof BigDecimal));
  }

  @Test
  void unionAllOpensItsNextInputOnlyWhenThePreviousIsDone() {
    Union union = (Union) inputs().union(true).build();
    Counting first = new Counting(OperatorCompiler.compile(union.getInput(0)));
    Counting second = new Counting(OperatorCompiler.compile(union.getInput(1)));
    try (RowCursor rows = UnionOperator.of(union, List.of(first, second)).open(context())) {
      assertTrue(rows.next());
      assertEquals(1, rows.row()[0]);
    }
    assertEquals(1, first.rowsPulled);
    assertEquals(0, second.opened);
  }
}
