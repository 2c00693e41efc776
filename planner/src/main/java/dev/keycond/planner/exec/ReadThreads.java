package dev.keycond.planner.exec;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that send the requests of a fan-out concurrently. Daemon threads, few of them, and
 * idle ones go away: a JDBC driver must not keep a host application alive or busy.
 */
final class ReadThreads {
  static final int THREADS = 8;
  private static final AtomicInteger COUNTER = new AtomicInteger();

  static final ExecutorService EXECUTOR = create();

  private ReadThreads() {}

  private static ExecutorService create() {
    ThreadPoolExecutor executor = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), runnable -> {
          Thread thread = new Thread(runnable, "keycond-read-" + COUNTER.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }
}
