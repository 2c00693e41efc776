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
  private record Shared(Map<String, Answer<SourceTable>> tables, AtomicReference<Answer<List<String>>> tableNames) {
    Shared() {
      this(new ConcurrentHashMap<>(), new AtomicReference<>());
    }
  }

  /** What a request answered (a description, or the names of the account's tables), and when. */
  private record Answer<T>(T value, long readAtNanos) {
    Answer(T value) {
      this(value, System.nanoTime());
    }
  }

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
    return fresh(shared.tables().get(tableName));
  }

  /** The names of the account's tables when they were listed within the reuse time. */
  Optional<List<String>> reusableTableNames() {
    return fresh(shared.tableNames().get());
  }

  /** What was answered, when it was answered within the reuse time. */
  private <T> Optional<T> fresh(Answer<T> answer) {
    return answer != null && System.nanoTime() - answer.readAtNanos() < reuseNanos
        ? Optional.of(answer.value()) : Optional.empty();
  }

  /** Keeps what DescribeTable (and DescribeTimeToLive) just said of a table. */
  void read(SourceTable table) {
    shared.tables().put(table.name(), new Answer<>(table));
  }

  /** Keeps what ListTables (all its pages) just said. */
  void listed(List<String> tableNames) {
    shared.tableNames().set(new Answer<>(List.copyOf(tableNames)));
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
