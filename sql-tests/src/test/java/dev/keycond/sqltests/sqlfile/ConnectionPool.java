package dev.keycond.sqltests.sqlfile;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Connections for SQL-file cases, one per distinct set of properties, so that the cases of a
 * file share a connection unless they ask for different properties. A connection that fails to
 * open is not kept: its error is the outcome of the case that asked for it.
 */
final class ConnectionPool implements AutoCloseable {
  private final DynamoServer server;
  private final Map<String, Connection> open = new HashMap<>();

  ConnectionPool(DynamoServer server) {
    this.server = server;
  }

  Connection get(Map<String, String> properties) throws SQLException {
    String key = new TreeMap<>(properties).toString();
    Connection connection = open.get(key);
    if (connection == null || connection.isClosed()) {
      Properties info = new Properties();
      info.putAll(properties);
      connection = DriverManager.getConnection(Keycond.url(server), info);
      open.put(key, connection);
    }
    return connection;
  }

  @Override
  public void close() throws SQLException {
    SQLException first = null;
    for (Connection connection : open.values()) {
      try {
        connection.close();
      } catch (SQLException e) {
        first = first == null ? e : first;
      }
    }
    open.clear();
    if (first != null) {
      throw first;
    }
  }
}
