package dev.keycond.planner.gateway;

import dev.keycond.planner.source.SourceTable;
import java.time.Duration;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What DescribeTable and DescribeTimeToLive said of the tables of one {@link Reach}, and what
 * ListTables said of the account, shared by the JVM's connections, so that a connection opened soon
 * after another describes and lists nothing again. Tables change (an index is added, a table
 * dropped and created again, another one created), so what was read is reused only for a bounded
 * time, the connection's {@code descriptionReuseSeconds}, and a description is dropped as soon as a
 * request answered with an error shows it stale ({@link DynamoErrors#showsStaleDescription}): the
 * next connection describes the table, and lists the tables, again.
 */
public final class TableDescriptions {
  private static final Map<Reach, Shared> SHARED = new ConcurrentHashMap<>();

  /** What the connections of one reach share: the tables' descriptions, and the account's list of tables. */
  private record Shared(Map<String, Described> tables, AtomicReference<Listed> tableNames) {
    Shared() {
      this(new ConcurrentHashMap<>(), new AtomicReference<>());
    }
  }

  /** A description, and when it was read. */
  private record Described(SourceTable table, long readAtNanos) {}

  /** The names of the account's tables, and when they were listed. */
  private record Listed(List<String> names, long readAtNanos) {}

  private final Shared shared;
  private final long reuseNanos;

  private TableDescriptions(Shared shared, Duration reuse) {
    this.shared = shared;
    this.reuseNanos = reuse.toNanos();
  }

  /**
   * The descriptions the connections of these settings' reach share; one read within {@code reuse}
   * is reused ({@link Duration#ZERO}: none is, but what this connection reads is still shared).
   */
  public static TableDescriptions shared(ClientSettings settings, Duration reuse) {
    return new TableDescriptions(SHARED.computeIfAbsent(Reach.of(settings), r -> new Shared()), reuse);
  }

  /** Descriptions of one's own, reused by no one: a catalog outside any connection (mapping inference). */
  public static TableDescriptions unshared() {
    return new TableDescriptions(new Shared(), Duration.ZERO);
  }

  /** The table's description when one was read within the reuse time. */
  Optional<SourceTable> reusable(String tableName) {
    Described described = shared.tables().get(tableName);
    return described != null && fresh(described.readAtNanos()) ? Optional.of(described.table()) : Optional.empty();
  }

  /** The names of the account's tables when they were listed within the reuse time. */
  Optional<List<String>> reusableTableNames() {
    Listed listed = shared.tableNames().get();
    return listed != null && fresh(listed.readAtNanos()) ? Optional.of(listed.names()) : Optional.empty();
  }

  private boolean fresh(long readAtNanos) {
    return System.nanoTime() - readAtNanos < reuseNanos;
  }

  /** Keeps what DescribeTable (and DescribeTimeToLive) just said of a table. */
  void read(SourceTable table) {
    shared.tables().put(table.name(), new Described(table, System.nanoTime()));
  }

  /** Keeps what ListTables (all its pages) just said. */
  void listed(List<String> tableNames) {
    shared.tableNames().set(new Listed(List.copyOf(tableNames), System.nanoTime()));
  }

  /**
   * Drops a table's description, and the list of tables, which may name it still: a request showed
   * the description stale, and the next connection describes the table, and lists the tables, again.
   */
  void forget(String tableName) {
    shared.tables().remove(tableName);
    shared.tableNames().set(null);
  }
}
