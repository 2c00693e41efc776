package dev.keycond.sqltests.fuzz;

/** How a statement's rows are compared with the reference's. */
sealed interface Comparison {
  /** ORDER BY fixes the whole order: rows compared in order. */
  record Ordered() implements Comparison {}

  /** Any order: rows compared as multisets. */
  record Unordered() implements Comparison {}

  /**
   * LIMIT without an ORDER BY that fixes the rows: the reference holds every row the statement
   * may pick from, and the statement must return {@code limit} of them (fewer when there are fewer
   * after {@code offset}), each one a row of the reference.
   */
  record Subset(long limit, long offset) implements Comparison {}
}
