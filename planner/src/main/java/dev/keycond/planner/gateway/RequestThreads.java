package dev.keycond.planner.gateway;

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
   * The request a statement's thread waits for, sent here rather than on that thread so that a
   * cancel can end the wait. As many threads as requests waited for: a statement's own request
   * never queues behind other statements' fan-outs.
   */
  public static final ExecutorService WAITED = create(0, Integer.MAX_VALUE, new SynchronousQueue<>());

  private RequestThreads() {}

  private static ExecutorService create(int core, int max, BlockingQueue<Runnable> queue) {
    ThreadPoolExecutor executor = new ThreadPoolExecutor(core, max, 30, TimeUnit.SECONDS, queue, runnable -> {
      Thread thread = new Thread(runnable, "keycond-request-" + COUNTER.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }
}
