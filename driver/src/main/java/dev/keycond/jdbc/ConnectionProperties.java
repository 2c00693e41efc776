package dev.keycond.jdbc;

import dev.keycond.planner.StatementPlanner;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.gateway.ClientSettings;
import dev.keycond.planner.session.SessionOptions;
import dev.keycond.planner.sql.NearestNames;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The properties of a {@code jdbc:keycond:} connection, from the URL ({@code ;}-separated) and from
 * {@link Properties}; names are case-insensitive and the Properties win over the URL.
 *
 * <p>Pools and frameworks pass properties of their own to every driver (Hibernate's built-in pool
 * forwards each {@code hibernate.connection.*} setting without its prefix). A name keycond knows is
 * used; a name from {@link #FOREIGN} is ignored; any other name is refused when it is near a keycond
 * name (so a misspelt keycond property is reported, with the name it was likely meant to be) and
 * ignored otherwise, as the property of some other layer.
 */
public final class ConnectionProperties {
  public static final String PREFIX = "jdbc:keycond:";

  /** The property whose value is the secret access key: never shown, whatever its case or spacing. */
  public static final String SECRET = SessionOptions.SECRET;

  /** Every property: name, description, default. */
  public static final List<String[]> KNOWN = List.of(
      new String[] {"region", "AWS region", "the AWS default region chain"},
      new String[] {"endpoint", "Endpoint override, e.g. http://127.0.0.1:8000 for a local server", "real AWS"},
      new String[] {"profile", "Named AWS profile", "the default credentials chain"},
      new String[] {"user", "AWS access key id", "the default credentials chain"},
      new String[] {SECRET, "AWS secret access key", "the default credentials chain"},
      new String[] {"mapping", "Mapping file path, or inline:{...} JSON", "none: every table is exposed raw"},
      new String[] {"scan", "reject, allow, or limit:N", "reject"},
      new String[] {"consistentRead", "Strongly consistent reads on tables and local indexes", "false"},
      new String[] {"maxFanOut", "Most key reads one statement may issue", "100"},
      new String[] {"serverFilters", "Send the conditions DynamoDB checks exactly as a FilterExpression", "true"},
      new String[] {"scanSegments", "Segments of a parallel whole-table Scan under scan=allow", "1"},
      new String[] {"maxConnections", "Most HTTP connections to DynamoDB the connection keeps open, for the threads "
          + "that share it (1 to " + ClientSettings.MAX_CONNECTIONS + ")", String.valueOf(ClientSettings.DEFAULT_MAX_CONNECTIONS)},
      new String[] {"requestTimeout", "Seconds one request to DynamoDB may take, its retries included, when the "
          + "statement has no query timeout (1 to " + ClientSettings.MAX_REQUEST_TIMEOUT_SECONDS + ")",
          String.valueOf(ClientSettings.DEFAULT_REQUEST_TIMEOUT.toSeconds())},
      new String[] {"expiredItems", "hide or show items whose time to live has passed", "hide"},
      new String[] {"consumedCapacity", "What each request asks DynamoDB to report of the capacity it consumed, "
          + "for the statement's cost: indexes (the table's and each index's units), total (the request's) or none "
          + "(the cost counts requests and items only)", "indexes"},
      new String[] {"explain", "What the text EXPLAIN shows under each request: text (its fields), cli (also the AWS CLI "
          + "command) or java (also the AWS SDK for Java v2 code)", "text"},
      new String[] {"idempotentWrites", "Send each write in auto-commit mode as a TransactWriteItems with a "
          + "ClientRequestToken, so that a retry after a lost answer is applied once (at twice the write units)",
          "false"},
      new String[] {"keyChecks", "When a transaction finds an INSERT's key taken: immediate (the statement reads its "
          + "keys and fails with 23505) or deferred (no read; the commit fails with 23505)", "immediate"},
      new String[] {"planCache", "Plans kept for statement texts and shapes; 0 keeps none",
          String.valueOf(StatementPlanner.DEFAULT_PLAN_CACHE)},
      new String[] {"simpleSelects", "How a SELECT of one table's columns under comparisons of its columns with values "
          + "is planned: direct (without Calcite's parser and validator, into the plan they make) or calcite (through "
          + "them, as every other statement)", "direct"},
      new String[] {"simpleWrites", "How an INSERT of one row of values naming its columns, with markers, and an "
          + "UPDATE or DELETE of one table's rows under comparisons of its columns with values, setting columns to "
          + "values, are planned: direct (without Calcite's parser and validator, into the plan they make) or calcite "
          + "(through them, as every other statement)", "direct"},
      new String[] {"descriptionReuseSeconds", "Seconds a table's description read by another connection of the JVM "
          + "is used instead of describing the table again (0 to " + SessionOptions.MAX_DESCRIPTION_REUSE_SECONDS
          + "); 0 describes every table", String.valueOf(SessionOptions.DEFAULT_DESCRIPTION_REUSE_SECONDS)});

  /**
   * Properties that pools, frameworks and tools pass to any driver, lower-cased: ignored even when
   * one is near a keycond name ({@code url} is one edit from nothing keycond has, but {@code usr}
   * would be). Auto-commit and isolation are set through {@code Connection}'s methods, which the
   * pools that pass these call as well.
   */
  static final Set<String> FOREIGN = Set.of("autocommit", "isolation", "pool_size", "provider_disables_autocommit",
      "handling_mode", "driver_class", "url", "username", "datasource", "readonly", "catalog", "schema",
      "applicationname", "logintimeout", "connecttimeout", "sockettimeout", "characterencoding", "charset",
      "useunicode");

  private final Map<String, String> values;

  private ConnectionProperties(Map<String, String> values) {
    this.values = values;
  }

  /**
   * @throws KeycondException for an unknown property or a malformed URL
   */
  public static ConnectionProperties parse(String url, Properties info) {
    if (url == null || !url.startsWith(PREFIX)) {
      throw new KeycondException(SqlState.CONNECTION_FAILED, "Not a keycond URL: it must start with " + PREFIX);
    }
    Map<String, String> values = new LinkedHashMap<>();
    String[] parts = parts(url);
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      if (part.isBlank()) {
        continue;
      }
      int eq = part.indexOf('=');
      if (eq <= 0) {
        // The part may be the secret itself, mistyped ("password:..."), so none of it is shown.
        throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "Malformed URL property: part " + (i + 1)
            + " after " + PREFIX + " (parts are separated by ';') is not name=value; write each property so. Its text"
            + " is not shown, since it may hold the password");
      }
      put(values, part.substring(0, eq).trim(), part.substring(eq + 1).trim());
    }
    if (info != null) {
      for (String name : info.stringPropertyNames()) {
        put(values, name, info.getProperty(name));
      }
    }
    return new ConnectionProperties(values);
  }

  /**
   * The URL as tools and messages may show it: the value of the password masked in every form
   * {@link #parse} accepts ({@code password=}, {@code PASSWORD =}, {@code  Password = }).
   */
  public static String redact(String url) {
    String[] parts = parts(url);
    StringBuilder shown = new StringBuilder(PREFIX);
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      int eq = part.indexOf('=');
      boolean secret = eq > 0 && part.substring(0, eq).trim().equalsIgnoreCase(SECRET);
      shown.append(i == 0 ? "" : ";").append(secret ? part.substring(0, eq + 1) + "****" : part);
    }
    return shown.toString();
  }

  /** The ';'-separated parts after the prefix, empty ones included. */
  private static String[] parts(String url) {
    return url.substring(PREFIX.length()).split(";", -1);
  }

  private static void put(Map<String, String> values, String name, String value) {
    String key = name.toLowerCase(Locale.ROOT);
    List<String> names = KNOWN.stream().map(p -> p[0]).toList();
    boolean known = names.stream().anyMatch(n -> n.toLowerCase(Locale.ROOT).equals(key));
    if (!known) {
      List<String> nearest = NearestNames.to(name, names);
      if (FOREIGN.contains(key) || nearest.isEmpty()) {
        return;
      }
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "Unknown connection property '" + name
          + "': did you mean " + String.join(" or ", nearest) + "? The properties are " + names);
    }
    if (value != null && !value.isEmpty()) {
      values.put(key, value);
    }
  }

  public Optional<String> get(String name) {
    return Optional.ofNullable(values.get(name.toLowerCase(Locale.ROOT)));
  }

  /**
   * What the connection's session is opened with.
   *
   * @throws KeycondException for a property whose value is invalid
   */
  public SessionOptions sessionOptions() {
    return SessionOptions.read(this::get);
  }

  @Override
  public String toString() {
    Map<String, String> shown = new LinkedHashMap<>(values);
    shown.computeIfPresent(SECRET, (k, v) -> "****");
    return shown.toString();
  }
}
