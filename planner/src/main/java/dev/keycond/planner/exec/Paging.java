package dev.keycond.planner.exec;

/**
 * When a read asks DynamoDB for its next page. The compiler reads ahead only in a statement whose
 * reads are not cut short by a LIMIT or OFFSET, so that a statement never pays for a page its
 * rows did not need, unless its caller stops reading before the end.
 */
public enum Paging {
  /** The next page is sent for when the rows need it. */
  ON_DEMAND,
  /** The next page is read while the rows of the current one are consumed: one page ahead, never more. */
  ONE_AHEAD
}
