package dev.keycond.planner.gateway;

import dev.keycond.planner.cost.CostMeter;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.Abortable;

/**
 * The life of one statement's requests: its query timeout, whether it has been stopped (cancelled,
 * or its connection closed), from any thread, and what its requests cost. Every request a
 * statement sends, read or write, is bounded and stopped through its call, and counted in its cost.
 */
public final class StatementCall {
  private final long deadlineNanos;
  /** The bound of each request on its own (JDBC's network timeout), in milliseconds; 0 for none. */
  private final long requestBoundMillis;
  /** What a request that ran past {@link #requestBoundMillis} sets off: its connection closes. */
  private final Runnable requestBoundExceeded;
  private final CostMeter cost;
  private final RunRecorder recorder;
  /**
   * Completed by {@link #cancel()} or {@link #stop} with what the statement fails with; a wait for
   * a request ends on whichever comes first.
   */
  private final CompletableFuture<StopReason> stopped = new CompletableFuture<>();
  /**
   * The HTTP attempt each thread sending this statement's requests is making: its own thread's, and
   * those of the threads that read ahead or send a batch's writes side by side.
   */
  private final Map<Thread, Abortable> inFlight = new ConcurrentHashMap<>();
  /** The statement whose request the current thread is sending (see {@link #sending}). */
  private static final ThreadLocal<StatementCall> SENDING = new ThreadLocal<>();

  /** Why a statement was stopped from another thread: the state and message it fails with. */
  private record StopReason(SqlState state, String message) {}

  /** @param timeoutMillis the query timeout; 0 for none */
  public StatementCall(long timeoutMillis) {
    this(timeoutMillis, new CostMeter());
  }

  /**
   * @param timeoutMillis the query timeout; 0 for none
   * @param cost where the requests' cost is added up, which several calls may share (the
   *     statements of one JDBC batch)
   */
  public StatementCall(long timeoutMillis, CostMeter cost) {
    this(timeoutMillis, cost, RunRecorder.NOTHING);
  }

  /**
   * @param timeoutMillis the query timeout; 0 for none
   * @param cost where the requests' cost is added up
   * @param recorder what the run records beyond its cost: {@link RunRecorder#NOTHING} unless a tool asked
   */
  public StatementCall(long timeoutMillis, CostMeter cost, RunRecorder recorder) {
    this(timeoutMillis, 0, () -> { }, cost, recorder);
  }

  /**
   * @param timeoutMillis the query timeout; 0 for none
   * @param requestBoundMillis how long each request may wait for its answer (JDBC's network
   *     timeout); 0 for no bound but the query timeout's and the client's
   * @param requestBoundExceeded run when a request ran past {@code requestBoundMillis}, after the
   *     statement is stopped with that error: JDBC closes the connection then
   * @param cost where the requests' cost is added up
   * @param recorder what the run records beyond its cost
   */
  public StatementCall(long timeoutMillis, long requestBoundMillis, Runnable requestBoundExceeded, CostMeter cost,
      RunRecorder recorder) {
    if (requestBoundMillis < 0) {
      throw new IllegalArgumentException("A request bound is 0 or more milliseconds, not " + requestBoundMillis);
    }
    this.deadlineNanos = timeoutMillis > 0 ? System.nanoTime() + timeoutMillis * 1_000_000L : 0;
    this.requestBoundMillis = requestBoundMillis;
    this.requestBoundExceeded = requestBoundExceeded;
    this.cost = cost;
    this.recorder = recorder;
  }

  /** What the run records of the reads it sends and the items it drops; nothing unless asked. */
  public RunRecorder recorder() {
    return recorder;
  }

  /** What the statement's requests have cost so far. */
  public CostMeter cost() {
    return cost;
  }

  /**
   * Sends {@code request} on this thread as the statement's: each HTTP attempt it makes is
   * registered here while it runs, so that a stop from another thread aborts it (see {@link
   * StoppableHttpClient}), and the thread's wait ends at once without a thread to hand it to.
   */
  <T> T sending(Supplier<T> request) {
    StatementCall outer = SENDING.get();
    SENDING.set(this);
    try {
      return request.get();
    } finally {
      inFlight.remove(Thread.currentThread());
      if (outer == null) {
        SENDING.remove();
      } else {
        SENDING.set(outer);
      }
    }
  }

