package dev.keycond.planner.gateway;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
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

  /**
   * The timers that bound each request (a query timeout, else {@link DynamoClients#REQUEST_LIMIT}),
   * given to the SDK in place of its own. The SDK's keeps a timer that was cancelled, as nearly
   * every one is, queued until it would have fired 30 s later: at thousands of requests a second, a
   * hundred thousand timers queued, each waking a thread when it falls due and holding on to what
   * it refers to until then. These are dropped when cancelled.
   */
  public static final ScheduledExecutorService TIMERS = timers();

  private RequestThreads() {}

  private static ExecutorService create(int core, int max, BlockingQueue<Runnable> queue) {
    ThreadPoolExecutor executor = new ThreadPoolExecutor(core, max, 30, TimeUnit.SECONDS, queue,
        runnable -> daemon(runnable, "keycond-request-"));
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  private static ScheduledExecutorService timers() {
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1,
        runnable -> daemon(runnable, "keycond-request-timer-"));
    executor.setRemoveOnCancelPolicy(true);
    // A timer that fires runs only long enough to abort its request: one thread, gone once no timer is queued.
    executor.setKeepAliveTime(30, TimeUnit.SECONDS);
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  private static Thread daemon(Runnable runnable, String prefix) {
    Thread thread = new Thread(runnable, prefix + COUNTER.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  }
}
