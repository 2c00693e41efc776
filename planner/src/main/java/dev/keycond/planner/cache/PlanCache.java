package dev.keycond.planner.cache;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import dev.keycond.planner.shape.StatementShape;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * The plans of one connection's statements, kept for the texts and shapes they were made for, the
 * least recently used dropped first once the bound is reached. A plan depends on the statement's
 * text, its maxRows, and the connection's settings and tables; the cache belongs to one planner,
 * whose settings and tables (the mapping, and what DescribeTable said of each table) are fixed for
 * the life of the connection, so a changed mapping or table description is a new connection and
 * an empty cache.
 *
 * <p>Safe to use from several threads, and a lookup takes no lock: every statement of a connection
 * looks its text up, and the threads that share a connection (a framework's 8 threads on one
 * {@code Connection}) queued on the lock of an access-ordered map, at times for 1 to 4.5 ms, when
 * the thread that held it lost its core. Guava's cache records a lookup's use apart and orders its
 * entries later; one segment keeps that order exact, so the least recently used entry still goes
 * first.
 *
 * @param <P> a plan, as a statement runs it
 * @param <C> a text's own plan, with what comparing it with its shape's plan needs
 */
public final class PlanCache<P, C> {
  /**
   * What a plan is kept for.
   *
   * @param text a statement's text, or a shape's key ({@link dev.keycond.planner.shape.StatementShape#key()})
   * @param shape true for a shape's key
   */
  public record Key(String text, long maxRows, boolean shape) {}

  /** What is known of a text or a shape. */
  public sealed interface Entry<P, C> {}

  /** The plan of a text, or the plan that every text of a shape shares. */
  public record Plan<P, C>(P statement) implements Entry<P, C> {}

  /**
   * A shape seen in one text so far: that text's own plan, run again for the same text, and
   * compared with the shape's plan when a second text of the shape comes.
   */
  public record FirstText<P, C>(String sql, StatementShape shape, C own) implements Entry<P, C> {}

  /** A shape whose texts cannot share a plan: each is planned as its own text. */
  public record PlannedByText<P, C>() implements Entry<P, C> {}

  private final Cache<Key, Entry<P, C>> entries;
  // Counted apart from the entries: every statement counts, and the threads of one connection would queue on one count.
  private final LongAdder planned = new LongAdder();
  private final LongAdder sameText = new LongAdder();
  private final LongAdder sameShape = new LongAdder();
  private final LongAdder simplePlans = new LongAdder();

  /** @param capacity the most entries kept; 0 keeps none */
  public PlanCache(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a plan cache holds at least 0 plans, not " + capacity);
    }
    this.entries = CacheBuilder.newBuilder().maximumSize(capacity).concurrencyLevel(1).build();
  }

  public Optional<Entry<P, C>> get(Key key) {
    return Optional.ofNullable(entries.getIfPresent(key));
  }

  public void put(Key key, Entry<P, C> entry) {
    entries.put(key, entry);
  }

  /** How a statement got its plan. */
  public enum Found {
    PLANNED,
    SAME_TEXT,
    SAME_SHAPE
  }

  public void count(Found found) {
    switch (found) {
      case PLANNED -> planned.increment();
      case SAME_TEXT -> sameText.increment();
      case SAME_SHAPE -> sameShape.increment();
    }
  }

  /** Counts a plan made without Calcite's parser and validator. */
  public void countSimplePlan() {
    simplePlans.increment();
  }

  public PlanCacheStatistics statistics() {
    return new PlanCacheStatistics(Math.toIntExact(entries.size()), planned.sum(), sameText.sum(), sameShape.sum(),
        simplePlans.sum());
  }
}
