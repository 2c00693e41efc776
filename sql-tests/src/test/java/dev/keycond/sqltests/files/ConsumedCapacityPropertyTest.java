package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.KeycondStatement;
import dev.keycond.planner.cost.Capacity;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.SdkJson;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The {@code consumedCapacity} connection property: every request a connection sends, and every
 * request its EXPLAIN shows, asks for what the property says; a statement's cost then says the
 * units DynamoDB reported, or that they were not asked for, never 0 units that were not counted.
 * Each write is read back from the server with the raw SDK.
 */
@ExtendWith(DynaliteExtension.class)
class ConsumedCapacityPropertyTest {
  private FreshTables tables;

  @BeforeEach
  void freshTables(DynamoServer server) {
    tables = FreshTables.create(server);
  }

  /** Runs a statement, reads every row it returns, and gives what it cost; its warnings go to {@code warnings}. */
  private static StatementCost run(Connection connection, String sql, List<String> warnings) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement()) {
      if (statement.execute(sql)) {
        try (ResultSet rows = statement.getResultSet()) {
          while (rows.next()) {
            // every row, so that the warning on what the read cost is given
          }
        }
      }
      for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
        warnings.add(w.getMessage());
      }
      return statement.unwrap(KeycondStatement.class).cost();
    }
  }

  private static StatementCost run(Connection connection, String sql) throws SQLException {
    return run(connection, sql, new ArrayList<>());
  }

  /** What each data request the statement sent asked for, in the order sent. */
  private static List<String> asked() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::raw)
        .map(r -> r.getValueForField("ReturnConsumedCapacity", String.class).orElse("absent")).toList();
  }

  private List<String> driveItems() {
    return tables.items(tables.drive).stream()
        .map(i -> i.get("SK").s() + "=" + (i.containsKey("size") ? i.get("size").n() : "none")).toList();
  }

  @Test
  void noneAsksForNoUnitsAndTheCostSaysSo() throws SQLException {
    try (Connection connection = tables.connect("consumedCapacity=none")) {
      StatementCost inserted = run(connection, "INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1), "
          + "('a91', 'root/b', 5)");
      assertEquals("2 PutItem, 2 items written, units not asked (consumedCapacity=none)", inserted.summary());
      assertFalse(inserted.unitsReported());
      assertEquals(List.of(), inserted.capacity());
      assertEquals(List.of("NONE", "NONE"), asked());
      assertEquals(List.of("root/a=1", "root/b=5"), driveItems());

      StatementCost updated = run(connection, "UPDATE files SET size = size + 1 WHERE account = 'a91' "
          + "AND path = 'root/a'");
      assertEquals("1 UpdateItem, 1 item written, units not asked (consumedCapacity=none)", updated.summary());
      assertEquals(List.of("NONE"), asked());
      assertEquals(List.of("root/a=2", "root/b=5"), driveItems());

      List<String> warnings = new ArrayList<>();
      StatementCost read = run(connection, "SELECT path FROM files WHERE account = 'a91' AND size > 2", warnings);
      assertEquals("1 Query, 2 items read, units not asked (consumedCapacity=none)", read.summary());
      assertEquals(List.of("NONE"), asked());
      assertEquals("DynamoDB read 2 items in 1 request to return 1 row; its FilterExpression discarded 1 of them",
          warnings.get(warnings.size() - 1), warnings::toString);
    }
  }

  @Test
  void totalCountsEachRequestsUnitsOnItsTable() throws SQLException {
    Assumptions.assumeFalse(DynamoServer.localStack(), "the capacity units asserted are dynalite's; DynamoDB Local "
        + "in LocalStack rounds and reports them its own way");
    try (Connection connection = tables.connect("consumedCapacity=TOTAL")) {
      StatementCost inserted = run(connection, "INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
      assertEquals("1 PutItem, 1 item written, 1 WCU", inserted.summary());
      assertEquals(List.of(new Capacity(tables.drive, Optional.empty(), 0, 1)), inserted.capacity());
      assertEquals(List.of("TOTAL"), asked());
      assertEquals(List.of("root/a=1"), driveItems());

      StatementCost read = run(connection, "SELECT size FROM files WHERE account = 'a91' AND path = 'root/a'");
      assertEquals("1 GetItem, 1 item read, 0.5 RCU", read.summary());
      assertEquals(List.of("TOTAL"), asked());
    }
  }

  @Test
  void explainShowsTheRequestAsTheConnectionSendsIt() throws SQLException {
    try (Connection connection = tables.connect("consumedCapacity=none")) {
      run(connection, "INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
      String sql = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/%'";
      List<DynamoDbRequest> shown = new ArrayList<>();
      RequestRecorder.clear();
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("EXPLAIN PLAN AS JSON FOR " + sql)) {
        while (rows.next()) {
          shown.add(SdkJson.request(rows.getString(1), rows.getString(2)));
        }
      }
      assertEquals(List.of(), RequestRecorder.dataRequests(), "EXPLAIN sends nothing");
      assertEquals(List.of(List.of("root/a", "1")), Keycond.query(connection, sql));
      List<RecordedRequest> sent = RequestRecorder.dataRequests();
      assertEquals(1, sent.size());
      assertEquals(1, shown.size());
      assertTrue(sent.get(0).raw(DynamoDbRequest.class).equalsBySdkFields(shown.get(0)),
          () -> shown + " is not " + sent);
      assertEquals(List.of("NONE"), asked());
    }
  }

  @Test
  void aValueThePropertyDoesNotTakeIsRefusedAtConnect() {
    SQLException e = assertThrows(SQLException.class, () -> tables.connect("consumedCapacity=some"));
    assertEquals("22023", e.getSQLState());
    assertEquals("Invalid value 'some' for property consumedCapacity: use indexes, total or none", e.getMessage());
  }
}
