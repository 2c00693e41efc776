package dev.keycond.planner.source;

import com.google.common.collect.ImmutableSet;

/**
 * A secondary index of a DynamoDB table, as DescribeTable reports it.
 *
 * @param projectedAttributes the non-key attributes an INCLUDE index carries; empty otherwise
 */
public record SourceIndex(
    String name, Kind kind, KeySchema keys, Projection projection, ImmutableSet<String> projectedAttributes) {

  public enum Kind {
    GLOBAL,
    LOCAL
  }

  public enum Projection {
    ALL,
    KEYS_ONLY,
    INCLUDE
  }

  /** Global indexes are eventually consistent only; DynamoDB rejects ConsistentRead on them. */
  public boolean supportsConsistentRead() {
    return kind == Kind.LOCAL;
  }
}
