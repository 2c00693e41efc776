package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Connecting: an unreachable endpoint is class 08, half a credential pair is 28000,
 * and the secret key never shows, not in a message, a toString, a cause or a stack trace.
 */
@ExtendWith(DynaliteExtension.class)
class ConnectionErrorsTest {
  /** A secret no test text contains by accident, so finding it anywhere means it leaked. */
  private static final String SECRET = "Sentinel-Secret-7f3a9c";

  private static DynamoServer server;

  @BeforeAll
  static void loadFixture(DynamoServer dynamo) {
    server = dynamo;
    Fixtures.load(server, "files");
  }

  @Test
  void anUnreachableEndpointIsAConnectionError() throws IOException {
    String url = "jdbc:keycond:region=us-east-1;endpoint=http://127.0.0.1:" + closedPort()
        + ";user=AKIDEXAMPLE;password=" + SECRET;

    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection(url).close());

    assertTrue(e.getSQLState().startsWith("08"), e.getSQLState() + ": " + e.getMessage());
    assertInstanceOf(SQLNonTransientConnectionException.class, e);
    assertTrue(e.getMessage().contains("endpoint"), e::getMessage);
    assertSecretAbsent(e);
  }

  @Test
  void aUserWithoutAPasswordIsAnAuthorizationError() {
    Properties info = new Properties();
    info.setProperty("user", "AKIDEXAMPLE");

    SQLException e = assertThrows(SQLException.class, () ->
        DriverManager.getConnection("jdbc:keycond:region=us-east-1;endpoint=" + server.endpoint(),
            info).close());

    assertEquals("28000", e.getSQLState(), e::getMessage);
    assertInstanceOf(SQLInvalidAuthorizationSpecException.class, e);
    assertTrue(e.getMessage().contains("password"), e::getMessage);
  }

  @Test
  void aPasswordWithoutAUserIsAnAuthorizationErrorThatHidesThePassword() {
    Properties info = new Properties();
    info.setProperty("password", SECRET);

    SQLException e = assertThrows(SQLException.class, () ->
        DriverManager.getConnection("jdbc:keycond:region=us-east-1;endpoint=" + server.endpoint(),
            info).close());

    assertEquals("28000", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("user"), e::getMessage);
    assertSecretAbsent(e);
  }

  @Test
  void failuresAfterConnectingDoNotShowTheSecret() {
    String url = "jdbc:keycond:region=us-east-1;endpoint=" + server.endpoint()
        + ";user=AKIDEXAMPLE;password=" + SECRET + ";mapping=" + Fixtures.mapping("files");

    // A bad property, a bad mapping, and errors of statements on a good connection.
    assertSecretAbsent(assertThrows(SQLException.class,
        () -> DriverManager.getConnection(url + ";scan=sometimes").close()));
    assertSecretAbsent(assertThrows(SQLException.class,
        () -> DriverManager.getConnection(url.replace("files.mapping", "broken.mapping")).close()));
    assertSecretAbsent(assertThrows(SQLException.class, () -> query(url, "SELECT path FROM files")));
    assertSecretAbsent(assertThrows(SQLException.class, () -> query(url, "SELEC 1")));
  }

  @Test
  void theSecretIsMaskedWhereAToolShowsTheConnection() throws SQLException {
    String url = "jdbc:keycond:region=us-east-1;endpoint=" + server.endpoint()
        + ";user=AKIDEXAMPLE;password=" + SECRET + ";mapping=" + Fixtures.mapping("files");
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT path FROM files WHERE account = 'b22' AND path = 'root/'")) {
      assertTrue(result.next());
      String shownUrl = connection.getMetaData().getURL();
      String shown = connection + " " + shownUrl + " " + statement + " " + result + " "
          + connection.getMetaData();
      assertFalse(shown.contains(SECRET), shown);
      assertTrue(shownUrl.startsWith("jdbc:keycond:"), shownUrl);
    }
  }

  /** Each way of writing the password property that the URL parser accepts. */
  @ParameterizedTest
  @ValueSource(strings = {"password=", "password =", "PASSWORD=", " Password = ", "pAsSwOrD\t="})
  void getUrlMasksThePasswordHoweverItIsWritten(String assignment) throws SQLException {
    String url = "jdbc:keycond:region=us-east-1;endpoint=" + server.endpoint() + ";user=AKIDEXAMPLE;" + assignment
        + SECRET + ";mapping=" + Fixtures.mapping("files");
    try (Connection connection = DriverManager.getConnection(url)) {
      String shown = connection.getMetaData().getURL();

      assertFalse(shown.contains(SECRET), shown);
      assertTrue(shown.contains(";" + assignment.substring(0, assignment.indexOf('=') + 1) + "****;mapping="), shown);
      // The parser took the form as the password: a user without one would have failed with 28000.
      assertEquals(List.of(List.of("root/")), Keycond.query(connection,
          "SELECT path FROM files WHERE account = 'b22' AND path = 'root/'"));
    }
  }

  @Test
  void propertyInfoShowsTheValuesGivenExceptThePassword() throws SQLException {
    Properties info = new Properties();
    info.setProperty("user", "AKIDEXAMPLE");
    info.setProperty("password", SECRET);
    String url = "jdbc:keycond:region=us-east-1;password=" + SECRET;

    DriverPropertyInfo[] properties = DriverManager.getDriver(url).getPropertyInfo(url, info);

    Map<String, String> values = new HashMap<>();
    for (DriverPropertyInfo property : properties) {
      assertFalse((property.name + property.value + property.description).contains(SECRET), property.name);
      values.put(property.name, property.value);
    }
    assertEquals("AKIDEXAMPLE", values.get("user"));
    assertTrue(values.containsKey("password"));
    assertNull(values.get("password"));
  }

  /** A property without '=', which may be the password mistyped, is reported by its position alone. */
  @ParameterizedTest
  @ValueSource(strings = {";password:", ";password", ";"})
  void aMalformedPropertyIsNotEchoed(String malformed) {
    String url = "jdbc:keycond:region=us-east-1;user=AKIDEXAMPLE" + malformed + SECRET + ";endpoint=" + server.endpoint();

    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close());

    assertEquals("22023", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("part 3 after jdbc:keycond:"), e::getMessage);
    assertSecretAbsent(e);
  }

  private static void query(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      Keycond.rows(result);
    }
  }

  /** The secret is in no message, toString, cause, suppressed exception or stack trace. */
  private static void assertSecretAbsent(Throwable thrown) {
    StringWriter trace = new StringWriter();
    thrown.printStackTrace(new PrintWriter(trace));
    assertFalse(trace.toString().contains(SECRET), trace::toString);
    if (thrown instanceof SQLException sql && sql.getNextException() != null) {
      assertSecretAbsent(sql.getNextException());
    }
  }

  /** A port nothing listens on: bound once to find it free, then released. */
  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
