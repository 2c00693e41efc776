package dev.keycond.planner.sql;

import com.google.common.base.Throwables;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;

/**
 * A statement nested deeper than planning can follow (a thousand parentheses, thousands of ORs):
 * Calcite's parser, validator and simplifier recurse once per level and run out of stack. Such a
 * statement is refused with SQLState 54001 before anything is sent, never an internal error.
 */
public final class StatementTooComplex {
  private StatementTooComplex() {}

  /** Whether {@code e} is the stack running out, or was caused by it. */
  public static boolean causedBy(Throwable e) {
    return Throwables.getRootCause(e) instanceof StackOverflowError;
  }

  public static KeycondException refusal() {
    return new KeycondException(SqlState.STATEMENT_TOO_COMPLEX, "The statement is too complex to plan: it nests "
        + "expressions, parentheses or subqueries too deeply. Write long OR chains on one column as IN (...), "
        + "drop redundant parentheses, or split the statement.");
  }
}
