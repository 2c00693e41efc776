package dev.keycond.planner.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request's timer never becomes the earliest task queued while the pacer runs, so queuing it
 * wakes no thread; a timer shorter than the pacer's period still fires on time; the pacer stops
 * once no timer has been queued for its idle periods, and starts again with the next timer.
 */
class RequestTimersTest {
  private final RequestTimers timers = new RequestTimers(runnable -> {
    Thread thread = new Thread(runnable, "test-timer");
    thread.setDaemon(true);
    return thread;
  }, Duration.ofMillis(50), 3);

  @AfterEach
  void shutDown() {
    timers.shutdownNow();
  }

  @Test
  void aRequestsTimerIsQueuedBehindThePacerAndDroppedWhenCancelled() {
    ScheduledFuture<?> timer = timers.schedule(() -> { }, 30, TimeUnit.SECONDS);

    assertEquals(1, timers.queuedTimers());
    assertEquals(2, timers.getQueue().size(), "the timer and the pacer");
    assertNotSame(timer, timers.getQueue().peek(), "the pacer, due first, is the earliest task");
    timer.cancel(false);
    assertEquals(0, timers.queuedTimers(), "a cancelled timer is dropped at once");
  }

  @Test
  void aTimerShorterThanThePeriodFiresOnTime() throws InterruptedException {
    RequestTimers slowPacer = new RequestTimers(Thread::new, Duration.ofSeconds(10), 3);
    try {
      CountDownLatch fired = new CountDownLatch(1);
      long start = System.nanoTime();
      slowPacer.schedule(fired::countDown, 20, TimeUnit.MILLISECONDS);
      assertTrue(fired.await(5, TimeUnit.SECONDS), "the timer fired");
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "before the pacer's first run");
    } finally {
      slowPacer.shutdownNow();
    }
  }

  @Test
  void thePacerStopsWhenNoTimerIsQueuedAndStartsWithTheNext() throws InterruptedException {
    timers.schedule(() -> { }, 30, TimeUnit.SECONDS).cancel(false);
    assertEquals(1, timers.getQueue().size(), "the pacer runs");

    awaitTrue(() -> timers.getQueue().isEmpty(), "the pacer stopped after three idle periods");

    ScheduledFuture<?> next = timers.schedule(() -> { }, 30, TimeUnit.SECONDS);
    assertEquals(2, timers.getQueue().size(), "the pacer started again with the next timer");
    assertNotSame(next, timers.getQueue().peek());
  }

  @Test
  void aPacerNeedsAPositivePeriodAndAnIdlePeriod() {
    assertThrows(IllegalArgumentException.class, () -> new RequestTimers(Thread::new, Duration.ZERO, 3));
    assertThrows(IllegalArgumentException.class, () -> new RequestTimers(Thread::new, Duration.ofSeconds(1), 0));
  }

  private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, what);
      Thread.sleep(10);
    }
  }
}
