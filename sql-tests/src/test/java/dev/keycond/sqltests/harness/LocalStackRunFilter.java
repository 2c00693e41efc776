package dev.keycond.sqltests.harness;

import java.util.Optional;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.launcher.PostDiscoveryFilter;

/**
 * Leaves every test out of the LocalStack run of the suite when LocalStack cannot start here (no
 * auth token, no Docker engine), and says why once, in the build output, instead of reporting
 * each test class as skipped. Registered through {@code META-INF/services}; the dynalite run is
 * not affected.
 */
public final class LocalStackRunFilter implements PostDiscoveryFilter {
  private final Optional<String> unavailable =
      DynamoServer.localStack() ? DynamoServer.localStackUnavailable() : Optional.empty();

  public LocalStackRunFilter() {
    unavailable.ifPresent(reason -> System.out.println("[keycond] The LocalStack run of the SQL tests is skipped: "
        + reason + ". To run it: export " + DynamoServer.LOCALSTACK_TOKEN + "=<your token> with Docker running"
        + " (see docs/testing.md, \"Running the tests\")."));
  }

  @Override
  public FilterResult apply(TestDescriptor descriptor) {
    return unavailable.map(reason -> FilterResult.excluded("LocalStack run skipped: " + reason))
        .orElseGet(() -> FilterResult.included("the server is available"));
  }
}
