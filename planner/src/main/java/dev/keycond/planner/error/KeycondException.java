package dev.keycond.planner.error;

import java.sql.SQLException;

/**
 * An error with a SQLState, raised anywhere below the JDBC layer.
 *
 * <p>It is unchecked because it has to cross Calcite's rule and validator call-backs, which do
 * not declare checked exceptions. The JDBC layer turns it into an {@link SQLException} of the
 * type its state calls for; nothing else may reach a caller.
 */
public class KeycondException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final SqlState state;

  public KeycondException(SqlState state, String message) {
    this(state, message, null);
  }

  public KeycondException(SqlState state, String message, Throwable cause) {
    super(message, cause);
    this.state = state;
  }

  public SqlState state() {
    return state;
  }

  /** This error's message ended as a sentence, then {@code more}: what a caller adds of what it knows. */
  public String messageThen(String more) {
    return then(getMessage(), more);
  }

  /** A message followed by more sentences, the first ended with a full stop if it had none. */
  public static String then(String message, String more) {
    return (message.endsWith(".") ? message : message + ".") + " " + more;
  }

  public SQLException toSqlException() {
    return state.toException(getMessage(), this);
  }
}
