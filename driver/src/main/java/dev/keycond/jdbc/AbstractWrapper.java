package dev.keycond.jdbc;

import dev.keycond.planner.error.SqlState;
import java.sql.SQLException;
import java.sql.Wrapper;

/**
 * {@link Wrapper} for keycond's JDBC objects. None of them wraps another object, so each unwraps
 * only to itself, as any of the interfaces it implements.
 */
abstract class AbstractWrapper implements Wrapper {
  @Override
  public final <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw SqlState.INTERNAL_ERROR.toException(getClass().getSimpleName() + " does not wrap " + iface.getName(),
        null);
  }

  @Override
  public final boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
