package dev.keycond.planner.write;

import org.apache.calcite.rex.RexNode;

/**
 * One assignment of an UPDATE's (or a MERGE's) SET clause, classified by what DynamoDB can do with
 * it in the write itself.
 */
public sealed interface Assignment {

  /** The table column assigned. */
  int column();

  /**
   * {@code column = value}, a value known when the statement runs (a literal, a parameter, an
   * expression of those): SET, or REMOVE for NULL, which a NULL column is (no attribute at all).
   */
  record SetValue(int column, RexNode value) implements Assignment {}

  /**
   * {@code column = column + amount} (or {@code - amount}) on an INTEGER or BIGINT column, with an
   * amount known when the statement runs: an update expression, never a read-modify-write. DynamoDB
   * cannot add to a missing attribute, whose SQL sum is NULL, so such a row is read and written as a
   * computed value.
   */
  record Increment(int column, RexNode amount, boolean subtract) implements Assignment {}

  /**
   * {@code column = expression} over the row's own columns ({@code name = UPPER(name)}): the row
   * is read, the value computed, and written only if the row has not changed since.
   *
   * @param expression over the table's full row
   */
  record Computed(int column, RexNode expression) implements Assignment {}
}
