package dev.keycond.planner.dynamo;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/** Builds the DynamoDB client a connection uses. */
public final class DynamoClients {
  private DynamoClients() {}

  public static DynamoDbClient create(ClientSettings settings) {
    DynamoDbClientBuilder builder = DynamoDbClient.builder()
        .httpClient(UrlConnectionHttpClient.builder()
            .connectionTimeout(Duration.ofSeconds(5))
            .socketTimeout(Duration.ofSeconds(60))
            .build())
        .region(region(settings))
        .credentialsProvider(credentials(settings));
    settings.endpoint().ifPresent(builder::endpointOverride);
    try {
      return builder.build();
    } catch (SdkException e) {
      throw DynamoErrors.translate(e, "Creating the DynamoDB client", true);
    }
  }

  private static Region region(ClientSettings settings) {
    if (settings.region().isPresent()) {
      return Region.of(settings.region().get());
    }
    try {
      return new DefaultAwsRegionProviderChain().getRegion();
    } catch (SdkException e) {
      if (settings.endpoint().isPresent()) {
        // A local endpoint ignores the region, but the SDK still needs one to sign requests.
        return Region.US_EAST_1;
      }
      throw new KeycondException(SqlState.CONNECTION_FAILED,
          "No AWS region: set the region property (for example region=us-east-1) or AWS_REGION", e);
    }
  }

  private static AwsCredentialsProvider credentials(ClientSettings settings) {
    if (settings.accessKeyId().isPresent() || settings.secretAccessKey().isPresent()) {
      if (settings.accessKeyId().isEmpty() || settings.secretAccessKey().isEmpty()) {
        throw new KeycondException(SqlState.INVALID_AUTHORIZATION,
            "Give both user (the access key id) and password (the secret access key), or neither");
      }
      return StaticCredentialsProvider.create(
          AwsBasicCredentials.create(settings.accessKeyId().get(), settings.secretAccessKey().get()));
    }
    if (settings.profile().isPresent()) {
      return ProfileCredentialsProvider.create(settings.profile().get());
    }
    return DefaultCredentialsProvider.builder().build();
  }
}
