package dev.keycond.planner.exec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
  private int correlatedReads;
  /**
   * Completed by {@link #cancel()} or {@link #stop} with what the statement fails with; a wait for
   * a request ends on whichever comes first.
   */
  private final CompletableFuture<StopReason> stopped = new CompletableFuture<>();

  /** Why a statement was stopped from another thread: the state and message it fails with. */
  private record StopReason(SqlState state, String message) {}

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
   * Counts a read a correlated subquery makes for one distinct outer value; more than
   * {@code maxFanOut} of them in one execution stop it, as more key reads than that stop any other
   * statement.
   */
  public synchronized void countCorrelatedRead(String table) {
    if (++correlatedReads > settings.maxFanOut()) {
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
    stop(SqlState.QUERY_CANCELED, "The statement was cancelled");
  }

  /**
   * Stops the statement from any thread, as {@link #cancel()} does, with another error: the first
   * stop wins.
   */
  public void stop(SqlState state, String message) {
    stopped.complete(new StopReason(state, message));
  }

  /**
   * The result of a request sent on another thread. A cancel ends the wait at once, and so does the
   * query timeout: the SDK's blocking read cannot be interrupted, and the SDK's own timeout does not
   * end a read whose answer stopped arriving halfway through its body, so the abandoned request
   * finishes in the background and its result is dropped.
   *
   * @param action what the request does, such as {@code Query on table 'Drive'}, for the message
   */
  <T> T await(CompletableFuture<T> request, String action) {
    if (!request.isDone()) {
      // How the request ended is read from the request itself below.
      CompletableFuture<Object> first = CompletableFuture.anyOf(request, stopped);
      if (deadlineNanos == 0) {
        first.handle((result, failure) -> null).join();
      } else if (!settlesBeforeDeadline(first)) {
        throw timedOut(action, null);
      }
    }
    // A stop wins over a request that ended meanwhile: closing the connection also closes its
    // client, which fails the requests still in flight with errors of its own.
    if (stopped.isDone()) {
      throw stopError();
    }
    try {
      return request.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** Waits for {@code pending} until the query timeout; false when it is still pending then. */
  private boolean settlesBeforeDeadline(CompletableFuture<?> pending) {
    try {
      pending.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      // Settled by a failure, which the caller reads from the request.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KeycondException(SqlState.QUERY_CANCELED, "The statement's thread was interrupted", e);
    }
    return true;
  }

  /** The failure of a request that ran past the statement's query timeout; {@code cause} may be null. */
  KeycondException timedOut(String action, Throwable cause) {
    return new KeycondException(SqlState.TIMEOUT, action + " ran past the statement's query timeout", cause);
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
    if (stopped.isDone()) {
      throw stopError();
    }
    if (deadlineNanos != 0 && System.nanoTime() > deadlineNanos) {
      throw new KeycondException(SqlState.TIMEOUT, "The statement ran past its query timeout");
    }
  }

  /** The error of a stopped statement, made where it is thrown, so that its stack trace is the statement's. */
  private KeycondException stopError() {
    StopReason reason = stopped.join();
    return new KeycondException(reason.state(), reason.message());
  }
}
