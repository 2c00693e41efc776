package dev.keycond.sqltests.sqlfile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.planner.shape.SimpleSelect;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@code .sqltest} case whose text is a simple SELECT, run both ways: planned through
 * Calcite ({@code simpleSelects=calcite}) and planned without it (the default), each on a
 * connection that keeps no plans. Both must give the same outcome: columns, rows in their order,
 * DynamoDB requests, warnings, or the same error. The sweep counts the cases the second connection
 * planned without Calcite, so that a change that stopped planning them so fails it rather than
 * passing it unnoticed.
 */
@ExtendWith(DynaliteExtension.class)
class SimpleSelectSweepTest {
  /** Fewer cases than this planned without Calcite means the simple path has stopped taking them. */
  private static final int LEAST_SIMPLE = 170;
  private static final CaseSweep SWEEP = new CaseSweep(PlanCacheStatistics::simplePlans);

  @TestFactory
  Stream<DynamicNode> everySimpleSelectRunsAsThroughCalcite(DynamoServer server) {
    // A case that sets simpleSelects itself is about the property, which the sweep sets.
    return SWEEP.tests(server,
        c -> SimpleSelect.of(c.sql()).isPresent()
            && c.properties().keySet().stream().noneMatch("simpleSelects"::equalsIgnoreCase),
        SimpleSelectSweepTest::runAlike, LEAST_SIMPLE, "cases planned without Calcite");
  }

  @AfterAll
  static void closeConnections() throws SQLException {
    SWEEP.close();
  }

  private static void runAlike(SqlTestCase c, Map<String, String> properties, ConnectionPool calcite,
      ConnectionPool direct) {
    Map<String, String> throughCalcite = new LinkedHashMap<>(CaseSweep.uncached(properties));
    throughCalcite.put("simpleSelects", "calcite");
    Outcome expected = CaseRunner.execute(calcite, throughCalcite, c.sql(), c);
    Outcome actual = SWEEP.executeCounted(direct, CaseSweep.uncached(properties), c.sql(), c);
    assertEquals(PlanCacheSweepTest.comparable(expected, c), PlanCacheSweepTest.comparable(actual, c), c.sql());
  }
}
