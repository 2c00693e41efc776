package dev.keycond.sqltests.harness;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fault armed on a {@link FaultProxy}: it counts the requests its trigger matches and the ones
 * it failed, so that a test can show that the fault it relies on really happened.
 */
public final class ArmedFault {
  private final Trigger trigger;
  private final Fault fault;
  private final AtomicInteger matched = new AtomicInteger();
  private final AtomicInteger fired = new AtomicInteger();

  ArmedFault(Trigger trigger, Fault fault) {
    this.trigger = trigger;
    this.fault = fault;
  }

  /**
   * Counts a request and says whether this fault applies to it. Requests of another operation, or
   * first pages under {@link Trigger#laterPages()}, are not counted.
   */
  boolean claims(String operation, boolean laterPage) {
    if (!trigger.matches(operation, laterPage)) {
      return false;
    }
    boolean fires = trigger.fires(matched.incrementAndGet());
    if (fires) {
      fired.incrementAndGet();
    }
    return fires;
  }

  public Fault fault() {
    return fault;
  }

  /** How many requests the trigger matched so far, failed or not. */
  public int matched() {
    return matched.get();
  }

  /** How many requests this fault was applied to so far. */
  public int fired() {
    return fired.get();
  }

  @Override
  public String toString() {
    return fault + " on " + trigger + " (fired " + fired() + " of " + matched() + ")";
  }
}
