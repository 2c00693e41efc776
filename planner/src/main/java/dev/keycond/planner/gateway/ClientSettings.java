package dev.keycond.planner.gateway;

import java.net.URI;
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
    int maxConnections) {

  /**
   * HTTP connections a client keeps to DynamoDB by default: as many requests at once as threads
   * sharing one JDBC connection send, with the pages they read ahead, the segments of a parallel
   * Scan and the writes of a batch in flight, rarely reach; idle ones are kept alive for reuse.
   */
  public static final int DEFAULT_MAX_CONNECTIONS = 50;
  /** The most a connection property may ask for. */
  public static final int MAX_CONNECTIONS = 1_000;

  public ClientSettings {
    if (maxConnections < 1 || maxConnections > MAX_CONNECTIONS) {
      throw new IllegalArgumentException("a client keeps 1 to " + MAX_CONNECTIONS + " connections, not " + maxConnections);
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
        + ", maxConnections=" + maxConnections + "]";
  }
}
