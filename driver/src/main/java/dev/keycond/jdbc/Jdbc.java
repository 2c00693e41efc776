package dev.keycond.jdbc;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.sql.BatchUpdateException;
import java.sql.SQLException;

/** Small helpers shared by keycond's JDBC classes; every SQLException they build comes from a {@link SqlState}. */
final class Jdbc {
  private Jdbc() {}

  static SQLException notSupported(String what) {
    return SqlState.FEATURE_NOT_SUPPORTED.toException("keycond does not support " + what, null);
  }

  static SQLException closed(String what) {
    return SqlState.OBJECT_CLOSED.toException("The " + what + " is closed", null);
  }

  /**
   * Converts anything thrown below the JDBC layer into the SQLException a caller should see: a
   * keycond error keeps its SQLState, and anything else is a bug reported as an internal error
   * rather than a bare RuntimeException.
   */
  static SQLException translate(RuntimeException e) {
    if (e instanceof KeycondException k) {
      return k.toSqlException();
    }
    return SqlState.INTERNAL_ERROR.toException("Internal error in keycond: " + e, e);
  }

  /**
   * Checks a 1-based column or parameter index.
   *
   * @param kind what is indexed, as the message starts: "Column" or "Parameter"
   */
  static void checkIndex(String kind, int index, int count) throws SQLException {
    if (index < 1 || index > count) {
      throw SqlState.INVALID_DESCRIPTOR_INDEX.toException(kind + " index " + index + " is out of range 1.." + count,
          null);
    }
  }

  /** Checks the value given to a JDBC setting such as a timeout, which none may take negative. */
  static void checkNotNegative(String setting, long value) throws SQLException {
    if (value < 0) {
      throw SqlState.INVALID_ATTRIBUTE_VALUE.toException(setting + " must not be negative", null);
    }
  }

  /**
   * An update count as the int-returning JDBC methods give it: one that does not fit is
   * Integer.MAX_VALUE (the {@code Large} methods give it exactly), -1 stays "no count".
   */
  static int toIntCount(long count) {
    return (int) Math.min(count, Integer.MAX_VALUE);
  }

  static int[] toIntCounts(long[] counts) {
    int[] ints = new int[counts.length];
    for (int i = 0; i < counts.length; i++) {
      ints[i] = toIntCount(counts[i]);
    }
    return ints;
  }

  /**
   * The BatchUpdateException of a batch that stopped part-way: the failure's SQLState and message,
   * and each row's real count (1 or 0 where known, EXECUTE_FAILED where it was not all written).
   */
  static BatchUpdateException batchFailure(SQLException failure, long[] counts) {
    return new BatchUpdateException(failure.getMessage(), failure.getSQLState(), failure.getErrorCode(), counts,
        failure);
  }
}
