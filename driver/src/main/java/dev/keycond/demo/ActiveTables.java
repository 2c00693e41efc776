package dev.keycond.demo;

import java.time.Duration;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * Waits for a table just created on a local server to be ACTIVE. The SDK's own waiter sleeps 20 s
 * between polls, the pace it keeps for DynamoDB's minutes-long creations; dynalite and moto
 * activate a table within milliseconds, but a DescribeTable sent at once can still see CREATING,
 * and each such poll would cost the demo, a test or the benchmark 20 s.
 */
public final class ActiveTables {
  private static final Duration POLL = Duration.ofMillis(20);
  private static final int POLLS = 1500;

  private ActiveTables() {}

  /** Returns once {@code table} is ACTIVE, or throws the waiter's error after about 30 s. */
  public static void await(DynamoDbClient client, String table) {
    try (DynamoDbWaiter waiter = DynamoDbWaiter.builder()
        .client(client)
        .overrideConfiguration(o -> o.backoffStrategyV2(BackoffStrategy.fixedDelayWithoutJitter(POLL)).maxAttempts(POLLS))
        .build()) {
      waiter.waitUntilTableExists(b -> b.tableName(table));
    }
  }
}
