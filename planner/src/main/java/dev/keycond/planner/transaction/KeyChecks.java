package dev.keycond.planner.transaction;

import dev.keycond.planner.settings.PropertyChoice;
import java.util.Locale;

/**
 * When a JDBC transaction finds that an INSERT's key is taken, as SQL's constraint modes say it:
 * DynamoDB checks it only as the commit puts the item, so finding it at the statement costs a read.
 */
public enum KeyChecks {
  /**
   * When the statement runs (the default): its keys are read then (a GetItem, or a BatchGetItem per
   * 100 keys), so that a taken key fails the statement with 23505, as JPA's flush expects.
   */
  IMMEDIATE,
  /**
   * Only at commit: the INSERT counts its rows without reading, and a taken key cancels the whole
   * commit with 23505. For bulk loads in transactions, where the reads would cost as much as the
   * writes.
   */
  DEFERRED;

  /** The property's value, {@code immediate} or {@code deferred}, in any case. */
  public static KeyChecks parse(String text) {
    return PropertyChoice.parse(KeyChecks.class, "keyChecks", text);
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
