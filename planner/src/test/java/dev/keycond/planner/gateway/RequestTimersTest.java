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
  /** A pacer whose first run is far off: the queue holds still while a test looks at it. */
  private final RequestTimers timers = timers(Duration.ofSeconds(10));

  @AfterEach
  void shutDown() {
    timers.shutdownNow();
  }

  @Test
  void aRequestsTimerIsQueuedBehindThePacerAndDroppedWhenCancelled() {
    ScheduledFuture<?> timer = timers.schedule(() -> { }, 30, TimeUnit.SECONDS);

    assertTrue(timers.pacing());
    assertEquals(1, timers.queuedTimers());
    assertEquals(2, timers.getQueue().size(), "the timer and the pacer");
    assertNotSame(timer, timers.getQueue().peek(), "the pacer, due first, is the earliest task");
    timer.cancel(false);
    assertEquals(0, timers.queuedTimers(), "a cancelled timer is dropped at once");
  }

  @Test
  void aTimerShorterThanThePeriodFiresOnTime() throws InterruptedException {
    CountDownLatch fired = new CountDownLatch(1);
    timers.schedule(fired::countDown, 20, TimeUnit.MILLISECONDS);
    assertTrue(fired.await(5, TimeUnit.SECONDS), "the timer fired long before the pacer's first run");
  }

  @Test
  void thePacerStopsWhenNoTimerIsQueuedAndStartsWithTheNext() throws InterruptedException {
    RequestTimers quick = timers(Duration.ofMillis(20));
    try {
      quick.schedule(() -> { }, 30, TimeUnit.SECONDS).cancel(false);
      assertTrue(quick.pacing());

      // Once it has stopped itself, the pacer is never queued again.
      awaitTrue(() -> !quick.pacing(), "the pacer stopped after three idle periods");
      assertEquals(0, quick.getQueue().size());

      quick.schedule(() -> { }, 30, TimeUnit.SECONDS);
      assertTrue(quick.pacing(), "the pacer started again with the next timer");
      assertEquals(1, quick.queuedTimers());
    } finally {
      quick.shutdownNow();
    }
  }

  @Test
  void aPacerNeedsAPositivePeriodAndAnIdlePeriod() {
    assertThrows(IllegalArgumentException.class, () -> timers(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> new RequestTimers(Thread::new, Duration.ofSeconds(1), 0));
  }

  private static RequestTimers timers(Duration period) {
    return new RequestTimers(runnable -> {
      Thread thread = new Thread(runnable, "test-timer");
      thread.setDaemon(true);
      return thread;
    }, period, 3);
  }

  private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, what);
      Thread.sleep(5);
    }
  }
}
