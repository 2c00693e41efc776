package dev.keycond.planner.gateway;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.apache.http.conn.socket.PlainConnectionSocketFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/** Builds the DynamoDB client a connection uses. */
public final class DynamoClients {
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  private DynamoClients() {}

  /** A client whose close() closes its HTTP client too, and with it the pool's connections. */
  public static DynamoDbClient create(ClientSettings settings) {
    return create(settings, new EndpointCheck());
  }

  /**
   * A client whose close() closes its HTTP client too, and with it the pool's connections; {@code
   * check} sees each of its requests that succeeds.
   */
  public static DynamoDbClient create(ClientSettings settings, EndpointCheck check) {
    Region region = region(settings);
    DynamoDbClientBuilder builder = DynamoDbClient.builder()
        // Given as a builder, not as a client: the SDK leaves an HTTP client it was given open when
        // the DynamoDB client closes, and its kept-alive connections with it.
        .httpClientBuilder(serviceDefaults -> new StoppableHttpClient(httpClient(settings)))
        .overrideConfiguration(o -> o.apiCallTimeout(settings.requestTimeout()).retryStrategy(RequestRetries.strategy())
            .scheduledExecutorService(RequestThreads.TIMERS).addExecutionInterceptor(check))
        .region(region)
        .credentialsProvider(credentials(settings));
    settings.endpoint().ifPresent(builder::endpointOverride);
    try {
      return builder.build();
    } catch (SdkException e) {
      throw DynamoErrors.translate(e, "Creating the DynamoDB client",
          RequestScope.connecting(endpoint(settings.endpoint(), region), settings.requestTimeout()));
    }
  }

  /**
   * The SDK's Apache HTTP client: of the synchronous clients a Java user can pick, the fastest
   * point read in the benchmark (its measurement 9), and one that fits the jar, which the AWS CRT
   * client would not (it alone is as large as the rest of the jar); its pool of kept-alive
   * connections is sized by the {@code maxConnections} property. The url-connection client, the
   * slowest per call there, has no pool of its own to size: the JDK keeps its idle connections.
   *
   * <p>An {@code http://} endpoint (DynamoDB Local, dynalite, LocalStack) gets plain sockets where
   * the client would put TLS ones, which it then never uses: without them its builder sets up a TLS
   * context (the trust store and the TLS provider, a fifth to a third of a cold client's
   * construction) for an endpoint that never speaks TLS.
   *
   * <p>The SDK deprecates this client for its Apache 5 one (HttpClient 4 is in maintenance only),
   * which the benchmark measured slower per call, far slower for one thread's calls back to back,
   * and larger than the jar has room for.
   */
  @SuppressWarnings("deprecation")
  private static SdkHttpClient httpClient(ClientSettings settings) {
    ApacheHttpClient.Builder builder = ApacheHttpClient.builder()
        .maxConnections(settings.maxConnections())
        .connectionTimeout(CONNECT_TIMEOUT)
        // A bound on each blocked read of a socket, as long as the whole request's, so that a
        // silent endpoint meets the request's bound first.
        .socketTimeout(settings.requestTimeout());
    if (settings.endpoint().filter(e -> "http".equalsIgnoreCase(e.getScheme())).isPresent()) {
      builder.socketFactory(PlainConnectionSocketFactory.getSocketFactory());
    }
    return builder.build();
  }

  /** The URL the client sends its requests to, for messages. */
  public static String endpoint(DynamoDbClient client) {
    return endpoint(client.serviceClientConfiguration().endpointOverride(),
        client.serviceClientConfiguration().region());
  }

  /**
   * How long a request of this client may take when no query timeout bounds it: the
   * {@code requestTimeout} it was built with ({@link ClientSettings#requestTimeout}); the default
   * for a client built otherwise (the warm-up's, which sends nothing).
   */
  public static Duration requestTimeout(DynamoDbClient client) {
    return client.serviceClientConfiguration().overrideConfiguration().apiCallTimeout()
        .orElse(ClientSettings.DEFAULT_REQUEST_TIMEOUT);
  }

  private static String endpoint(Optional<URI> override, Region region) {
    return override.map(URI::toString).orElse("https://dynamodb." + region.id() + ".amazonaws.com");
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
