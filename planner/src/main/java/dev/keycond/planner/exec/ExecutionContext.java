package dev.keycond.planner.exec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.apache.calcite.rel.core.CorrelationId;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What one execution of a statement runs with: the client, the parameter values, the read
 * settings, its statistics, and its cancellation state.
 */
public final class ExecutionContext {
  private final DynamoDbClient client;
  private final List<Object> parameters;
  private final ReadSettings settings;
  private final ReadStatistics statistics = new ReadStatistics();
  private final long deadlineNanos;
  private final Instant startTime = Instant.now();
  private final Map<CorrelationId, Object[]> correlations = new HashMap<>();
  private final Map<Object, Object> shared = new HashMap<>();
  /** Per correlated read of the plan, how often it has read in this execution. */
  private final Map<Object, Integer> correlatedReads = new HashMap<>();
  /** Completed by {@link #cancel()}; a wait for a request ends on whichever comes first. */
  private final CompletableFuture<Void> cancellation = new CompletableFuture<>();

  /**
   * @param parameters parameter values in keycond's internal representation, in marker order
   * @param timeoutMillis 0 for no timeout
   */
  public ExecutionContext(DynamoDbClient client, List<Object> parameters, ReadSettings settings, long timeoutMillis) {
    this.client = client;
    this.parameters = parameters;
    this.settings = settings;
    this.deadlineNanos = timeoutMillis > 0 ? System.nanoTime() + timeoutMillis * 1_000_000L : 0;
  }

  public DynamoDbClient client() {
    return client;
  }

  public List<Object> parameters() {
    return parameters;
  }

  public Object parameter(int index) {
    if (index >= parameters.size()) {
      throw new KeycondException(SqlState.PARAMETER_NOT_SET, "Parameter " + (index + 1) + " is not set");
    }
    return parameters.get(index);
  }

  public ReadSettings settings() {
    return settings;
  }

  public ReadStatistics statistics() {
    return statistics;
  }

  /** When the execution began; CURRENT_TIMESTAMP and its relatives read it so that every row sees one time. */
  public Instant startTime() {
    return startTime;
  }

  /** Makes {@code row} the value of a correlation variable while the correlated side is read for it. */
  public synchronized void bindCorrelation(CorrelationId id, Object[] row) {
    correlations.put(id, row);
    // What the correlated side shared was read for the previous row; it is read again for this one.
    shared.clear();
  }

  /** The row a correlation variable is bound to. */
  public Object[] correlation(CorrelationId id) {
    Object[] row = correlations.get(id);
    if (row == null) {
      throw new KeycondException(SqlState.INTERNAL_ERROR, "Correlation variable " + id + " is read before it is bound");
    }
    return row;
  }

  /**
   * Something computed once per execution and used by several operators, such as the rows of an
   * item collection that both sides of a join come from.
   */
  @SuppressWarnings("unchecked")
  public synchronized <T> T shared(Object key, Supplier<T> compute) {
    Object value = shared.get(key);
    if (value == null) {
      value = compute.get();
      shared.put(key, value);
    }
    return (T) value;
  }

  /**
   * Counts a read that the correlated subquery {@code read} makes for one distinct outer value;
   * more than {@code maxFanOut} of them stop it, as more key reads than that stop any other read.
   * Each subquery has its own count, as each IN list does: the outer rows' distinct values were
   * checked against maxFanOut before the subquery read once, so two subqueries over the same outer
   * rows are never refused after one of them has read.
   */
  public synchronized void countCorrelatedRead(Object read, String table) {
    if (correlatedReads.merge(read, 1, Integer::sum) > settings.maxFanOut()) {
      throw tooManyCorrelatedReads(table);
    }
  }

  /** The refusal of a correlated subquery that reads {@code table} for more distinct outer values than maxFanOut. */
  public KeycondException tooManyCorrelatedReads(String table) {
    return new KeycondException(SqlState.FAN_OUT_EXCEEDED, "The correlated subquery reads table '" + table
        + "' once per distinct value of the outer columns it uses, and the outer query has more than maxFanOut="
        + settings.maxFanOut() + " of them. Narrow the outer query, write the subquery as a join, or raise the "
        + "connection property maxFanOut.");
  }

  /**
   * Stops the statement from any thread: a wait for a request in flight ends at once with the
   * cancel's error, and running cursors notice before their next request.
   */
  public void cancel() {
    cancellation.complete(null);
  }

  /**
   * The result of a request sent on another thread. A cancel ends the wait at once: the SDK's
   * blocking read cannot be interrupted, so the abandoned request finishes in the background and
   * its result is dropped.
   */
  <T> T await(CompletableFuture<T> request) {
    if (!request.isDone()) {
      // How the request ended is read from the request itself below.
      CompletableFuture.anyOf(request, cancellation).handle((result, failure) -> null).join();
      if (!request.isDone()) {
        throw cancelled();
      }
    }
    try {
      return request.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** Milliseconds left before the query timeout; 0 when there is no timeout. */
  public long remainingMillis() {
    if (deadlineNanos == 0) {
      return 0;
    }
    return Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000L);
  }

  /** Throws when the statement was cancelled or ran past its timeout. */
  public void checkRunning() {
    if (cancellation.isDone()) {
      throw cancelled();
    }
    if (deadlineNanos != 0 && System.nanoTime() > deadlineNanos) {
      throw new KeycondException(SqlState.TIMEOUT, "The statement ran past its query timeout");
    }
  }

  private static KeycondException cancelled() {
    return new KeycondException(SqlState.QUERY_CANCELED, "The statement was cancelled");
  }
}
