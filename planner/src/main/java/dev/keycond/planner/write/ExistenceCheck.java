package dev.keycond.planner.write;

import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.rel.ReadPlan;

/**
 * An {@code EXISTS} or {@code NOT EXISTS} subquery of an UPDATE or DELETE that reads one item of a
 * table by its whole key: the item is read when the statement runs, and if the subquery holds, the
 * write is sent in one TransactWriteItems with a ConditionCheck that the item still exists (or
 * still does not), so that the check and the write are atomic.
 *
 * @param read the GetItem of the item, with the key from literals or parameters
 * @param exists whether the statement writes when the item exists ({@code EXISTS}) or when it does not
 */
public record ExistenceCheck(ReadPlan read, boolean exists) {
  public ExistenceCheck {
    if (!readsOneItem(read)) {
      throw new IllegalArgumentException("an existence check reads one item of a table by its whole key, nothing else");
    }
  }

  /** Whether a read is of one item of a table by its whole key, testing nothing else. */
  public static boolean readsOneItem(ReadPlan read) {
    return read.access().kind() == AccessPath.Kind.GET_ITEM && read.access().index().isEmpty()
        && read.access().keys().size() == 1 && read.residual().isEmpty() && read.walk().isEmpty();
  }
}
