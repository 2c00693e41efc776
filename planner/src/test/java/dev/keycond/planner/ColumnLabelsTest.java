package dev.keycond.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.schema.KeycondSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Result columns that are expressions without an alias are labelled with their text, as written;
 * aliases and column names are kept. The statements read no table, so nothing is sent anywhere.
 */
class ColumnLabelsTest {
  private final StatementPlanner planner = new StatementPlanner(KeycondSchema.empty(), StatementSettings.defaults());

  private List<String> labels(String sql) {
    return ((PlannedQuery) planner.prepare(sql)).columns().stream().map(ResultColumn::label).toList();
  }

  @Test
  void anAggregateIsLabelledWithItsCall() {
    assertEquals(List.of("COUNT(*)", "MAX(x)", "count(DISTINCT y)"),
        labels("SELECT COUNT(*), MAX(x), count(DISTINCT y) FROM (VALUES (1, 'a'), (2, 'b')) AS t(x, y)"));
  }

  @Test
  void anExpressionIsLabelledAsWrittenOnOneLine() {
    assertEquals(List.of("x * 2 + 1", "UPPER(y)", "CASE WHEN x > 1 THEN 'big' ELSE 'small' END", "42"),
        labels("SELECT x * 2 + 1, UPPER(y), CASE WHEN x > 1\n   THEN 'big' ELSE 'small' END, 42\n"
            + "FROM (VALUES (1, 'a')) AS t(x, y)"));
  }

  @Test
  void aLiteralKeepsItsSpacesAndAJdbcDateEscapeIsLabelledWhole() {
    assertEquals(List.of("'a  b'", "{fn LTRIM('  x')}", "{d '2026-01-01'}", "{t '10:30:00'}",
        "{ts '2026-01-01 10:30:00'}"),
        labels("SELECT 'a  b', {fn LTRIM('  x')}, {d '2026-01-01'}, {t '10:30:00'}, {ts '2026-01-01 10:30:00'}"
            + " FROM (VALUES (1)) AS t(x)"));
  }

  @Test
  void aliasesAndColumnsKeepTheirNames() {
    assertEquals(List.of("n", "x", "y", "COUNT(*)"),
        labels("SELECT COUNT(*) AS n, x, t.y, COUNT(*) FROM (VALUES (1, 'a')) AS t(x, y) GROUP BY x, y"));
  }

  @Test
  void aStarKeepsTheNamesOfTheColumnsItStandsFor() {
    assertEquals(List.of("x", "COUNT(*)"),
        labels("SELECT * FROM (SELECT x, COUNT(*) FROM (VALUES (1)) AS t(x) GROUP BY x)"));
  }

  @Test
  void aSetOperationAndAnOrderedQueryAreLabelledByTheirFirstSelect() {
    assertEquals(List.of("x + 1"), labels("SELECT x + 1 FROM (VALUES (1)) AS t(x) UNION SELECT 5 FROM (VALUES (1))"));
    assertEquals(List.of("x + 1"), labels("SELECT x + 1 FROM (VALUES (2), (1)) AS t(x) ORDER BY 1"));
    assertEquals(List.of("x + 1"), labels("WITH t(x) AS (VALUES (1)) SELECT x + 1 FROM t"));
  }
}
