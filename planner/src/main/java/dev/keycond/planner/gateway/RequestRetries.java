package dev.keycond.planner.gateway;

import java.time.Duration;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;

/**
 * How the SDK retries a DynamoDB request that failed: as it does for DynamoDB by default (its
 * legacy strategy, nine attempts, waits from 25 ms), with a throttling backoff that fits within
 * keycond's bound on a request, and damaged answers retried. The strategy is fixed here, whatever
 * {@code AWS_RETRY_MODE} says, since the bound and the messages depend on it.
 *
 * <p>The SDK waits after a throttled attempt from 500 ms up to 20 s, doubling each time, so a table
 * that throttles every attempt kept a statement waiting past {@link ClientSettings#DEFAULT_REQUEST_TIMEOUT}
 * after seven of its nine attempts, and the statement failed as if DynamoDB had not answered. Here
 * the wait after the n-th throttled attempt is random up to 100 ms × 2^(n-1), at most 2 s (full
 * jitter): nine attempts wait 9.1 s at most and about 4.5 s on average, so the statement ends with
 * DynamoDB's throttling error once the retries are spent. A query timeout shorter than that ends
 * it first.
 *
 * <p>An answer cut short by a connection that ended in order within its body reaches the SDK as a
 * CRC32 mismatch, which the SDK does not retry, although it retries the same answer cut short by a
 * reset. Both are retried here.
 *
 * <p>The SDK's circuit breaker (a retry quota per client, which failed attempts drain and successes
 * refill) is off: the JVM's connections share a client ({@link SharedClient}), and a statement's
 * request gets its nine attempts whatever other connections' requests met; each is still bounded
 * by its own time limit.
 */
public final class RequestRetries {
  /** Attempts of one request, the first included: the SDK's default for DynamoDB. */
  public static final int MAX_ATTEMPTS = 9;
  /** The SDK's waits for DynamoDB after other failures: random up to 25 ms × 2^(n-1), at most 20 s. */
  private static final BackoffStrategy BACKOFF =
      BackoffStrategy.exponentialDelay(Duration.ofMillis(25), Duration.ofSeconds(20));
  private static final BackoffStrategy THROTTLED_BACKOFF =
      BackoffStrategy.exponentialDelay(Duration.ofMillis(100), Duration.ofSeconds(2));

  private RequestRetries() {}

  static RetryStrategy strategy() {
    return AwsRetryStrategy.legacyRetryStrategy().toBuilder()
        .circuitBreakerEnabled(false)
        .maxAttempts(MAX_ATTEMPTS)
        .backoffStrategy(BACKOFF)
        .throttlingBackoffStrategy(THROTTLED_BACKOFF)
        .retryOnException(DynamoErrors::isDamagedAnswer)
        .build();
  }
}
