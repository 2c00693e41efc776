package dev.keycond.planner.gateway;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Whether the endpoint of one shared client answers, as {@code Connection.isValid} asks it: pools
 * ask it of every connection they lend after a short idle time, and the connections of a pool
 * share one client. The endpoint answers when any request of the client succeeded within
 * {@link #FRESH}; otherwise one probe request tells, and callers that ask while it is on its way
 * wait for its answer instead of sending their own. A pool that lends its idle connections to many
 * threads at once sent one probe each, and a probe is a control-plane request (a one-table {@code
 * ListTables}): slower than a read, and slower still many at once (on dynalite, 5 ms alone and
 * 300 ms eight at a time).
 *
 * <p>Registered on the client as an interceptor, it sees every request that succeeds.
 */
public final class EndpointCheck implements ExecutionInterceptor {
  /** How recent a success must be to tell, without a request, that the endpoint answers. */
  public static final Duration FRESH = Duration.ofSeconds(1);

  /** {@link System#nanoTime()} when a request of the client last succeeded; too long ago at first. */
  private volatile long lastAnswer = System.nanoTime() - FRESH.toNanos();
  /** The probe on its way, if any. */
  private final AtomicReference<CompletableFuture<Boolean>> probe = new AtomicReference<>();

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    lastAnswer = System.nanoTime();
  }

  /**
   * Whether the endpoint answers within {@code timeout} ({@link Duration#ZERO}: the probe's own
   * bound): true at once after a recent success, else the answer of the probe on its way, or of
   * {@code ask}, sent now. A probe that fails or does not answer in time is a no.
   *
   * @param ask sends the probe, bounded by the timeout it is given, and tells whether it succeeded
   */
  public boolean answers(Duration timeout, Predicate<Duration> ask) {
    if (System.nanoTime() - lastAnswer < FRESH.toNanos()) {
      return true;
    }
    CompletableFuture<Boolean> mine = new CompletableFuture<>();
    CompletableFuture<Boolean> onItsWay = probe.compareAndExchange(null, mine);
    if (onItsWay != null) {
      return awaited(onItsWay, timeout);
    }
    boolean answered = false;
    try {
      answered = ask.test(timeout);
      return answered;
    } finally {
      probe.set(null);
      mine.complete(answered);
    }
  }

  private static boolean awaited(CompletableFuture<Boolean> onItsWay, Duration timeout) {
    try {
      return timeout.isZero() ? onItsWay.get() : onItsWay.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException | ExecutionException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
