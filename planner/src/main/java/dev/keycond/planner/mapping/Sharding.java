package dev.keycond.planner.mapping;

/**
 * Write sharding with a calculated suffix: {@code column}, a slot of the partition key template
 * ({@code "PK": "WS#{workspace_id}#{shard:02}"}), holds a shard number from 1 to {@code count}
 * computed from the value of {@code of}, a column of the key that statements look rows up by. One
 * logical partition (a workspace) is spread over {@code count} DynamoDB partitions, so that no one
 * partition gets all its writes; a row read by key is still one request, and a read of the whole
 * logical partition is one Query per shard.
 */
public record Sharding(String column, String of, int count) {
  public Sharding {
    if (count < 2) {
      throw new IllegalArgumentException("a sharded partition has at least 2 shards, not " + count);
    }
  }
}
