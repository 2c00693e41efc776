package dev.keycond.planner.settings;

import java.util.Optional;

/**
 * Where the connection's requests go, as the AWS CLI commands that EXPLAIN shows name it, so that a
 * command goes where the connection goes: the endpoint of a local server ({@code --endpoint-url}),
 * the region and the named profile, each when the connection sets it. Credentials are never named:
 * the CLI uses its own.
 *
 * @param endpoint the endpoint override, without any user information
 * @param region the region the connection sets
 * @param profile the named profile the connection uses
 */
public record AwsCliTarget(Optional<String> endpoint, Optional<String> region, Optional<String> profile) {
  /** A connection that sets none of them: the CLI's own configuration decides. */
  public static final AwsCliTarget CLI_DEFAULTS = new AwsCliTarget(Optional.empty(), Optional.empty(), Optional.empty());

  public AwsCliTarget {
    endpoint.ifPresent(e -> {
      if (e.contains("@")) {
        throw new IllegalArgumentException("an endpoint for the AWS CLI carries no user information");
      }
    });
  }
}
