package dev.keycond.jdbc;

import dev.keycond.planner.error.SqlState;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.Optional;

/** A savepoint of a connection's transaction: its id in the session, and the name it was given. */
record KeycondSavepoint(int id, Optional<String> name) implements Savepoint {

  /** The savepoint as keycond made it; another driver's is refused. */
  static KeycondSavepoint of(Savepoint savepoint) throws SQLException {
    if (savepoint instanceof KeycondSavepoint own) {
      return own;
    }
    throw SqlState.INVALID_SAVEPOINT.toException("Not a savepoint of a keycond connection: " + savepoint, null);
  }

  @Override
  public int getSavepointId() throws SQLException {
    if (name.isPresent()) {
      throw SqlState.INVALID_SAVEPOINT.toException("Savepoint '" + name.get() + "' is named; ask getSavepointName", null);
    }
    return id;
  }

  @Override
  public String getSavepointName() throws SQLException {
    return name.orElseThrow(() -> SqlState.INVALID_SAVEPOINT.toException("Savepoint " + id + " has no name; ask "
        + "getSavepointId", null));
  }
}
