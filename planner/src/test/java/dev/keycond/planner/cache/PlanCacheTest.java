package dev.keycond.planner.cache;

import dev.keycond.planner.PlannedStatement;
import dev.keycond.planner.PlannedText;
import dev.keycond.planner.StatementPlanner;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.settings.StatementSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The plan cache's bound, its order of eviction, and what it counts. */
class PlanCacheTest {
  private static final PlanCache.Entry<String, String> SHARED_BY_TEXT = new PlanCache.PlannedByText<>();

  private static PlanCache.Key key(String text) {
    return new PlanCache.Key(text, 0, false);
  }

  @Test
  void beyondItsBoundTheLeastRecentlyUsedEntryGoes() {
    PlanCache<String, String> cache = new PlanCache<>(2);
    cache.put(key("a"), SHARED_BY_TEXT);
    cache.put(key("b"), SHARED_BY_TEXT);
    assertTrue(cache.get(key("a")).isPresent());
    cache.put(key("c"), SHARED_BY_TEXT);

    assertEquals(Optional.empty(), cache.get(key("b")));
    assertTrue(cache.get(key("a")).isPresent());
    assertTrue(cache.get(key("c")).isPresent());
    assertEquals(2, cache.statistics().plans());
  }

  @Test
  void aTextAndAShapeOfOneTextAreKeptApartAndMaxRowsIsPartOfTheKey() {
    PlanCache<String, String> cache = new PlanCache<>(4);
    cache.put(key("a"), SHARED_BY_TEXT);

    assertEquals(Optional.empty(), cache.get(new PlanCache.Key("a", 0, true)));
    assertEquals(Optional.empty(), cache.get(new PlanCache.Key("a", 10, false)));
  }

  @Test
  void aCacheOfNoPlansKeepsNone() {
    PlanCache<String, String> cache = new PlanCache<>(0);
    cache.put(key("a"), SHARED_BY_TEXT);

    assertEquals(Optional.empty(), cache.get(key("a")));
    assertEquals(0, cache.statistics().plans());
  }

  @Test
  void aLookupWaitsForNoThreadThatHoldsTheCache() throws Exception {
    PlanCache<String, String> cache = new PlanCache<>(4);
    cache.put(key("a"), SHARED_BY_TEXT);
    // The threads sharing a connection look their texts up at once; a lookup that waited on a
    // monitor of the cache queued behind any thread that lost its core while holding it.
    synchronized (cache) {
      CompletableFuture<Optional<PlanCache.Entry<String, String>>> found =
          CompletableFuture.supplyAsync(() -> cache.get(key("a")));
      assertTrue(found.get(10, TimeUnit.SECONDS).isPresent());
    }
  }

  @Test
  void aNegativeBoundIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new PlanCache<String, String>(-1));
  }

  @Test
  void aTextPreparedAgainIsNotPlannedAgain() {
    StatementPlanner planner = new StatementPlanner(KeycondSchema.empty(), StatementSettings.defaults(), 8);
    String sql = "SELECT x FROM (VALUES ('a', 1), ('b', 2)) AS t(x, n) WHERE n = ?";
    PlannedStatement first = planner.prepare(sql, 0);

    assertSame(first, planner.prepare(sql, 0));
    assertEquals(new PlanCacheStatistics(1, 1, 1, 0, 0), planner.cacheStatistics());
    assertNotSame(first, planner.prepare(sql, 5));
    assertEquals(new PlanCacheStatistics(2, 2, 1, 0, 0), planner.cacheStatistics());
  }

  @Test
  void threadsPreparingATextTogetherPlanItOnce() throws Exception {
    StatementPlanner planner = new StatementPlanner(KeycondSchema.empty(), StatementSettings.defaults(), 8);
    String sql = "SELECT x FROM (VALUES ('a', 1), ('b', 2)) AS t(x, n) WHERE n = ?";
    int threads = 8;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<PlannedStatement>> plans = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        plans.add(pool.submit(() -> {
          start.await();
          return planner.prepare(sql, 0);
        }));
      }
      start.countDown();
      PlannedStatement first = plans.get(0).get();
      for (Future<PlannedStatement> plan : plans) {
        assertSame(first, plan.get());
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(new PlanCacheStatistics(1, 1, threads - 1, 0, 0), planner.cacheStatistics());
  }

  @Test
  void aShapeIsPlannedWhenItsSecondTextComesAndThenShared() {
    StatementPlanner planner = new StatementPlanner(KeycondSchema.empty(), StatementSettings.defaults(), 8);
    String sql = "SELECT x FROM (VALUES ('a', 1), ('b', 2)) AS t(x, n) WHERE n = ";
    PlannedText first = planner.prepareText(sql + "1", 0);

    assertEquals(List.of(), first.literals());
    assertEquals(new PlanCacheStatistics(1, 1, 0, 0, 0), planner.cacheStatistics());
    assertSame(first.statement(), planner.prepareText(sql + "1", 0).statement());
    assertEquals(new PlanCacheStatistics(1, 1, 1, 0, 0), planner.cacheStatistics());
    PlannedText second = planner.prepareText(sql + "2", 0);
    assertEquals(List.of(2), second.literals());
    assertEquals(0, second.markers());
    assertEquals(new PlanCacheStatistics(1, 1, 1, 1, 0), planner.cacheStatistics());
    assertSame(second.statement(), planner.prepareText(sql + "7", 0).statement());
  }

  @Test
  void aPlannerWithoutACachePlansEveryTime() {
    StatementPlanner planner = new StatementPlanner(KeycondSchema.empty(), StatementSettings.defaults(), 0);
    String sql = "SELECT x FROM (VALUES ('a', 1), ('b', 2)) AS t(x, n) WHERE n = ?";

    assertNotSame(planner.prepare(sql, 0), planner.prepare(sql, 0));
    assertEquals(new PlanCacheStatistics(0, 2, 0, 0, 0), planner.cacheStatistics());
  }
}
