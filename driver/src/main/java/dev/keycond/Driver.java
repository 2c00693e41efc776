package dev.keycond;

import dev.keycond.jdbc.ConnectionProperties;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.sql.CalciteDefaults;
import dev.keycond.planner.error.SqlState;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
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

  /** Every property with its description; the value given in {@code info}, except the password's, which is never shown. */
  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    DriverPropertyInfo[] result = new DriverPropertyInfo[ConnectionProperties.KNOWN.size()];
    for (int i = 0; i < result.length; i++) {
      String[] p = ConnectionProperties.KNOWN.get(i);
      boolean shown = info != null && !p[0].equals(ConnectionProperties.SECRET);
      result[i] = new DriverPropertyInfo(p[0], shown ? info.getProperty(p[0]) : null);
      result[i].description = p[1] + " (default: " + p[2] + ")";
      result[i].required = false;
    }
    return result;
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
