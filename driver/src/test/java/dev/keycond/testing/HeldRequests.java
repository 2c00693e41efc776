package dev.keycond.testing;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Requests held at the test proxy, before they reach the server, until {@link #close()}: while a
 * hold lasts no response can arrive, so whatever a caller sees meanwhile did not come from one.
 */
public final class HeldRequests implements AutoCloseable {
  private final CountDownLatch arrived = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private final Runnable onClose;

  HeldRequests(Runnable onClose) {
    this.onClose = onClose;
  }

  /** Called on the proxy's thread for each request: holds it until the hold ends. */
  void hold() {
    arrived.countDown();
    try {
      released.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits until a request is held; false if none came within {@code seconds}. */
  public boolean awaitRequest(int seconds) throws InterruptedException {
    return arrived.await(seconds, TimeUnit.SECONDS);
  }

  /** Lets the held requests, and every later one, through. */
  @Override
  public void close() {
    onClose.run();
    released.countDown();
  }
}
