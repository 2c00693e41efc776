package dev.keycond.sqltests.sqlfile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.shape.SimpleChange;
import dev.keycond.planner.shape.SimpleInsert;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.ServerKind;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
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
  private static final Map<ServerKind, Integer> LEAST_SIMPLE = Map.of(ServerKind.DYNALITE, 23, ServerKind.MOTO, 18, ServerKind.LOCALSTACK, 18);
  private static final List<ConnectionPool> POOLS = new ArrayList<>();
  private static final Map<String, String> UNCACHED = Map.of("planCache", "0");

  @TestFactory
  Stream<DynamicNode> everySimpleWriteRunsAsThroughCalcite(DynamoServer server) {
    AtomicInteger direct = new AtomicInteger();
    List<DynamicNode> nodes = new ArrayList<>();
    for (SqlTestFile file : SqlFileTest.files()) {
      ConnectionPool pool = new ConnectionPool(server);
      POOLS.add(pool);
      CaseRunner runner = new CaseRunner(server, file, pool);
      for (SqlTestCase c : file.cases()) {
        if ((SimpleChange.of(c.sql()).isPresent() || SimpleInsert.of(c.sql()).isPresent()) && c.runsOn(server.kind()) && c.properties().keySet().stream()
            .noneMatch(p -> p.equalsIgnoreCase("planCache") || p.equalsIgnoreCase("simpleWrites"))) {
          nodes.add(DynamicTest.dynamicTest(file.resource() + ":" + c.line() + " " + c.title(), () -> {
            runner.run(c.withProperties(Map.of("planCache", "0", "simpleWrites", "calcite")));
            SqlTestCase uncached = c.withProperties(UNCACHED);
            long before = simplePlans(pool, file, uncached);
            runner.run(uncached);
            if (simplePlans(pool, file, uncached) > before) {
              direct.incrementAndGet();
            }
          }));
        }
      }
    }
    int cases = nodes.size();
    int least = LEAST_SIMPLE.get(server.kind());
    nodes.add(DynamicTest.dynamicTest("at least " + least + " cases planned without Calcite", () -> assertTrue(
        direct.get() >= least, direct.get() + " cases planned without Calcite, of " + cases)));
    return nodes.stream();
  }

  /** What the case's connection has planned without Calcite so far; 0 when it does not connect. */
  private static long simplePlans(ConnectionPool pool, SqlTestFile file, SqlTestCase c) {
    try {
      return pool.get(CaseRunner.properties(file, c)).unwrap(KeycondConnection.class).planCacheStatistics()
          .simplePlans();
    } catch (SQLException e) {
      // A case whose connection fails (a bad property) fails alike both ways.
      return 0;
    }
  }

  @AfterAll
  static void closeConnections() throws SQLException {
    for (ConnectionPool pool : POOLS) {
      pool.close();
    }
    POOLS.clear();
  }
}
