package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;

/**
 * What a write statement did: the rows each execution wrote, exactly as DynamoDB took them, and,
 * when it was asked for them, the rows it wrote as DynamoDB holds them (as an UPDATE or MERGE left
 * them, as a DELETE found them, as an INSERT wrote them), each of the table's full width, in the
 * statement's order.
 */
public record WriteResult(long[] counts, ImmutableList<Object[]> rows) {

  public WriteResult {
    counts = counts.clone();
  }

  @Override
  public long[] counts() {
    return counts.clone();
  }
}
