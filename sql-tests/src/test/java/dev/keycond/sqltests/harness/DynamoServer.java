package dev.keycond.sqltests.harness;

import dev.keycond.demo.Dynalite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The DynamoDB-compatible server the tests run against, with an SDK client for setting up and
 * inspecting data. {@link DynaliteExtension} gives every test the same one.
 */
public final class DynamoServer implements AutoCloseable {
  private final Dynalite dynalite;
  private final DynamoDbClient client;

  private DynamoServer(Dynalite dynalite) {
    this.dynalite = dynalite;
    this.client = DynamoDbClient.builder()
        .endpointOverride(URI.create(dynalite.endpoint()))
        .region(Region.US_EAST_1)
        // dynalite checks that requests are signed, not by whom.
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create("keycond", "keycond")))
        // The only HTTP client on the classpath: the project excludes the Apache and Netty ones.
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .build();
  }

  static DynamoServer start() {
    try {
      return new DynamoServer(new Dynalite());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The server's URL, {@code http://127.0.0.1:<port>}. */
  public String endpoint() {
    return dynalite.endpoint();
  }

  /** A client for the server, shared by all tests: do not close it. */
  public DynamoDbClient client() {
    return client;
  }

  @Override
  public void close() {
    client.close();
    dynalite.close();
  }

  @Override
  public String toString() {
    return "DynamoServer[" + endpoint() + "]";
  }
}
