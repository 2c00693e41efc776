package dev.keycond.planner;

import dev.keycond.planner.shape.StatementShape;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The plans of one connection's statements, kept for the texts and shapes they were made for, the
 * least recently used dropped first once the bound is reached. A plan depends on the statement's
 * text, its maxRows, and the connection's settings and tables; the cache belongs to one planner,
 * whose settings and tables (the mapping, and what DescribeTable said of each table) are fixed for
 * the life of the connection, so a changed mapping or table description is a new connection and
 * an empty cache. Safe to use from several threads.
 */
final class PlanCache {
  /**
   * What a plan is kept for.
   *
   * @param text a statement's text, or a shape's key ({@link dev.keycond.planner.shape.StatementShape#key()})
   * @param shape true for a shape's key
   */
  record Key(String text, long maxRows, boolean shape) {}

  /** What is known of a text or a shape. */
  sealed interface Entry {}

  /** The plan of a text, or the plan that every text of a shape shares. */
  record Plan(PlannedStatement statement) implements Entry {}

  /**
   * A shape seen in one text so far: that text's own plan, run again for the same text, and
   * compared with the shape's plan when a second text of the shape comes.
   */
  record FirstText(String sql, StatementShape shape, CompiledPlan own) implements Entry {}

  /** A shape whose texts cannot share a plan: each is planned as its own text. */
  record PlannedByText() implements Entry {}

  private final int capacity;
  private final Map<Key, Entry> entries;
  private long planned;
  private long sameText;
  private long sameShape;

  /** @param capacity the most entries kept; 0 keeps none */
  PlanCache(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a plan cache holds at least 0 plans, not " + capacity);
    }
    this.capacity = capacity;
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
        return size() > PlanCache.this.capacity;
      }
    };
  }

  synchronized Optional<Entry> get(Key key) {
    return Optional.ofNullable(entries.get(key));
  }

  synchronized void put(Key key, Entry entry) {
    if (capacity > 0) {
      entries.put(key, entry);
    }
  }

  /** How a statement got its plan. */
  enum Found {
    PLANNED,
    SAME_TEXT,
    SAME_SHAPE
  }

  synchronized void count(Found found) {
    switch (found) {
      case PLANNED -> planned++;
      case SAME_TEXT -> sameText++;
      case SAME_SHAPE -> sameShape++;
    }
  }

  synchronized PlanCacheStatistics statistics() {
    return new PlanCacheStatistics(entries.size(), planned, sameText, sameShape);
  }
}
