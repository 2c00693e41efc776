package dev.keycond.sqltests.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The thread a statement runs on, seen from another thread while its request hangs: keycond sends
 * a statement's request on the statement's own thread, so that thread is the one blocked in the
 * HTTP client reading the answer, not one waiting for another thread to read it.
 */
final class StatementThread {
  private final AtomicReference<Thread> thread = new AtomicReference<>();

  /** Called on the statement's thread before it executes. */
  void isThisOne() {
    thread.set(Thread.currentThread());
  }

  /**
   * Waits until the statement's thread is blocked in the HTTP client under keycond's gateway, and
   * fails when it never is within {@code bound}.
   */
  void awaitReadingTheAnswer(Duration bound) throws InterruptedException {
    long end = System.nanoTime() + bound.toNanos();
    while (!readingTheAnswer()) {
      assertTrue(System.nanoTime() < end, () -> "the statement's thread never read the answer itself: "
          + (thread.get() == null ? "not started" : Arrays.toString(thread.get().getStackTrace())));
      Thread.sleep(10);
    }
  }

  private boolean readingTheAnswer() {
    Thread running = thread.get();
    if (running == null) {
      return false;
    }
    StackTraceElement[] stack = running.getStackTrace();
    boolean inHttpClient = Arrays.stream(stack).anyMatch(f -> f.getClassName().startsWith("org.apache.http."));
    boolean inGateway = Arrays.stream(stack)
        .anyMatch(f -> f.getClassName().equals("dev.keycond.planner.gateway.DynamoGateway"));
    return inHttpClient && inGateway;
  }
}
