package dev.keycond.planner.codec;

import dev.keycond.planner.error.SqlState;

/**
 * A stored value that cannot be read as its column's type. The codec knows why (a number out of
 * range, a malformed date, a wrong attribute type) but not where; the reader of the item adds the
 * table, column and key to the message.
 */
public final class UnreadableValueException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient SqlState state;

  /** @param reason a clause that follows the column's name, such as "holds 'x', which is not a DATE" */
  UnreadableValueException(SqlState state, String reason, Throwable cause) {
    super(reason, cause);
    this.state = state;
  }

  public SqlState state() {
    return state;
  }
}
