package dev.keycond.jdbc;

import dev.keycond.planner.gateway.ClientSettings;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.settings.ScanPolicy;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The properties of a {@code jdbc:keycond:} connection, from the URL ({@code ;}-separated) and from
 * {@link Properties}; names are case-insensitive and the Properties win over the URL.
 */
public final class ConnectionProperties {
  public static final String PREFIX = "jdbc:keycond:";

  /** Every property: name, description, default. */
  public static final List<String[]> KNOWN = List.of(
      new String[] {"region", "AWS region", "the AWS default region chain"},
      new String[] {"endpoint", "Endpoint override, e.g. http://127.0.0.1:8000 for a local server", "real AWS"},
      new String[] {"profile", "Named AWS profile", "the default credentials chain"},
      new String[] {"user", "AWS access key id", "the default credentials chain"},
      new String[] {"password", "AWS secret access key", "the default credentials chain"},
      new String[] {"mapping", "Mapping file path, or inline:{...} JSON", "none: every table is exposed raw"},
      new String[] {"scan", "reject, allow, or limit:N", "reject"},
      new String[] {"consistentRead", "Strongly consistent reads on tables and local indexes", "false"},
      new String[] {"maxFanOut", "Most key reads one statement may issue", "100"});

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
    String rest = url.substring(PREFIX.length());
    for (String part : rest.split(";")) {
      if (part.isBlank()) {
        continue;
      }
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
            "Malformed URL property '" + part + "': write name=value, separated by ';'");
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

  private static void put(Map<String, String> values, String name, String value) {
    String key = name.toLowerCase(Locale.ROOT);
    boolean known = KNOWN.stream().anyMatch(p -> p[0].toLowerCase(Locale.ROOT).equals(key));
    if (!known) {
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "Unknown connection property '" + name
          + "'; the properties are " + KNOWN.stream().map(p -> p[0]).toList());
    }
    if (value != null && !value.isEmpty()) {
      values.put(key, value);
    }
  }

  public Optional<String> get(String name) {
    return Optional.ofNullable(values.get(name.toLowerCase(Locale.ROOT)));
  }

  public ClientSettings clientSettings() {
    Optional<URI> endpoint = get("endpoint").map(e -> {
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
    return new ClientSettings(get("region"), endpoint, get("profile"), get("user"), get("password"));
  }

  public StatementSettings readSettings() {
    boolean consistent = get("consistentRead").map(v -> parseBoolean("consistentRead", v)).orElse(false);
    ScanPolicy scan = get("scan").map(ScanPolicy::parse).orElse(ScanPolicy.REJECT);
    int fanOut = get("maxFanOut").map(v -> {
      try {
        int n = Integer.parseInt(v.trim());
        if (n >= 1) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
          "Invalid value '" + v + "' for property maxFanOut: use a whole number of at least 1");
    }).orElse(StatementSettings.DEFAULT_MAX_FAN_OUT);
    return new StatementSettings(consistent, scan, fanOut);
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

  @Override
  public String toString() {
    Map<String, String> shown = new LinkedHashMap<>(values);
    shown.computeIfPresent("password", (k, v) -> "****");
    return shown.toString();
  }
}
