package dev.keycond.sqltests.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Opens keycond connections to the test dynalite, runs statements and reads results back as
 * text, and tells which DynamoDB requests a statement sent.
 */
public final class Keycond {
  /** dynalite checks that requests are signed, not by whom; any key pair works. */
  public static final String USER = "keycond-test";

  public static final String PASSWORD = "keycond-test-secret";

  private Keycond() {}

  /** {@code jdbc:keycond:} for the server, with region, endpoint and credentials. */
  public static String url(DynamoServer server) {
    return url(server.endpoint());
  }

  /** {@code jdbc:keycond:} for an endpoint in front of the server, such as a FaultProxy's. */
  public static String url(String endpoint) {
    return "jdbc:keycond:region=us-east-1;endpoint=" + endpoint + ";user=" + USER + ";password=" + PASSWORD;
  }

  /**
   * Connects through DriverManager with mapping {@code fixtures/<mapping>.mapping.json} (none
   * when null) and extra properties written {@code "name=value"}.
   */
  public static Connection connect(DynamoServer server, String mapping, String... properties)
      throws SQLException {
    return connect(server.endpoint(), mapping, properties);
  }

  /** {@link #connect(DynamoServer, String, String...)} through an endpoint in front of the server. */
  public static Connection connect(String endpoint, String mapping, String... properties) throws SQLException {
    Properties info = properties(properties);
    if (mapping != null) {
      info.setProperty("mapping", Fixtures.mapping(mapping).toString());
    }
    return DriverManager.getConnection(url(endpoint), info);
  }

  /** Loads {@code fixtures/<fixture>.fixture.json} and connects with {@code fixtures/<fixture>.mapping.json}. */
  public static Connection loadAndConnect(DynamoServer server, String fixture, String... properties)
      throws SQLException {
    Fixtures.load(server, fixture);
    return connect(server, fixture, properties);
  }

  /** Properties from {@code "name=value"} strings. */
  public static Properties properties(String... nameValues) {
    Properties info = new Properties();
    for (String nameValue : nameValues) {
      int eq = nameValue.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("write name=value, not '" + nameValue + "'");
      }
      info.setProperty(nameValue.substring(0, eq), nameValue.substring(eq + 1));
    }
    return info;
  }

  /** Every remaining row, each as its columns' getString values (null for SQL NULL). */
  public static List<List<String>> rows(ResultSet result) throws SQLException {
    return rows(result, ResultSet::getString);
  }

  /** Every remaining row, each as its columns' getObject values (null for SQL NULL). */
  public static List<List<Object>> objects(ResultSet result) throws SQLException {
    return rows(result, ResultSet::getObject);
  }

  /** How a test reads one column of a row. */
  private interface ColumnReader<T> {
    T read(ResultSet result, int column) throws SQLException;
  }

  private static <T> List<List<T>> rows(ResultSet result, ColumnReader<T> reader) throws SQLException {
    int columns = result.getMetaData().getColumnCount();
    List<List<T>> rows = new ArrayList<>();
    while (result.next()) {
      List<T> row = new ArrayList<>();
      for (int i = 1; i <= columns; i++) {
        row.add(reader.read(result, i));
      }
      rows.add(row);
    }
    return rows;
  }

  /** The first column of every remaining row. */
  public static List<String> column(ResultSet result) throws SQLException {
    return rows(result).stream().map(row -> row.get(0)).toList();
  }

  /** Each row as its columns joined by a space, so that a row compares as one string. */
  public static List<String> joined(List<List<String>> rows) {
    return rows.stream().map(row -> String.join(" ", row)).toList();
  }

  /**
   * Runs {@code sql} in a statement of its own and reads every row. Earlier requests are forgotten
   * first, so that {@link RequestRecorder} then holds this statement's alone.
   */
  public static List<List<String>> query(Connection connection, String sql) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      return rows(result);
    }
  }

  /**
   * Runs the statement with these string parameters, in marker order, and reads every row. Earlier
   * requests are forgotten first, so that {@link RequestRecorder} then holds this execution's alone.
   */
  public static List<List<String>> query(PreparedStatement statement, String... parameters)
      throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      statement.setString(i + 1, parameters[i]);
    }
    RequestRecorder.clear();
    try (ResultSet result = statement.executeQuery()) {
      return rows(result);
    }
  }

  /** The one item request sent since the recorder was last cleared; fails when there were others or none. */
  public static RecordedRequest onlyRequest() {
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertEquals(1, requests.size(), requests::toString);
    return requests.get(0);
  }
}
