package dev.keycond.sqltests.sqlfile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynamoServer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * A sweep of the {@code .sqltest} cases that run once from a plan made for them alone and once from
 * a plan the connection kept: a test per case it takes, each with two connection pools of its file,
 * and a last test that at least so many runs used a kept plan, so that a change that stopped using
 * them fails the sweep rather than passing it unnoticed. A case that sets {@code planCache} itself
 * is about the property, which the sweep sets, and is left out.
 */
final class CaseSweep implements AutoCloseable {
  /**
   * One case's runs, its file's fixtures loaded, with the properties its file and it set, on its
   * file's pools: {@code own} makes its plans, {@code kept} keeps them.
   */
  interface Run {
    void run(SqlTestCase c, Map<String, String> properties, ConnectionPool own, ConnectionPool kept)
        throws Exception;
  }

  private final ToLongFunction<PlanCacheStatistics> counted;
  private final List<ConnectionPool> pools = new ArrayList<>();
  private final AtomicInteger countedRuns = new AtomicInteger();

  /** @param counted what the plan cache counts when a statement runs from a kept plan */
  CaseSweep(ToLongFunction<PlanCacheStatistics> counted) {
    this.counted = counted;
  }

  /** @param least the runs from a kept plan below which the sweep fails, said as {@code what} */
  Stream<DynamicNode> tests(DynamoServer server, Predicate<SqlTestCase> takes, Run run, int least, String what) {
    List<DynamicNode> nodes = new ArrayList<>();
    for (SqlTestFile file : SqlFileTest.files()) {
      ConnectionPool own = pool(server);
      ConnectionPool kept = pool(server);
      for (SqlTestCase c : file.cases()) {
        // A write runs once, on its fixtures as the file has them: a second run would find its own items.
        if (takes.test(c) && c.runsOn(server.kind()) && !c.writes()
            && c.properties().keySet().stream().noneMatch("planCache"::equalsIgnoreCase)) {
          nodes.add(DynamicTest.dynamicTest(file.resource() + ":" + c.line() + " " + c.title(), () -> {
            file.fixtures().forEach(fixture -> Fixtures.load(server, fixture));
            run.run(c, CaseRunner.properties(file, c), own, kept);
          }));
        }
      }
    }
    nodes.add(atLeast(least, nodes.size(), what));
    return nodes.stream();
  }

  /** A pool of the server's connections, closed with the sweep. */
  ConnectionPool pool(DynamoServer server) {
    ConnectionPool pool = new ConnectionPool(server);
    pools.add(pool);
    return pool;
  }

  /** The sweep's last test: at least {@code least} of its {@code cases} runs were counted. */
  DynamicNode atLeast(int least, int cases, String what) {
    return DynamicTest.dynamicTest("at least " + least + " " + what, () -> assertTrue(
        countedRuns.get() >= least, countedRuns.get() + " " + what + ", of " + cases + " cases"));
  }

  /** The properties with the plan cache off: every statement planned from scratch. */
  static Map<String, String> uncached(Map<String, String> properties) {
    Map<String, String> uncached = new LinkedHashMap<>(properties);
    uncached.put("planCache", "0");
    return uncached;
  }

  /** Runs a statement on the pool that keeps plans, counting it when it ran from a kept plan. */
  Outcome executeCounted(ConnectionPool kept, Map<String, String> properties, String sql, SqlTestCase c) {
    long before = count(kept, properties);
    Outcome outcome = CaseRunner.execute(kept, properties, sql, c);
    countIfMore(kept, properties, before);
    return outcome;
  }

  /** Runs {@code run} on the pool's connection for {@code properties}, counting it when the connection counts it. */
  void runCounted(ConnectionPool pool, Map<String, String> properties, Executable run) throws Throwable {
    long before = count(pool, properties);
    run.execute();
    countIfMore(pool, properties, before);
  }

  private void countIfMore(ConnectionPool pool, Map<String, String> properties, long before) {
    if (count(pool, properties) > before) {
      countedRuns.incrementAndGet();
    }
  }

  /** What the pool's connection has counted so far; 0 when it does not connect. */
  private long count(ConnectionPool pool, Map<String, String> properties) {
    try {
      return counted.applyAsLong(pool.get(properties).unwrap(KeycondConnection.class).planCacheStatistics());
    } catch (SQLException e) {
      // A case whose connection fails (a bad property) fails alike on both connections.
      return 0;
    }
  }

  @Override
  public void close() throws SQLException {
    for (ConnectionPool pool : pools) {
      pool.close();
    }
    pools.clear();
  }
}
