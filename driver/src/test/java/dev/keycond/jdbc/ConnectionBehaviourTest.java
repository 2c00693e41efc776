package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.demo.RecordingProxy;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JDBC behaviours SQL tools rely on, observed on the wire through the test proxy. */
class ConnectionBehaviourTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final DemoDatabase database = DemoDatabase.get();

  @Test
  void autoCommitIsAlwaysOnAndTransactionCallsAreHarmless() throws SQLException {
    try (Connection connection = database.connect()) {
      assertTrue(connection.getAutoCommit());
      connection.setAutoCommit(false);
      assertTrue(connection.getAutoCommit(), "DynamoDB has no multi-statement transactions");
      connection.commit();
      connection.rollback();
      connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      assertEquals(Connection.TRANSACTION_NONE, connection.getTransactionIsolation());
      connection.setReadOnly(true);
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'acme'")) {
        assertTrue(rs.next());
        assertEquals("Acme Corp", rs.getString(1));
      }
    }
  }

  @Test
  void maxRowsBecomesTheLimitOfTheRead() throws Exception {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.setMaxRows(2);
      statement.setFetchSize(1);
      database.clearRequests();
      List<String> paths = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery("SELECT path FROM files WHERE account = 'a91'")) {
        while (rs.next()) {
          paths.add(rs.getString(1));
        }
      }
      assertEquals(List.of("root/", "root/docs/"), paths);
      List<RecordingProxy.Request> requests = database.dataRequests();
      assertEquals(1, requests.size(), requests.toString());
      assertEquals("Query", requests.get(0).operation());
      JsonNode query = JSON.readTree(requests.get(0).body());
      assertEquals(2, query.path("Limit").asInt(), query.toString());
    }
  }

  @Test
  void queryTimeoutStopsARequestThatTakesTooLong() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(1);
      database.delayRequests(Duration.ofSeconds(4));
      long start = System.nanoTime();
      try {
        SQLException e = assertThrows(SQLException.class, () -> {
          try (ResultSet rs = statement.executeQuery("SELECT path FROM files WHERE account = 'b07'")) {
            rs.next();
          }
        });
        assertTrue(e instanceof SQLTimeoutException, e.toString());
        assertEquals("HYT00", e.getSQLState());
      } finally {
        database.delayRequests(Duration.ZERO);
      }
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(elapsedMillis < 3000, "gave up after " + elapsedMillis + " ms, not after about 1 s");
    }
  }

  @Test
  void browsingAnUnmappedTableIsRefusedWithTheWayOut() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      database.clearRequests();
      SQLException e = assertThrows(SQLException.class, () -> statement.executeQuery("SELECT * FROM Events"));
      assertTrue(e.getSQLState().startsWith("42"), e.getSQLState());
      assertTrue(e.getMessage().contains("Events"), e.getMessage());
      assertTrue(e.getMessage().contains("scan=limit:N"), e.getMessage());
      assertEquals(List.of(), database.dataRequests(), "refused before any read");
    }
  }

  @Test
  void scanLimitLetsAGuiBrowseAWholeTable() throws SQLException {
    // What DBeaver sends when a table is opened: a schema-qualified SELECT * with max rows.
    try (Connection connection = database.connect("scan=limit:1000");
        Statement statement = connection.createStatement()) {
      statement.setMaxRows(200);
      database.clearRequests();
      List<String> devices = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery("SELECT * FROM dynamodb.Events")) {
        while (rs.next()) {
          devices.add(rs.getString("device") + "@" + rs.getBigDecimal("ts").toBigInteger());
        }
      }
      assertEquals(5, devices.size(), devices.toString());
      assertTrue(devices.contains("sensor-1@1767261600"), devices.toString());
      assertEquals(List.of("Scan"), database.dataRequests().stream().map(RecordingProxy.Request::operation).toList());
      SQLWarning warning = statement.getWarnings();
      assertNotNull(warning, "a permitted Scan is reported");
      assertFalse(warning.getMessage().isEmpty());
    }
  }
}
