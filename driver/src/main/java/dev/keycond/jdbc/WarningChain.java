package dev.keycond.jdbc;

import java.sql.SQLWarning;

/**
 * The warnings of a connection or statement, oldest first, chained as {@link SQLWarning} chains
 * them. Synchronized: the thread that reads the warnings need not be the one whose statement adds
 * them.
 */
final class WarningChain {
  private SQLWarning first;

  synchronized void add(SQLWarning warning) {
    if (first == null) {
      first = warning;
    } else {
      first.setNextWarning(warning);
    }
  }

  /** The first warning, from which {@link SQLWarning#getNextWarning()} leads to the others; null when none. */
  synchronized SQLWarning first() {
    return first;
  }

  synchronized void clear() {
    first = null;
  }
}
