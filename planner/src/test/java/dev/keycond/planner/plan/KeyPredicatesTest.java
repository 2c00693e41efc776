package dev.keycond.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.plan.KeyPredicate.Kind;
import dev.keycond.planner.plan.PlanFixture.Where;
import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

class KeyPredicatesTest {
  static final String MAPPING = """
      {"tables": {"files": {"source": "Drive",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "parent": "VARCHAR", "size": "BIGINT",
                    "day": "DATE"},
        "keys": {"PK": "DRIVE#{account}", "SK": "{path}"},
        "hierarchy": {"path": "path", "delimiter": "/", "parent": "parent"}}}}
      """;
  static final EntityTable FILES = PlanFixture.bind(MAPPING, "files", PlanFixture.source("Drive", "PK", "SK"));
  private static final int ACCOUNT = 0;
  private static final int PATH = 1;
  private static final int PARENT = 2;
  private static final int SIZE = 3;
  private static final int DAY = 4;

  private final Where w = new Where(FILES);

  private List<KeyPredicate> extract(Object... conjuncts) {
    return KeyPredicates.extract(FILES, w.conjuncts(conjuncts));
  }

  private static KeyPredicate p(int column, Kind kind, Object value, int conjunct) {
    return new KeyPredicate(column, kind, new Operand.Literal(value), conjunct, true);
  }

  @Test
  void comparisonsWithLiteralsAreConvertedToTheColumnType() {
    assertEquals(List.of(
            p(ACCOUNT, Kind.EQ, "acme", 0),
            p(SIZE, Kind.GE, 10L, 1),
            p(PATH, Kind.LT, "m", 2)),
        extract(w.eq("account", "acme"), w.ge("size", 10), w.lt("path", "m")));
  }

  @Test
  void literalOnTheLeftFlipsTheOperator() {
    RexNode tenLessThanSize = PlanFixture.REX.makeCall(SqlStdOperatorTable.LESS_THAN, w.value("size", 10),
        w.col("size"));
    assertEquals(List.of(p(SIZE, Kind.GT, 10L, 0)), extract(tenLessThanSize));
  }

  @Test
  void parameterIsKeptSymbolic() {
    assertEquals(List.of(new KeyPredicate(ACCOUNT, Kind.EQ, new Operand.Parameter(2), 0, true)),
        extract(w.eq("account", w.param("account", 2))));
  }

  @Test
  void castOfTheValueIsLookedThrough() {
    assertEquals(List.of(p(DAY, Kind.EQ, LocalDate.of(2026, 1, 5), 0)),
        extract(w.eq("day", w.cast(SqlTypeName.DATE, "2026-01-05", "day"))));
  }

  @Test
  void orOfEqualitiesOnOneColumnIsAnInList() {
    assertEquals(List.of(new KeyPredicate(ACCOUNT, Kind.IN,
            ImmutableList.of(new Operand.Literal("a"), new Operand.Literal("b")), 0, true)),
        extract(w.in("account", "a", "b", "a")));
  }

  @Test
  void orAcrossColumnsOrWithARangeIsNothing() {
    RexNode mixed = PlanFixture.REX.makeCall(SqlStdOperatorTable.OR, w.eq("account", "a"), w.eq("path", "b"));
    RexNode withRange = PlanFixture.REX.makeCall(SqlStdOperatorTable.OR, w.eq("account", "a"), w.lt("account", "b"));
    assertEquals(List.of(), extract(mixed, withRange));
  }

  @Test
  void likePrefixIsExactOnlyForATrailingPercent() {
    assertEquals(List.of(
            new KeyPredicate(PATH, Kind.PREFIX, new Operand.Literal("root/"), 0, true),
            new KeyPredicate(PATH, Kind.PREFIX, new Operand.Literal("root/ph"), 1, false)),
        extract(w.like("path", "root/%"), w.like("path", "root/ph_tos/%")));
  }

  @Test
  void likeWithoutWildcardsIsEquality() {
    assertEquals(List.of(p(PATH, Kind.EQ, "a%b", 0)), extract(w.like("path", "a!%b", '!')));
  }

  @Test
  void likeOnANonTextColumnOrWithAnInvalidPatternIsNothing() {
    RexNode likeOnSize = PlanFixture.REX.makeCall(SqlStdOperatorTable.LIKE, w.col("size"),
        PlanFixture.REX.makeLiteral("1%"));
    assertEquals(List.of(), extract(likeOnSize, w.like("path", "a!b%", '!')));
  }

  @Test
  void parentEqualityImpliesAPathPrefixThatIsNotExact() {
    assertEquals(List.of(
            p(PARENT, Kind.EQ, "root/photos/", 0),
            new KeyPredicate(PATH, Kind.PREFIX, new Operand.Literal("root/photos/"), 0, false)),
        extract(w.eq("parent", "root/photos/")));
  }

  @Test
  void nullAndLossyLiteralsAreNothing() {
    assertEquals(List.of(), extract(w.eq("path", null), w.eq("size", "abc")));
  }

  @Test
  void aFractionComparedWithAnIntegerColumnKeepsItsExactValue() {
    // SQL compares numbers by value: the binder makes it an exact bound, or an equality no row meets.
    List<KeyPredicate> predicates = extract(w.eq("size", new BigDecimal("1.5")));
    assertEquals(List.of(new Operand.Literal(new BigDecimal("1.5"))), predicates.get(0).operands());
  }

  @Test
  void comparisonOfTwoColumnsIsNothing() {
    RexNode columns = PlanFixture.REX.makeCall(SqlStdOperatorTable.EQUALS, w.col("path"), w.col("parent"));
    assertEquals(List.of(), extract(columns));
  }
}
