package dev.keycond.planner.gateway;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Waiting for work done on another thread, so that its own exception reaches the caller. */
final class Futures {
  private Futures() {}

  /** The future's value; its RuntimeException (a KeycondException, say) unwrapped and thrown as is. */
  static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }
}
