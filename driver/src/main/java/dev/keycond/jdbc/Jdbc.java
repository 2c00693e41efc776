package dev.keycond.jdbc;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/** Small helpers shared by keycond's JDBC classes. */
final class Jdbc {
  private Jdbc() {}

  static SQLFeatureNotSupportedException notSupported(String what) {
    return new SQLFeatureNotSupportedException("keycond does not support " + what, SqlState.FEATURE_NOT_SUPPORTED.code());
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

  static <T> T unwrap(Object self, Class<T> iface) throws SQLException {
    if (iface.isInstance(self)) {
      return iface.cast(self);
    }
    throw SqlState.INTERNAL_ERROR.toException(self.getClass().getSimpleName() + " does not wrap " + iface.getName(),
        null);
  }
}
