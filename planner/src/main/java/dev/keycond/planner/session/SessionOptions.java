package dev.keycond.planner.session;

import dev.keycond.planner.DirectPlanning;
import dev.keycond.planner.StatementPlanner;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.gateway.ClientSettings;
import dev.keycond.planner.settings.AwsCliTarget;
import dev.keycond.planner.settings.CapacityReport;
import dev.keycond.planner.settings.ExplainForm;
import dev.keycond.planner.settings.ScanPolicy;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.transaction.KeyChecks;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a session is opened with, read from a connection's properties.
 *
 * @param mapping where the mapping file is; empty for none (raw tables only)
 * @param client how the DynamoDB client reaches DynamoDB
 * @param statements the settings every statement of the session runs with
 * @param planCache the most plans the session keeps for texts and shapes; 0 keeps none
 * @param direct which simple statements (a point read, a prefix or range Query, a keyed INSERT,
 *     UPDATE or DELETE) are planned without Calcite's parser and validator, into the plan they would make
 * @param idempotentWrites whether a write in auto-commit mode is sent as a TransactWriteItems with a
 *     ClientRequestToken, so that one sent again after a lost answer is applied once
 * @param keyChecks when a transaction finds an INSERT's key taken: at the statement, or at commit
 * @param descriptionReuse how old a table's description, read by another connection of the JVM, the
 *     session may take instead of describing the table itself; {@link Duration#ZERO} describes every table
 */
public record SessionOptions(
    Optional<String> mapping,
    ClientSettings client,
    StatementSettings statements,
    int planCache,
    DirectPlanning direct,
    boolean idempotentWrites,
    KeyChecks keyChecks,
    Duration descriptionReuse) {

  /** The property whose value is the secret access key. */
  public static final String SECRET = "password";
  /**
   * Seconds a table's description is reused by default: a pool that opens connections as its load
   * grows describes each table about once a minute, and a table changed under it (an index added)
   * is seen by its connections within that minute. A change that breaks a request is seen at once.
   */
  public static final int DEFAULT_DESCRIPTION_REUSE_SECONDS = 60;
  /** The most seconds a description may be reused: a day. */
  public static final int MAX_DESCRIPTION_REUSE_SECONDS = 86_400;

  public SessionOptions {
    if (planCache < 0) {
      throw new IllegalArgumentException("a plan cache keeps 0 plans or more, not " + planCache);
    }
    if (descriptionReuse.isNegative()) {
      throw new IllegalArgumentException("a description is reused for no time or more, not " + descriptionReuse);
    }
  }

  /**
   * The options the properties say, each absent one at its default.
   *
   * @param property a property's value by its name, empty when it is not set
   * @throws KeycondException (22023) for a value that is not one the property takes
   */
  public static SessionOptions read(Function<String, Optional<String>> property) {
    StatementSettings statements = statementSettings(property);
    int planCache = property.apply("planCache").map(v -> parseCount("planCache", v, 0, Integer.MAX_VALUE))
        .orElse(StatementPlanner.DEFAULT_PLAN_CACHE);
    DirectPlanning direct = new DirectPlanning(
        property.apply("simpleSelects").map(v -> parseDirect("simpleSelects", v)).orElse(true),
        property.apply("simpleWrites").map(v -> parseDirect("simpleWrites", v)).orElse(true));
    boolean idempotentWrites = property.apply("idempotentWrites").map(v -> parseBoolean("idempotentWrites", v))
        .orElse(false);
    KeyChecks keyChecks = property.apply("keyChecks").map(KeyChecks::parse).orElse(KeyChecks.IMMEDIATE);
    int descriptionReuse = property.apply("descriptionReuseSeconds")
        .map(v -> parseCount("descriptionReuseSeconds", v, 0, MAX_DESCRIPTION_REUSE_SECONDS))
        .orElse(DEFAULT_DESCRIPTION_REUSE_SECONDS);
    return new SessionOptions(property.apply("mapping"), clientSettings(property), statements, planCache,
        direct, idempotentWrites, keyChecks, Duration.ofSeconds(descriptionReuse));
  }

  private static ClientSettings clientSettings(Function<String, Optional<String>> property) {
    Optional<URI> endpoint = property.apply("endpoint").map(e -> {
      try {
        URI uri = new URI(e);
        if (uri.getScheme() == null || uri.getHost() == null) {
          throw new URISyntaxException(e, "needs a scheme and a host, like http://127.0.0.1:8000");
        }
        return uri;
      } catch (URISyntaxException ex) {
        throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
            "Invalid endpoint '" + e + "': " + ex.getReason());
      }
    });
    int maxConnections = property.apply("maxConnections")
        .map(v -> parseCount("maxConnections", v, 1, ClientSettings.MAX_CONNECTIONS))
        .orElse(ClientSettings.DEFAULT_MAX_CONNECTIONS);
    Duration requestTimeout = property.apply("requestTimeout")
        .map(v -> Duration.ofSeconds(parseCount("requestTimeout", v, 1, ClientSettings.MAX_REQUEST_TIMEOUT_SECONDS)))
        .orElse(ClientSettings.DEFAULT_REQUEST_TIMEOUT);
    return new ClientSettings(property.apply("region"), endpoint, property.apply("profile"), property.apply("user"),
        property.apply(SECRET), maxConnections, requestTimeout);
  }

  private static StatementSettings statementSettings(Function<String, Optional<String>> property) {
    boolean consistent = property.apply("consistentRead").map(v -> parseBoolean("consistentRead", v)).orElse(false);
    ScanPolicy scan = property.apply("scan").map(ScanPolicy::parse).orElse(ScanPolicy.REJECT);
    int fanOut = property.apply("maxFanOut").map(v -> parseCount("maxFanOut", v, 1, Integer.MAX_VALUE))
        .orElse(StatementSettings.DEFAULT_MAX_FAN_OUT);
    ExplainForm explain = property.apply("explain").map(ExplainForm::parse).orElse(ExplainForm.TEXT);
    ClientSettings client = clientSettings(property);
    AwsCliTarget cli = new AwsCliTarget(client.endpoint().map(SessionOptions::withoutUserInfo),
        client.region(), client.profile());
    boolean serverFilters = property.apply("serverFilters").map(v -> parseBoolean("serverFilters", v)).orElse(true);
    int segments = property.apply("scanSegments")
        .map(v -> parseCount("scanSegments", v, 1, StatementSettings.MAX_SCAN_SEGMENTS)).orElse(1);
    boolean showExpired = property.apply("expiredItems").map(SessionOptions::parseExpiredItems).orElse(false);
    CapacityReport capacity = property.apply("consumedCapacity").map(CapacityReport::parse)
        .orElse(CapacityReport.INDEXES);
    return new StatementSettings(consistent, scan, fanOut, explain, cli, serverFilters, segments, showExpired,
        capacity);
  }

  private static boolean parseExpiredItems(String value) {
    if (value.trim().equalsIgnoreCase("hide")) {
      return false;
    }
    if (value.trim().equalsIgnoreCase("show")) {
      return true;
    }
    throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
        "Invalid value '" + value + "' for property expiredItems: use hide or show");
  }

  /** An endpoint as a command line may show it: a user and password written into it stay out. */
  private static String withoutUserInfo(URI endpoint) {
    try {
      return new URI(endpoint.getScheme(), null, endpoint.getHost(), endpoint.getPort(), endpoint.getPath(), null,
          null).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException("a parsed endpoint without its user information is still a URI", e);
    }
  }

  /** A whole number from {@code least} to {@code most}. */
  private static int parseCount(String name, String value, int least, int most) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= least && n <= most) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "Invalid value '" + value + "' for property "
        + name + ": use a whole number of at least " + least + (most == Integer.MAX_VALUE ? "" : " and at most " + most));
  }

  /** {@code direct}: planned without Calcite's front end; {@code calcite}: through it, as every other statement. */
  private static boolean parseDirect(String name, String value) {
    if (value.equalsIgnoreCase("direct")) {
      return true;
    }
    if (value.equalsIgnoreCase("calcite")) {
      return false;
    }
    throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
        "Invalid value '" + value + "' for property " + name + ": use direct or calcite");
  }

  private static boolean parseBoolean(String name, String value) {
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
        "Invalid value '" + value + "' for property " + name + ": use true or false");
  }
}
