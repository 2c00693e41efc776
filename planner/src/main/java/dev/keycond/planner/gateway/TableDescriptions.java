package dev.keycond.planner.gateway;

import dev.keycond.planner.source.SourceTable;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What DescribeTable and DescribeTimeToLive said of the tables of one {@link Reach}, shared by the
 * JVM's connections, so that a connection opened soon after another describes nothing again. Tables
 * change (an index is added, a table dropped and created again), so a description is reused only
 * for a bounded time, the connection's {@code descriptionReuseSeconds}, and is dropped as soon as a
 * request answered with an error shows it stale ({@link DynamoErrors#showsStaleDescription}): the
 * next connection describes the table again.
 */
public final class TableDescriptions {
  private static final Map<Reach, Map<String, Described>> SHARED = new ConcurrentHashMap<>();

  /** A description, and when it was read. */
  private record Described(SourceTable table, long readAtNanos) {}

  private final Map<String, Described> tables;
  private final long reuseNanos;

  private TableDescriptions(Map<String, Described> tables, Duration reuse) {
    this.tables = tables;
    this.reuseNanos = reuse.toNanos();
  }

  /**
   * The descriptions the connections of these settings' reach share; one read within {@code reuse}
   * is reused ({@link Duration#ZERO}: none is, but what this connection reads is still shared).
   */
  public static TableDescriptions shared(ClientSettings settings, Duration reuse) {
    return new TableDescriptions(SHARED.computeIfAbsent(Reach.of(settings), r -> new ConcurrentHashMap<>()), reuse);
  }

  /** Descriptions of one's own, reused by no one: a catalog outside any connection (mapping inference). */
  public static TableDescriptions unshared() {
    return new TableDescriptions(new ConcurrentHashMap<>(), Duration.ZERO);
  }

  /** The table's description when one was read within the reuse time. */
  Optional<SourceTable> reusable(String tableName) {
    Described described = tables.get(tableName);
    return described != null && System.nanoTime() - described.readAtNanos() < reuseNanos
        ? Optional.of(described.table()) : Optional.empty();
  }

  /** Keeps what DescribeTable (and DescribeTimeToLive) just said of a table. */
  void read(SourceTable table) {
    tables.put(table.name(), new Described(table, System.nanoTime()));
  }

  /** Drops a table's description: a request showed it stale, and the next connection describes it again. */
  void forget(String tableName) {
    tables.remove(tableName);
  }
}
