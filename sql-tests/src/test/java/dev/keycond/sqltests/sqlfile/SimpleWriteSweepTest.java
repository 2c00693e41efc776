package dev.keycond.sqltests.sqlfile;

import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.planner.shape.SimpleChange;
import dev.keycond.planner.shape.SimpleInsert;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.ServerKind;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@code .sqltest} case whose text is a simple INSERT, UPDATE or DELETE, run both ways on its
 * fixtures as its file has them: planned through Calcite ({@code simpleWrites=calcite}) and planned
 * without it (the default), each on a connection that keeps no plans. Each way must give everything
 * the case states: its update count or error, every request sent, the items the table holds after
 * it (read with the raw SDK), its warnings and cost. The sweep counts the cases planned without
 * Calcite, so that a change that stopped planning them so fails it rather than passing it unnoticed.
 */
@ExtendWith(DynaliteExtension.class)
class SimpleWriteSweepTest {
  /**
   * Fewer cases than this planned without Calcite, on each server, means the simple path has
   * stopped taking some (moto skips some of the corpus's write cases).
   */
  private static final Map<ServerKind, Integer> LEAST_SIMPLE =
      Map.of(ServerKind.DYNALITE, 23, ServerKind.MOTO, 18, ServerKind.LOCALSTACK, 18);
  private static final Map<String, String> THROUGH_CALCITE = Map.of("planCache", "0", "simpleWrites", "calcite");
  private static final Map<String, String> UNCACHED = Map.of("planCache", "0");
  private static final CaseSweep SWEEP = new CaseSweep(PlanCacheStatistics::simplePlans);

  @TestFactory
  Stream<DynamicNode> everySimpleWriteRunsAsThroughCalcite(DynamoServer server) {
    List<DynamicNode> nodes = new ArrayList<>();
    for (SqlTestFile file : SqlFileTest.files()) {
      ConnectionPool pool = SWEEP.pool(server);
      CaseRunner runner = new CaseRunner(server, file, pool);
      for (SqlTestCase c : file.cases()) {
        if (isSimpleWrite(c.sql()) && c.runsOn(server.kind()) && c.properties().keySet().stream()
            .noneMatch(p -> p.equalsIgnoreCase("planCache") || p.equalsIgnoreCase("simpleWrites"))) {
          nodes.add(DynamicTest.dynamicTest(file.resource() + ":" + c.line() + " " + c.title(), () -> {
            runner.run(c.withProperties(THROUGH_CALCITE));
            SqlTestCase uncached = c.withProperties(UNCACHED);
            SWEEP.runCounted(pool, CaseRunner.properties(file, uncached), () -> runner.run(uncached));
          }));
        }
      }
    }
    nodes.add(SWEEP.atLeast(LEAST_SIMPLE.get(server.kind()), nodes.size(), "cases planned without Calcite"));
    return nodes.stream();
  }

  private static boolean isSimpleWrite(String sql) {
    return SimpleChange.of(sql).isPresent() || SimpleInsert.of(sql).isPresent();
  }

  @AfterAll
  static void closeConnections() throws SQLException {
    SWEEP.close();
  }
}
