package dev.keycond.planner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** When the warm-up's half planned through Calcite may begin, as its thread waits for it. */
class FirstStatementTest {
  private static final Duration LONG = Duration.ofMinutes(5);
  private static final Duration BOUND = Duration.ofSeconds(30);

  @Test
  void withoutAStatementTheWaitEndsAfterTheQuietTime() {
    FirstStatement first = new FirstStatement();
    assertTimeoutPreemptively(BOUND, () -> first.await(Duration.ofMillis(1)));
  }

  @Test
  void aStatementThatBeganHoldsTheWaitUntilItIsOver() throws Exception {
    FirstStatement first = new FirstStatement();
    first.begins();
    CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> first.await(LONG));
    Thread.sleep(200);
    assertFalse(waiting.isDone(), "the wait ended while the first statement ran");
    first.over();
    waiting.get(BOUND.toSeconds(), TimeUnit.SECONDS);
  }

  @Test
  void aStatementAlreadyOverLetsTheWaitEndAtOnce() {
    FirstStatement first = new FirstStatement();
    first.begins();
    first.over();
    first.begins();
    assertTimeoutPreemptively(BOUND, () -> first.await(LONG));
  }

  @Test
  void aStatementThatBeginsDuringTheQuietTimeHoldsTheWait() throws Exception {
    FirstStatement first = new FirstStatement();
    CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> first.await(LONG));
    first.begins();
    Thread.sleep(200);
    assertFalse(waiting.isDone(), "the wait ended while the first statement ran");
    first.over();
    waiting.get(BOUND.toSeconds(), TimeUnit.SECONDS);
  }
}
