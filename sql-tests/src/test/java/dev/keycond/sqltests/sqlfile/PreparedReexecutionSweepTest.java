package dev.keycond.sqltests.sqlfile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@code .sqltest} case with parameters, run with several sets of values one after the other
 * from the one plan of its text, as a re-executed PreparedStatement runs: its read requests are then
 * bound into what earlier executions built (the filter, the projection, the expressions of each form
 * the values take). Each set of values is also run from a plan of its own, on a connection that keeps
 * no plans, whose requests are built from scratch. Both must give the same outcome: rows, DynamoDB
 * requests as dynalite received them, warnings, or the same error. The sets are the case's own
 * values, the same with every text and number changed, and each parameter in turn NULL, an empty
 * text, and {@code '%'}: they change the form of a key condition (a prefix that is empty, a key no
 * item has, a LIKE pattern that is a prefix or not, a repeated key of an IN list) and whether a
 * condition is left to the filter.
 */
@ExtendWith(DynaliteExtension.class)
class PreparedReexecutionSweepTest {
  /** Fewer executions than this from a plan run before means the sweep has stopped re-executing. */
  private static final int LEAST_REEXECUTED = 180;
  private static final CaseSweep SWEEP = new CaseSweep(PlanCacheStatistics::sameText);

  @TestFactory
  Stream<DynamicNode> everyParameterizedCaseRunsAlikeWhenReexecuted(DynamoServer server) {
    return SWEEP.tests(server, c -> !c.parameters().isEmpty(),
        PreparedReexecutionSweepTest::runAlike, LEAST_REEXECUTED, "executions ran from a plan run before");
  }

  @AfterAll
  static void closeConnections() throws SQLException {
    SWEEP.close();
  }

  private static void runAlike(SqlTestCase c, Map<String, String> properties, ConnectionPool own,
      ConnectionPool shared) {
    Map<String, String> uncached = CaseSweep.uncached(properties);
    for (List<Parameter> values : valueSets(c.parameters())) {
      SqlTestCase withValues = new SqlTestCase(c.title(), c.line(), c.sql(), c.rows(), c.error(), c.requests(),
          c.warnings(), c.cost(), c.plan(), c.properties(), values, c.maxRows(), c.skipOn(),
          c.count(), c.items());
      Outcome expected = CaseRunner.execute(own, uncached, c.sql(), withValues);
      Outcome actual = SWEEP.executeCounted(shared, properties, c.sql(), withValues);
      assertEquals(comparable(expected, c), comparable(actual, c), c.sql() + " with " + values);
    }
  }

  /** The sets of values to run with, the case's own last, so that it runs from what the others built. */
  static List<List<Parameter>> valueSets(List<Parameter> parameters) {
    Set<List<Parameter>> sets = new LinkedHashSet<>();
    List<Parameter> changed = new ArrayList<>();
    for (Parameter p : parameters) {
      changed.add(other(p));
    }
    sets.add(changed);
    for (int i = 0; i < parameters.size(); i++) {
      sets.add(replaced(parameters, i, new Parameter("NULL", null)));
      if (parameters.get(i).value() instanceof String) {
        sets.add(replaced(parameters, i, new Parameter("''", "")));
        sets.add(replaced(parameters, i, new Parameter("'%'", "%")));
      }
    }
    sets.remove(parameters);
    List<List<Parameter>> ordered = new ArrayList<>(sets);
    ordered.add(parameters);
    return ordered;
  }

  private static List<Parameter> replaced(List<Parameter> parameters, int index, Parameter value) {
    List<Parameter> copy = new ArrayList<>(parameters);
    copy.set(index, value);
    return copy;
  }

  /** Another value of the same type: a text with its first letter or digit changed, a number plus one. */
  private static Parameter other(Parameter p) {
    if (p.value() instanceof String text) {
      String other = PlanCacheSweepTest.otherText(text);
      return new Parameter("'" + other.replace("'", "''") + "'", other);
    }
    if (p.value() instanceof Long number) {
      return new Parameter(Long.toString(number + 1), number + 1);
    }
    return p;
  }

  /**
   * The outcome as the sweep compares it: as the case does, and the requests in a fixed order, since
   * the requests of a fan-out with other values than the case's reach dynalite in an order that
   * only their concurrency decides (which key comes first is what the case's own order pins).
   */
  private static String comparable(Outcome outcome, SqlTestCase c) {
    outcome.requests = outcome.requests.stream().sorted().toList();
    return PlanCacheSweepTest.comparable(outcome, c);
  }
}
