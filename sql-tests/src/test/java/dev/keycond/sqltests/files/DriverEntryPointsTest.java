package dev.keycond.sqltests.files;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Both ways a tool opens a JDBC connection: DriverManager, and Driver.connect. */
@ExtendWith(DynaliteExtension.class)
class DriverEntryPointsTest {
  private static final String SQL =
      "SELECT path FROM files WHERE account = 'b22' AND path LIKE 'root/photos/%'";
  private static final List<String> ROWS =
      List.of("root/photos/", "root/photos/2026/", "root/photos/2026/beach.jpg");

  private static DynamoServer server;

  @BeforeAll
  static void loadFixture(DynamoServer dynamo) {
    server = dynamo;
    Fixtures.load(server, "files");
  }

  @Test
  void driverManagerWithEverythingInTheUrl() throws SQLException {
    String url = Keycond.url(server) + ";mapping=" + Fixtures.mapping("files");
    try (Connection connection = DriverManager.getConnection(url)) {
      assertSubtreeQuery(connection);
    }
  }

  @Test
  void driverManagerWithProperties() throws SQLException {
    Properties info = new Properties();
    info.setProperty("region", "us-east-1");
    info.setProperty("endpoint", server.endpoint());
    info.setProperty("user", Keycond.USER);
    info.setProperty("password", Keycond.PASSWORD);
    info.setProperty("mapping", Fixtures.mapping("files").toString());
    try (Connection connection = DriverManager.getConnection("jdbc:keycond:", info)) {
      assertSubtreeQuery(connection);
    }
  }

  @Test
  void driverConnectAloneWithoutDriverManager() throws SQLException {
    // What DBeaver does with a driver jar: instantiate the class and call connect.
    java.sql.Driver driver = new dev.keycond.Driver();
    Properties info = new Properties();
    info.setProperty("mapping", Fixtures.mapping("files").toString());
    try (Connection connection = driver.connect(Keycond.url(server), info)) {
      assertSubtreeQuery(connection);
    }
  }

  @Test
  void theDriverIsRegisteredAndClaimsOnlyItsOwnUrls() throws SQLException {
    assertInstanceOf(dev.keycond.Driver.class, DriverManager.getDriver("jdbc:keycond:"));
    dev.keycond.Driver driver = new dev.keycond.Driver();
    assertTrue(driver.acceptsURL("jdbc:keycond:region=us-east-1"));
    assertFalse(driver.acceptsURL("jdbc:postgresql://localhost/db"));
    // JDBC: a driver returns null for a URL it does not handle, so DriverManager tries others.
    assertNull(driver.connect("jdbc:postgresql://localhost/db", new Properties()));
  }

  @Test
  void propertiesPassedSeparatelyOverrideTheUrl() throws SQLException {
    // A GUI keeps its own fields (user, password, settings) apart from the URL it was given.
    String url = Keycond.url(server) + ";scan=allow;mapping=" + Fixtures.mapping("files");
    Properties info = new Properties();
    info.setProperty("scan", "reject");
    try (Connection connection = DriverManager.getConnection(url, info);
        Statement statement = connection.createStatement()) {
      SQLException refused = assertThrows(SQLException.class,
          () -> statement.executeQuery("SELECT path FROM files"));
      assertEquals("42Z01", refused.getSQLState());
    }
  }

  private static void assertSubtreeQuery(Connection connection) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(SQL)) {
      assertEquals(ROWS, Keycond.column(result));
    }
    assertEquals("PK = 'DRIVE#b22' AND begins_with(SK, 'root/photos/')", onlyRequest().keyCondition());
  }
}
