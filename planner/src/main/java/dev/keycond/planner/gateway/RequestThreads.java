package dev.keycond.planner.gateway;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that send DynamoDB requests. Daemon threads, and idle ones go away: a JDBC driver
 * must not keep a host application alive or busy.
 */
public final class RequestThreads {
  public static final int THREADS = 8;
  private static final AtomicInteger COUNTER = new AtomicInteger();

  /** The first pages of a fan-out, sent ahead of the reader so that they overlap; few threads. */
  public static final ExecutorService SENT_AHEAD = create(THREADS, THREADS, new LinkedBlockingQueue<>());

  /**
   * Requests sent side by side with the thread that waits for them: the page read ahead while the
   * rows of the last one are read, a connection's table descriptions. As many threads as requests:
   * none queues behind other statements' fan-outs. A statement's own request is sent on its own
   * thread, not here.
   */
  public static final ExecutorService WAITED = create(0, Integer.MAX_VALUE, new SynchronousQueue<>());

  /** The timers that bound each request, given to the SDK in place of its own: {@link RequestTimers}. */
  public static final RequestTimers TIMERS = new RequestTimers(runnable -> daemon(runnable, "keycond-request-timer-"),
      Duration.ofSeconds(1), 30);

  private RequestThreads() {}

  private static ExecutorService create(int core, int max, BlockingQueue<Runnable> queue) {
    ThreadPoolExecutor executor = new ThreadPoolExecutor(core, max, 30, TimeUnit.SECONDS, queue,
        runnable -> daemon(runnable, "keycond-request-"));
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  private static Thread daemon(Runnable runnable, String prefix) {
    Thread thread = new Thread(runnable, prefix + COUNTER.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  }
}
