package dev.keycond.sqltests.harness;

import dev.keycond.demo.Dynalite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The DynamoDB-compatible server the tests run against, with an SDK client for setting up and
 * inspecting data. {@link DynaliteExtension} gives every test the same one: dynalite, or LocalStack
 * when the system property {@value #SERVER_PROPERTY} is {@code localstack}.
 */
public final class DynamoServer implements AutoCloseable {
  public static final String SERVER_PROPERTY = "keycond.test.server";
  private static final String LOCALSTACK_IMAGE = "localstack/localstack:4.4";
  /** The LocalStack image starts only with an auth token (since March 2026); it is passed through. */
  static final String LOCALSTACK_TOKEN = "LOCALSTACK_AUTH_TOKEN";

  private final String endpoint;
  private final Runnable stop;
  private final DynamoDbClient client;

  private DynamoServer(String endpoint, Runnable stop) {
    this.endpoint = endpoint;
    this.stop = stop;
    this.client = Dynalite.client(endpoint);
  }

  /** Whether this run is the LocalStack run of the suite. */
  public static boolean localStack() {
    return "localstack".equals(System.getProperty(SERVER_PROPERTY));
  }

  /** Why LocalStack cannot be started here, if it cannot: no auth token, or no Docker engine. */
  static Optional<String> localStackUnavailable() {
    if (System.getenv(LOCALSTACK_TOKEN) == null || System.getenv(LOCALSTACK_TOKEN).isBlank()) {
      return Optional.of(LOCALSTACK_TOKEN + " is not set, and the LocalStack image needs it");
    }
    if (!DockerClientFactory.instance().isDockerAvailable()) {
      return Optional.of("no Docker engine is reachable");
    }
    return Optional.empty();
  }

  static DynamoServer start() {
    if (localStack()) {
      LocalStackContainer container = new LocalStackContainer(DockerImageName.parse(LOCALSTACK_IMAGE))
          .withServices("dynamodb")
          .withEnv(LOCALSTACK_TOKEN, System.getenv(LOCALSTACK_TOKEN));
      container.start();
      return new DynamoServer(container.getEndpoint().toString(), container::stop);
    }
    try {
      Dynalite dynalite = new Dynalite();
      return new DynamoServer(dynalite.endpoint(), dynalite::close);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The server's URL, such as {@code http://127.0.0.1:<port>}. */
  public String endpoint() {
    return endpoint;
  }

  /** A client for the server, shared by all tests: do not close it. */
  public DynamoDbClient client() {
    return client;
  }

  @Override
  public void close() {
    client.close();
    stop.run();
  }

  @Override
  public String toString() {
    return "DynamoServer[" + endpoint() + "]";
  }
}
