package dev.keycond;

import dev.keycond.jdbc.ConnectionProperties;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.sql.CalciteDefaults;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * keycond's JDBC driver: {@code jdbc:keycond:region=...;endpoint=...;mapping=...}. It registers
 * itself with {@link DriverManager}, and also works when a tool calls {@link #connect} directly.
 */
public final class Driver implements java.sql.Driver {
  public static final int MAJOR_VERSION = 0;
  public static final int MINOR_VERSION = 1;
  public static final String VERSION = MAJOR_VERSION + "." + MINOR_VERSION + ".0";
  /** The database product name the metadata reports, by which frameworks recognise keycond. */
  public static final String PRODUCT_NAME = "Amazon DynamoDB (keycond)";

  static {
    CalciteDefaults.apply();
    try {
      DriverManager.registerDriver(new Driver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    return KeycondConnection.open(url, info);
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(ConnectionProperties.PREFIX);
  }

  /**
   * Every property with its description and the value the URL and {@code info} give it (as a
   * connection would take it: {@code info} over the URL), so that a tool's dialog shows what the
   * connection will use; the password's value is never returned.
   */
  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    Optional<ConnectionProperties> given = given(url, info);
    DriverPropertyInfo[] result = new DriverPropertyInfo[ConnectionProperties.KNOWN.size()];
    for (int i = 0; i < result.length; i++) {
      String[] p = ConnectionProperties.KNOWN.get(i);
      boolean shown = !p[0].equals(ConnectionProperties.SECRET);
      result[i] = new DriverPropertyInfo(p[0], shown ? given.flatMap(g -> g.get(p[0])).orElse(null) : null);
      result[i].description = p[1] + " (default: " + p[2] + ")";
      result[i].required = false;
    }
    return result;
  }

  /**
   * The properties the URL and {@code info} give; a URL still being typed into a tool's dialog
   * may not parse, and then only those of {@code info} are shown, or none.
   */
  private static Optional<ConnectionProperties> given(String url, Properties info) {
    try {
      return Optional.of(ConnectionProperties.parse(url, info));
    } catch (KeycondException urlNotParsed) {
      try {
        return Optional.of(ConnectionProperties.parse(ConnectionProperties.PREFIX, info));
      } catch (KeycondException infoNotParsed) {
        return Optional.empty();
      }
    }
  }

  @Override
  public int getMajorVersion() {
    return MAJOR_VERSION;
  }

  @Override
  public int getMinorVersion() {
    return MINOR_VERSION;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("keycond does not log through java.util.logging",
        SqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
