package dev.keycond.hibernate;

import java.sql.SQLException;
import org.hibernate.JDBCException;
import org.hibernate.exception.ConstraintViolationException;
import org.hibernate.exception.SnapshotIsolationException;

/**
 * keycond's SQLStates that Hibernate's generic conversion would name less precisely. Every other
 * state is left to Hibernate's standard conversion, which knows the SQL classes (22 data, 42
 * grammar, 08 connection).
 */
final class KeycondSqlStates {
  /** An INSERT of a key the table (or the transaction) already holds. */
  static final String DUPLICATE_KEY = "23505";

  /**
   * A transaction's condition failed: an item it read was changed by another writer before it was
   * written. Hibernate reports it as an OptimisticLockException.
   */
  static final String CHANGED_SINCE_READ = "40001";

  private KeycondSqlStates() {}

  /** The exception Hibernate raises for {@code e}, or null to leave it to the standard conversion. */
  static JDBCException convert(SQLException e, String message, String sql) {
    String state = e.getSQLState();
    if (DUPLICATE_KEY.equals(state)) {
      return new ConstraintViolationException(message, e, ConstraintViolationException.ConstraintKind.UNIQUE, sql);
    }
    if (CHANGED_SINCE_READ.equals(state)) {
      return new SnapshotIsolationException(message, e, sql);
    }
    return null;
  }
}
