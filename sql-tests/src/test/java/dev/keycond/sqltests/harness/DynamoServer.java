package dev.keycond.sqltests.harness;

import dev.keycond.demo.Dynalite;
import dev.keycond.demo.LocalServerProcess;
import dev.keycond.demo.Moto;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A DynamoDB-compatible server the tests run against, with an SDK client for setting up and
 * inspecting data. {@link DynaliteExtension} gives every test the run's server, and
 * {@link MotoExtension} moto; each kind is started once per test JVM.
 */
public final class DynamoServer implements AutoCloseable {
  /** The system property naming the run's server; see {@link ServerKind#PROPERTY}. */
  public static final String SERVER_PROPERTY = ServerKind.PROPERTY;
  private static final String LOCALSTACK_IMAGE = "localstack/localstack:4.4";
  /** The LocalStack image starts only with an auth token (since March 2026); it is passed through. */
  static final String LOCALSTACK_TOKEN = "LOCALSTACK_AUTH_TOKEN";
  /** How long a started server may take to answer its first request (moto loads its backend then). */
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

  private final ServerKind kind;
  private final String endpoint;
  private final Runnable stop;
  /** Empty while the server runs; why it stopped, once it has stopped of itself. */
  private final Supplier<Optional<String>> exitReport;
  private final DynamoDbClient client;

  private DynamoServer(ServerKind kind, String endpoint, Runnable stop, Supplier<Optional<String>> exitReport) {
    this.kind = kind;
    this.endpoint = endpoint;
    this.stop = stop;
    this.exitReport = exitReport;
    this.client = Dynalite.client(endpoint);
  }

  /** Whether this run is the LocalStack run of the suite. */
  public static boolean localStack() {
    return ServerKind.ofRun() == ServerKind.LOCALSTACK;
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

  /**
   * Starts a server of this kind on a free loopback port and returns once it has answered a
   * request; fails, saying why, when it cannot start, so that no test passes without its server.
   */
  static DynamoServer start(ServerKind kind) {
    DynamoServer server = switch (kind) {
      case DYNALITE -> started(kind, () -> {
        Dynalite dynalite = new Dynalite();
        return new DynamoServer(kind, dynalite.endpoint(), dynalite::close, dynalite::exitReport);
      });
      case MOTO -> started(kind, () -> {
        LocalServerProcess moto = Moto.start();
        return new DynamoServer(kind, moto.endpoint(), moto::close, moto::exitReport);
      });
      case LOCALSTACK -> {
        LocalStackContainer container = new LocalStackContainer(DockerImageName.parse(LOCALSTACK_IMAGE))
            .withServices("dynamodb")
            .withEnv(LOCALSTACK_TOKEN, System.getenv(LOCALSTACK_TOKEN));
        container.start();
        yield new DynamoServer(kind, container.getEndpoint().toString(), container::stop,
            () -> container.isRunning() ? Optional.empty() : Optional.of("the LocalStack container stopped"));
      }
    };
    server.awaitReady();
    return server;
  }

  private interface Starter {
    DynamoServer start() throws IOException;
  }

  private static DynamoServer started(ServerKind kind, Starter starter) {
    try {
      return starter.start();
    } catch (IOException e) {
      throw new IllegalStateException(kind.label() + " could not start, so the tests that need it "
          + "fail: " + e.getMessage(), e);
    }
  }

  /**
   * Sends ListTables until the server answers: a launcher reports its port once the socket is
   * bound, and moto loads its DynamoDB backend only on the first request.
   */
  private void awaitReady() {
    Instant deadline = Instant.now().plus(READY_TIMEOUT);
    while (true) {
      try {
        client.listTables(b -> b.limit(1));
        return;
      } catch (SdkException e) {
        if (Instant.now().isAfter(deadline)) {
          close();
          throw new IllegalStateException(kind.label() + " at " + endpoint + " did not answer ListTables within "
              + READY_TIMEOUT.toSeconds() + " s: " + e.getMessage(), e);
        }
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new IllegalStateException("interrupted while waiting for " + kind.label() + " to answer", e);
      }
    }
  }

  /**
   * Fails, saying why, when the server has stopped of itself: the test that asked for it could
   * only fail with "Connection refused", which does not say that the server died, nor how.
   */
  void checkRunning() {
    exitReport.get().ifPresent(report -> {
      throw new IllegalStateException(kind.label() + " at " + endpoint + " is no longer running, so the tests "
          + "that need it fail: " + report);
    });
  }

  /** Which server this is. */
  public ServerKind kind() {
    return kind;
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
    return "DynamoServer[" + kind.label() + " " + endpoint() + "]";
  }
}
