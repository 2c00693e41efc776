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
    Optional<String> secretAccessKey) {

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
        + ", secretAccessKey=" + (secretAccessKey.isPresent() ? "****" : "(default chain)") + "]";
  }
}
