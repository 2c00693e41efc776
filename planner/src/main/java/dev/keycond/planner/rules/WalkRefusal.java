package dev.keycond.planner.rules;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;

/**
 * The refusal of a recursive query that is not a walk of a declared hierarchy. keycond evaluates
 * {@code WITH RECURSIVE} only as that walk's key reads, so the message names the part of the query
 * that kept it from being one, and the shape that is.
 */
final class WalkRefusal {
  private static final String SHAPE = "keycond evaluates WITH RECURSIVE only as a walk of a table whose mapping "
      + "declares a hierarchy: the seed selects columns of that table (and may add a number to count levels "
      + "from) where the partition columns and the path are each bound by equality or IN (account = 'a91' AND "
      + "path = 'root/photos/'); the recursive step joins the table to the recursive table on child.parent = "
      + "t.path (down the tree) or child.path = t.parent (up the tree) and on every partition column "
      + "(child.account = t.account), may add conditions on the child's columns, and selects the child's "
      + "columns in the seed's order (or t.lvl + 1 for a level counter)";

  private WalkRefusal() {}

  /** @param reason what blocked the rewrite, as a clause: "the seed ..." */
  static KeycondException because(String reason) {
    return new KeycondException(SqlState.FEATURE_NOT_SUPPORTED,
        "keycond does not evaluate this recursive query (WITH RECURSIVE): " + reason + ". " + SHAPE + ".");
  }
}
