package dev.keycond.planner.exec;

import dev.keycond.planner.compile.OperatorCompiler;
import static dev.keycond.planner.exec.ExecFixture.REX;
import static dev.keycond.planner.exec.ExecFixture.builder;
import static dev.keycond.planner.exec.ExecFixture.context;
import static dev.keycond.planner.exec.ExecFixture.row;
import static dev.keycond.planner.exec.ExecFixture.rowType;
import static dev.keycond.planner.exec.ExecFixture.rows;
import static dev.keycond.planner.exec.ExecFixture.run;
import static dev.keycond.planner.exec.ExecFixture.stateOf;
import static dev.keycond.planner.exec.ExecFixture.strings;
import static dev.keycond.planner.exec.ExecFixture.type;
import static org.apache.calcite.sql.type.SqlTypeName.INTEGER;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecFixture.Counting;
import dev.keycond.planner.exec.relational.SortOperator;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

class SortOperatorTest {
  private static final RelDataType ROWS = rowType("k", INTEGER, "s", VARCHAR);

  private static RelBuilder input() {
    return builder().values(ROWS, 2, "b", null, "n", 1, "a", 3, "c", 1, "a2");
  }

  private static List<List<Object>> sorted(Function<RelBuilder, RexNode> key) {
    RelBuilder b = input();
    return run(b.sort(key.apply(b)).build());
  }

  @Test
  void ascendingPutsNullsLastAndKeepsTiesInInputOrder() {
    assertEquals(rows(row(1, "a"), row(1, "a2"), row(2, "b"), row(3, "c"), row(null, "n")),
        sorted(b -> b.field("k")));
  }

  @Test
  void descendingPutsNullsFirst() {
    assertEquals(rows(row(null, "n"), row(3, "c"), row(2, "b"), row(1, "a"), row(1, "a2")),
        sorted(b -> b.desc(b.field("k"))));
  }

  @Test
  void explicitNullDirectionsWin() {
    assertEquals(rows(row(null, "n"), row(1, "a"), row(1, "a2"), row(2, "b"), row(3, "c")),
        sorted(b -> b.nullsFirst(b.field("k"))));
    assertEquals(rows(row(3, "c"), row(2, "b"), row(1, "a"), row(1, "a2"), row(null, "n")),
        sorted(b -> b.nullsLast(b.desc(b.field("k")))));
  }

  @Test
  void laterKeysBreakTies() {
    RelBuilder b = input();
    assertEquals(rows(row(1, "a2"), row(1, "a"), row(2, "b"), row(3, "c"), row(null, "n")),
        run(b.sort(b.field("k"), b.desc(b.field("s"))).build()));
  }

  @Test
  void stringsSortInUtf8Order() {
    RelBuilder b = strings(builder(), "\uD800\uDC00", "b", "\uFFFD", "a");
    assertEquals(rows(row("a"), row("b"), row("\uFFFD"), row("\uD800\uDC00")), run(b.sort(b.field("s")).build()));
  }

  @Test
  void fetchCanBeAParameter() {
    RelBuilder b = input();
    RexNode fetch = REX.makeDynamicParam(type(INTEGER), 0);
    RelBuilder sorted = b.sortLimit(null, fetch, List.of(b.field("k")));
    Operator top = OperatorCompiler.compile(sorted.build());
    assertEquals(rows(row(1, "a"), row(1, "a2")), ExecFixture.rows(top, context(2)));
    assertEquals(rows(row(1, "a"), row(1, "a2"), row(2, "b"), row(3, "c")), ExecFixture.rows(top, context(4)));
    assertEquals(SqlState.INVALID_PARAMETER_VALUE, stateOf(() -> ExecFixture.rows(top, context(-1))));
  }

  @Test
  void offsetAndFetchKeepOnlyTheRowsAsked() {
    RelBuilder b = input();
    RexNode offset = REX.makeExactLiteral(BigDecimal.ONE);
    RexNode fetch = REX.makeDynamicParam(type(INTEGER), 0);
    assertEquals(rows(row(3, "c"), row(2, "b")),
        run(b.sortLimit(offset, fetch, List.of(b.desc(b.field("k")))).build(), 2));
  }

  @Test
  void withoutOrderByOffsetAndFetchReadOnlyWhatTheyReturn() {
    Sort limit = (Sort) input().limit(1, 2).build();
    Counting source = new Counting(OperatorCompiler.compile(limit.getInput()));
    Operator operator = SortOperator.of(limit, source);
    assertEquals(rows(row(null, "n"), row(1, "a")), ExecFixture.rows(operator, context()));
    assertEquals(3, source.rowsPulled);
  }
}
