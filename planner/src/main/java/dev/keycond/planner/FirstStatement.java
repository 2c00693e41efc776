package dev.keycond.planner;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The first statement of a JVM, as the planner's warm-up waits for it: the warm-up's second half
 * (Calcite's front end) would take a core from that statement, which is most often a simple one
 * that needs none of it, so it begins once the statement is over, or at once when none comes soon
 * after the first connection opens (a tool waiting for its user).
 */
final class FirstStatement {
  private final CompletableFuture<Void> begun = new CompletableFuture<>();
  private final CompletableFuture<Void> over = new CompletableFuture<>();

  /** A statement is being prepared: every statement says so; only the first one counts. */
  void begins() {
    if (!begun.isDone()) {
      begun.complete(null);
    }
  }

  /** A statement was closed, or could not be prepared, or its connection closed. */
  void over() {
    if (!over.isDone()) {
      over.complete(null);
    }
  }

  /**
   * Returns once the first statement is over, or at once when none began within {@code quiet}:
   * a statement that never ends (a cursor left open) holds back only a head start.
   */
  void await(Duration quiet) {
    try {
      begun.get(quiet.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    } catch (ExecutionException e) {
      throw new IllegalStateException("a statement's beginning is never completed with an error", e);
    }
    over.join();
  }
}
