package dev.keycond.benchmark;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The baseline: the AWS SDK v2 called directly, with its client built the usual way (the
 * url-connection HTTP client keycond uses, the same timeouts, static credentials) and the request
 * keycond's plan sends. For an http:// endpoint keycond gives that HTTP client plain connections
 * and so skips the TLS set-up its builder does; the baseline does not.
 */
final class RawSdk {
  static final String REGION = "us-east-1";
  static final String ACCESS_KEY = "benchmark";
  static final String SECRET_KEY = "benchmark";

  private RawSdk() {}

  static DynamoDbClient client(String endpoint) {
    return DynamoDbClient.builder()
        .httpClient(UrlConnectionHttpClient.builder()
            .connectionTimeout(Duration.ofSeconds(5))
            .socketTimeout(Duration.ofSeconds(60))
            .build())
        .region(Region.of(REGION))
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
        .endpointOverride(URI.create(endpoint))
        .build();
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
    return beginsWith(prefix)
        .projectionExpression("PK, SK, #size")
        .expressionAttributeNames(Map.of("#size", "size"))
        .build();
  }
}