  /**
   * Plans the statement on this thread as part of this call: a request planning sends (describing
   * a raw table, listing the account's tables) is bounded by the query timeout and stopped by a
   * cancel or a close, as the statement's own requests are.
   */
  public <T> T planning(Supplier<T> plan) {
    return sending(plan);
  }

  /**
   * {@code work}, to run on another thread as part of the call whose request this thread is
   * sending, if any: bounded and stopped with it.
   */
  static <T> Supplier<T> onThisThreadsCall(Supplier<T> work) {
    StatementCall call = SENDING.get();
    return call == null ? work : () -> call.sending(work);
  }

  /** The statement whose request this thread is sending, if any. */
  static Optional<StatementCall> sendingOnThisThread() {
    return Optional.ofNullable(SENDING.get());
  }

  /**
   * Registers the HTTP attempt this thread is about to make; aborted at once when the statement
   * has stopped meanwhile. Registered first and checked after, as {@link #stop} completes first and
   * aborts after, so that no attempt escapes a stop.
   */
  void attempting(Abortable attempt) {
    inFlight.put(Thread.currentThread(), attempt);
    if (stopped.isDone()) {
      attempt.abort();
    }
  }

  /** Whether the statement was cancelled or stopped. */
  boolean isStopped() {
    return stopped.isDone();
  }

  /** Throws the stop's error when the statement was cancelled or stopped. */
  void checkStopped() {
    if (stopped.isDone()) {
      throw stopError();
    }
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
    inFlight.values().forEach(Abortable::abort);
  }

  /**
   * The result of a request sent ahead on another thread (a page read ahead, a segment of a fan-out).
   * A cancel ends the wait at once, and aborts the request; the query timeout ends the wait too.
   *
   * @param action what the request does, such as {@code Query on table 'Drive'}, for the message
   */
  public <T> T await(CompletableFuture<T> request, String action) {
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

  /**
   * The error a request of this statement that failed with {@code e} fails it with: the stop's
   * error when the statement was stopped (an aborted request fails with it, not with how the abort
   * broke it), the statement's timeout (HYT00) when the timeout was what was left of the query
   * timeout, else what DynamoDB's answer, or its absence, means for {@code action}.
   */
  KeycondException failed(SdkException e, String action, RequestScope scope) {
    checkStopped();
    if (DynamoErrors.isTimeout(e) && requestBoundMillis > 0 && !pastDeadline()) {
      String message = action + " had no answer within the connection's network timeout (" + requestBoundMillis
          + " ms, set by Connection.setNetworkTimeout), so the connection is closed, as JDBC says";
      // Stopped first, so that every wait of the statement, on any thread, ends with this error.
      stop(SqlState.CONNECTION_LOST, message);
      requestBoundExceeded.run();
      return new KeycondException(SqlState.CONNECTION_LOST, message, e);
    }
    if (remainingMillis() > 0 && DynamoErrors.isTimeout(e)) {
      return timedOut(action, e);
    }
    return DynamoErrors.translate(e, action, scope);
  }

  private boolean pastDeadline() {
    return deadlineNanos != 0 && System.nanoTime() - deadlineNanos >= 0;
  }

  /** The failure of a request that ran past the statement's query timeout; {@code cause} may be null. */
  public KeycondException timedOut(String action, Throwable cause) {
    return new KeycondException(SqlState.TIMEOUT, action + " ran past the statement's query timeout", cause);
  }

  /**
   * A request's bound: what is left of the query timeout, or the network timeout when that is
   * shorter; empty when there is neither.
   */
  Optional<Duration> timeLeft() {
    long millis = remainingMillis();
    if (requestBoundMillis > 0 && (millis == 0 || requestBoundMillis < millis)) {
      millis = requestBoundMillis;
    }
    return millis > 0 ? Optional.of(Duration.ofMillis(millis)) : Optional.empty();
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
    checkStopped();
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
