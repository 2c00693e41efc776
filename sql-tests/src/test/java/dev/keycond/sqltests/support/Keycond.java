package dev.keycond.sqltests.support;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynamoServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** Opens keycond connections to the test dynalite, and reads results back as text. */
public final class Keycond {
  /** dynalite checks that requests are signed, not by whom; any key pair works. */
  public static final String USER = "keycond-test";

  public static final String PASSWORD = "keycond-test-secret";

  private Keycond() {}

  /** {@code jdbc:keycond:} for the server, with region, endpoint and credentials. */
  public static String url(DynamoServer server) {
    return "jdbc:keycond:region=us-east-1;endpoint=" + server.endpoint()
        + ";user=" + USER + ";password=" + PASSWORD;
  }

  /**
   * Connects through DriverManager with mapping {@code fixtures/<mapping>.mapping.json} (none
   * when null) and extra properties written {@code "name=value"}.
   */
  public static Connection connect(DynamoServer server, String mapping, String... properties)
      throws SQLException {
    Properties info = properties(properties);
    if (mapping != null) {
      info.setProperty("mapping", Fixtures.mapping(mapping).toString());
    }
    return DriverManager.getConnection(url(server), info);
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
    int columns = result.getMetaData().getColumnCount();
    List<List<String>> rows = new ArrayList<>();
    while (result.next()) {
      List<String> row = new ArrayList<>();
      for (int i = 1; i <= columns; i++) {
        row.add(result.getString(i));
      }
      rows.add(row);
    }
    return rows;
  }

  /** The first column of every remaining row. */
  public static List<String> column(ResultSet result) throws SQLException {
    return rows(result).stream().map(row -> row.get(0)).toList();
  }
}
