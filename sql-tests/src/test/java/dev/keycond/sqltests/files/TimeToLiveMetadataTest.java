package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A table's time to live, as DescribeTimeToLive reports it, in JDBC metadata remarks: of the mapped
 * table, of the column stored in the TTL attribute, and of a raw table's document column. The data
 * is ttl.sqltest's: ttl_Sessions (mapped as sessions, TTL on expires_at) and ttl_Tokens (raw, TTL
 * on ttl).
 */
@ExtendWith(DynaliteExtension.class)
class TimeToLiveMetadataTest {
  private static final String HIDDEN = ": items whose time has passed are left out unless expiredItems=show";

  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    connection = Keycond.loadAndConnect(server, "ttl");
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @Test
  void theMappedTablesRemarksNameItsTimeToLive() throws SQLException {
    assertEquals("DynamoDB table ttl_Sessions, items with user = {user_id}, session = {session}; "
        + "time to live in attribute expires_at" + HIDDEN, tableRemarks("sessions"));
  }

  @Test
  void theColumnInTheTimeToLiveAttributeSaysSo() throws SQLException {
    Map<String, String> remarks = columnRemarks("sessions");
    assertEquals("attribute expires_at; time to live in attribute expires_at" + HIDDEN, remarks.get("expires_at"));
    assertEquals("device (key of index ByDevice)", remarks.get("device"), "a column of another attribute is unchanged");
  }

  @Test
  void aRawTablesDocumentColumnNamesItsTimeToLive() throws SQLException {
    RequestRecorder.clear();
    assertEquals("the whole item, as JSON; time to live in attribute ttl" + HIDDEN,
        columnRemarks("ttl_Tokens").get("document"));
    assertTrue(RequestRecorder.requests().stream().anyMatch(r -> r.operation().equals("DescribeTimeToLive")
        && "ttl_Tokens".equals(r.tableName())), RequestRecorder.requests()::toString);
  }

  private static String tableRemarks(String table) throws SQLException {
    try (ResultSet tables = connection.getMetaData().getTables(null, null, table, null)) {
      assertTrue(tables.next(), table);
      return tables.getString("REMARKS");
    }
  }

  private static Map<String, String> columnRemarks(String table) throws SQLException {
    Map<String, String> remarks = new LinkedHashMap<>();
    try (ResultSet columns = connection.getMetaData().getColumns(null, null, table, null)) {
      while (columns.next()) {
        remarks.put(columns.getString("COLUMN_NAME"), columns.getString("REMARKS"));
      }
    }
    return remarks;
  }
}
