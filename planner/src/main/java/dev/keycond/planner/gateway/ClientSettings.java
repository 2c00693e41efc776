package dev.keycond.planner.gateway;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * What is needed to build a DynamoDB client. The secret key is kept out of {@link #toString()}: it
 * must never reach a log line or an exception message.
 */
public record ClientSettings(
    Optional<String> region,
    Optional<URI> endpoint,
    Optional<String> profile,
    Optional<String> accessKeyId,
    Optional<String> secretAccessKey,
    int maxConnections,
    Duration requestTimeout) {

  /**
   * HTTP connections a client keeps to DynamoDB by default: as many requests at once as threads
   * sharing one JDBC connection send, with the pages they read ahead, the segments of a parallel
   * Scan and the writes of a batch in flight, rarely reach; idle ones are kept alive for reuse.
   */
  public static final int DEFAULT_MAX_CONNECTIONS = 50;
  /** The most a connection property may ask for. */
  public static final int MAX_CONNECTIONS = 1_000;
  /**
   * The longest one request may take, the SDK's retries included, when a statement's query timeout
   * does not bound it. DynamoDB answers in milliseconds and a page is at most 1 MB, so an endpoint
   * silent this long is not slow but unreachable (a firewall that accepts connections, a port that
   * is not DynamoDB's); without a bound the SDK would retry each read that timed out and a connect
   * or a statement would hang for many minutes. Long enough for a throttled request's nine
   * attempts ({@link RequestRetries}).
   */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
  /** The longest bound the {@code requestTimeout} property may set, in seconds: an hour. */
  public static final int MAX_REQUEST_TIMEOUT_SECONDS = 3_600;

  public ClientSettings {
    if (maxConnections < 1 || maxConnections > MAX_CONNECTIONS) {
      throw new IllegalArgumentException("a client keeps 1 to " + MAX_CONNECTIONS + " connections, not " + maxConnections);
    }
    if (requestTimeout.compareTo(Duration.ofSeconds(1)) < 0
        || requestTimeout.compareTo(Duration.ofSeconds(MAX_REQUEST_TIMEOUT_SECONDS)) > 0) {
      throw new IllegalArgumentException("a request is bounded by 1 s to " + MAX_REQUEST_TIMEOUT_SECONDS
          + " s, not " + requestTimeout);
    }
  }

  /**
   * The name the credentials go by, for tools that show who is connected: the access key id, or
   * the profile's name; empty when they come from the default chain. Never the secret.
   */
  public String userName() {
    return accessKeyId.or(() -> profile).orElse("");
  }

  @Override
  public String toString() {
    return "ClientSettings[region=" + region.orElse("(default chain)")
        + ", endpoint=" + endpoint.map(URI::toString).orElse("(AWS)")
        + ", profile=" + profile.orElse("(none)")
        + ", accessKeyId=" + accessKeyId.orElse("(default chain)")
        + ", secretAccessKey=" + (secretAccessKey.isPresent() ? "****" : "(default chain)")
        + ", maxConnections=" + maxConnections + ", requestTimeout=" + requestTimeout + "]";
  }
}
