package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.demo.RecordingProxy;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What opening a connection asks DynamoDB: a DescribeTable and a DescribeTimeToLive for each mapped
 * table's source (nothing when another connection described them within the reuse time), and
 * ListTables only once something needs the tables the mapping does not name.
 */
class ConnectRequestsTest {
  private final DemoDatabase database = DemoDatabase.get();

  @Test
  void connectingDescribesTheMappedSourcesAndListsNothing() throws SQLException {
    database.clearRequests();
    // Other tests' connections described the demo's tables moments ago: this one may not reuse them.
    try (Connection connection = database.connect("descriptionReuseSeconds=0")) {
      // The demo maps files (Drive), workspaces and projects (one table, Control); Events is raw.
      assertEquals(List.of("DescribeTable Control", "DescribeTable Drive", "DescribeTimeToLive Control",
          "DescribeTimeToLive Drive"), sorted(database.requests()));
      assertFalse(connection.isClosed());
    }
  }

  @Test
  void aConnectionOpenedWithinTheReuseTimeSendsNothing() throws SQLException {
    // The descriptions outlive the connection that read them.
    database.connect().close();
    database.clearRequests();
    try (Connection second = database.connect()) {
      assertEquals(List.of(), sorted(database.requests()));
      assertFalse(second.isClosed());
    }
  }

  @Test
  void aStatementOverAnUnmappedTableListsTheTablesOncePerConnection() throws SQLException {
    // Without reuse, so that this connection describes Events whatever other tests described before.
    try (Connection connection = database.connect("scan=allow", "descriptionReuseSeconds=0");
        Statement statement = connection.createStatement()) {
      database.clearRequests();
      try (ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM Events")) {
        assertTrue(rs.next());
        assertEquals(5, rs.getLong(1));
      }
      assertEquals(List.of("DescribeTable Events", "DescribeTimeToLive Events", "ListTables", "Scan Events"),
          sorted(database.requests()));
      database.clearRequests();
      try (ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM Events")) {
        assertTrue(rs.next());
        assertEquals(5, rs.getLong(1));
      }
      assertEquals(List.of("Scan Events"), sorted(database.requests()), "the list and the description are kept");
    }
  }

  @Test
  void statementsOverMappedTablesNeverList() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      database.clearRequests();
      try (ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'acme'")) {
        assertTrue(rs.next());
        assertEquals("Acme Corp", rs.getString(1));
      }
      assertEquals(List.of("GetItem Control"), sorted(database.requests()));
    }
  }

  @Test
  void theCatalogsTableListIsListedWhenAsked() throws SQLException {
    try (Connection connection = database.connect()) {
      database.clearRequests();
      List<String> names = new ArrayList<>();
      try (ResultSet rs = connection.getMetaData().getTables(null, null, "%", null)) {
        while (rs.next()) {
          names.add(rs.getString("TABLE_NAME"));
        }
      }
      assertEquals(List.of("Events", "files", "projects", "workspaces"), names);
      assertEquals(List.of("ListTables"), sorted(database.requests()));
    }
  }

  @Test
  void aConnectionWithoutMappedTablesListsTheTablesAsItOpens() throws SQLException {
    database.clearRequests();
    try (Connection connection = DriverManager.getConnection(
        "jdbc:keycond:region=us-east-1;endpoint=" + database.endpoint() + ";user=test;password=test")) {
      assertEquals(List.of("ListTables"), sorted(database.requests()), "connecting still asks the endpoint");
      assertFalse(connection.isClosed());
    }
  }

  private static final Pattern TABLE_NAME = Pattern.compile("\"TableName\"\\s*:\\s*\"([^\"]+)\"");

  /** Each request as its operation and table, in name order: the connection sends some side by side. */
  private static List<String> sorted(List<RecordingProxy.Request> requests) {
    return requests.stream().map(r -> {
      Matcher table = TABLE_NAME.matcher(r.body());
      return r.operation() + (table.find() ? " " + table.group(1) : "");
    }).sorted().toList();
  }
}
