package dev.keycond.benchmark;

import java.net.URI;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The baseline: the AWS SDK v2 called directly, with its client built the usual way (the
 * {@link #BASELINE} HTTP client, the fastest of those {@link HttpClients} measures, keycond's
 * timeouts, static credentials) and the request keycond's plan sends.
 */
final class RawSdk {
  static final String REGION = "us-east-1";
  static final String ACCESS_KEY = "benchmark";
  static final String SECRET_KEY = "benchmark";

  private RawSdk() {}

  /** The HTTP client of the baseline: the fastest point read and throughput in {@link HttpClients}. */
  static final HttpStack BASELINE = HttpStack.APACHE;

  static DynamoDbClient client(String endpoint) {
    return client(endpoint, BASELINE);
  }

  static DynamoDbClient client(String endpoint, HttpStack stack) {
    return DynamoDbClient.builder()
        .httpClient(stack.build())
        .region(Region.of(REGION))
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
        .endpointOverride(URI.create(endpoint))
        .build();
  }

  /**
   * What keycond asks of every request, for the cost of each statement; a raw request that asks the
   * same measures what keycond's own code adds, apart from what the answer's consumed capacity costs
   * (on dynalite, computing it takes the server's CPU, on the same cores as the client's).
   */
  static final ReturnConsumedCapacity AS_KEYCOND = ReturnConsumedCapacity.INDEXES;

  /**
   * A request builder's {@code returnConsumedCapacity}: {@link #AS_KEYCOND} when {@code asked}, else
   * unset, so that the request is the one a user writes.
   */
  static ReturnConsumedCapacity capacity(boolean asked) {
    return asked ? AS_KEYCOND : null;
  }

  /** {@code PK = DRIVE#a1 AND begins_with(SK, prefix)}: what {@code path LIKE 'prefix%'} becomes. */
  static QueryRequest.Builder beginsWith(String prefix) {
    return QueryRequest.builder()
        .tableName(FilesTable.SOURCE)
        .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
        .expressionAttributeValues(Map.of(
            ":pk", AttributeValue.fromS(FilesTable.PARTITION),
            ":prefix", AttributeValue.fromS(prefix)));
  }

  /** The same, projected as keycond projects {@code SELECT path, size} (PK gives the account). */
  static QueryRequest pathAndSize(String prefix) {
    return pathAndSize(prefix, false);
  }

  /** The same, asking for the consumed capacity as keycond does when {@code askCapacity}. */
  static QueryRequest pathAndSize(String prefix, boolean askCapacity) {
    return beginsWith(prefix)
        .projectionExpression("PK, SK, #size")
        .expressionAttributeNames(Map.of("#size", "size"))
        .returnConsumedCapacity(capacity(askCapacity))
        .build();
  }
}
