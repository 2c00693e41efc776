package dev.keycond.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.shape.Comparison.Operator;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** What the reading of a simple SELECT takes from a text, and the texts it leaves to Calcite. */
class SimpleSelectTest {
  @Test
  void readsNamesOperatorsAndValues() {
    assertEquals(Optional.of(new SimpleSelect("files", Optional.of(ImmutableList.of("path", "Size Of")),
        ImmutableList.of(new Comparison("account", Operator.EQUALS, new Value.Text("it's")),
            new Comparison("path", Operator.LIKE, new Value.Marker(0)),
            new Comparison("size", Operator.GREATER_THAN_OR_EQUAL, new Value.Integer("10")),
            new Comparison("n", Operator.LESS_THAN, new Value.Marker(1))))),
        SimpleSelect.of("select path, \"Size Of\" -- names\n FROM \"files\" WHERE account = 'it''s'"
            + " and path LIKE ? AND size >= 10 AND n < ?"));
  }

  @Test
  void skipsWhatCalcitesParserSkips() {
    assertEquals(Optional.of(new SimpleSelect("t", Optional.empty(),
        ImmutableList.of(new Comparison("path", Operator.EQUALS, new Value.Text("é日"))))),
        SimpleSelect.of("\tSELECT\f*\r\nFROM /* é */ t -- 日\n WHERE path = 'é日'\n"));
  }

  @Test
  void readsAStarAndNoCondition() {
    assertEquals(Optional.of(new SimpleSelect("t", Optional.empty(), ImmutableList.of())),
        SimpleSelect.of("SELECT * FROM t"));
  }

  @TestFactory
  Stream<DynamicTest> leavesEveryOtherFormToCalcite() {
    return Stream.of(
        "SELECT path FROM t WHERE account = 'a';",
        "SELECT path FROM t WHERE account = 'a' OR path = 'b'",
        "SELECT path FROM t WHERE account <> 'a'",
        "SELECT path FROM t WHERE account = 'a' 'b'",
        "SELECT path FROM t WHERE account = N'a'",
        "SELECT path FROM t WHERE account = -1",
        "SELECT path FROM t WHERE account = 1.5",
        "SELECT path FROM t WHERE account = 1e5",
        "SELECT path FROM t WHERE account = 007",
        "SELECT path FROM t WHERE path LIKE 5",
        "SELECT path FROM t WHERE path LIKE 'a%' ESCAPE '!'",
        "SELECT path FROM t WHERE account IN ('a', 'b')",
        "SELECT path FROM t WHERE account IS NULL",
        "SELECT path FROM t WHERE account = 'a' ORDER BY path",
        "SELECT path FROM t LIMIT 1",
        "SELECT path, path FROM t",
        "SELECT value FROM t",
        "SELECT path FROM t WHERE year = 1",
        "SELECT pi FROM t WHERE path = 'a'",
        "SELECT path FROM t WHERE Pi = ?",
        "SELECT \"\" FROM t",
        "SELECT pâth FROM t",
        "SELECT \"" + "x".repeat(129) + "\" FROM t",
        "SELECT t.path FROM t",
        "SELECT path FROM s.t",
        "SELECT path AS p FROM t",
        "SELECT DISTINCT path FROM t",
        "SELECT /*+ index(t) */ path FROM t",
        "SELECT path FROM t WHERE account = 'a",
        "SELECT path FROM t /* not closed",
        "SELECT COUNT(*) FROM t",
        "UPDATE t SET path = 'a' WHERE account = 'b'",
        "EXPLAIN PLAN FOR SELECT path FROM t",
        // Java reads these as white space or as the same word; Calcite's parser does not.
        "SELECT\u000B* FROM t",
        "SELECT *\u00A0FROM t",
        "SELECT * FROM t WHERE path L\u0131KE 'a%'",
        "SELECT * FROM t WHERE path = 'a' -- a comment\r AND account = 'b'",
        "SELECT * FROM t WHERE path = 'a' // a comment",
        "SELECT */**/FROM t")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertEquals(Optional.empty(), SimpleSelect.of(sql))));
  }
}
