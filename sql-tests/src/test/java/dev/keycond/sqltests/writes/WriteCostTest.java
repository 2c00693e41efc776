package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a write cost, as dynalite reports it: a write of an item of at most 1 KB is 1 WCU (the
 * larger of the old and the new item, rounded up to 1 KB); a strongly consistent read of a small
 * item 1 RCU. The drive table has two global indexes; DynamoDB also reports the write units each
 * index takes, dynalite only the table's, and these tests assert what dynalite answers. After
 * each write the items are read back with the raw SDK, and the requests sent are asserted.
 */
@ExtendWith(DynaliteExtension.class)
class WriteCostTest {
  private FreshTables tables;
  private Connection connection;

  @BeforeEach
  void freshTables(DynamoServer server) throws SQLException {
    Assumptions.assumeFalse(DynamoServer.localStack(), "the capacity units asserted are dynalite's; DynamoDB Local "
        + "in LocalStack rounds and reports them its own way");
    tables = FreshTables.create(server);
    connection = tables.connect();
  }

  @AfterEach
  void close() throws SQLException {
    if (connection != null) {
      connection.close();
    }
  }

  /** Runs a write in a statement of its own and gives what it cost. */
  private StatementCost cost(String sql) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate(sql);
      return statement.unwrap(KeycondStatement.class).cost();
    }
  }

  private Capacity drive(double readUnits, double writeUnits) {
    return new Capacity(tables.drive, Optional.empty(), readUnits, writeUnits);
  }

  private static List<String> operations() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
  }

  /** The drive's items as the server holds them: each one's sort key and size. */
  private List<String> driveItems() {
    return tables.items(tables.drive).stream()
        .map(i -> i.get("SK").s() + "=" + (i.containsKey("size") ? i.get("size").n() : "none")).toList();
  }

  @Test
  void anInsertIsOnePutItemPerRow() throws SQLException {
    StatementCost cost = cost("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1), "
        + "('a91', 'root/b', 2), ('a91', 'root/c', 3)");
    assertEquals("3 PutItem, 3 items written, 3 WCU", cost.summary());
    assertEquals(List.of(drive(0, 3)), cost.capacity());
    assertEquals(List.of("PutItem", "PutItem", "PutItem"), operations());
    for (RecordedRequest sent : RequestRecorder.dataRequests()) {
      assertEquals(Optional.of("INDEXES"), sent.raw().getValueForField("ReturnConsumedCapacity", String.class));
    }
    assertEquals(List.of("root/a=1", "root/b=2", "root/c=3"), driveItems());
  }

  @Test
  void anInsertOfAKeyThatExistsIsARequestThatWroteNothing() throws SQLException {
    cost("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
    try (Statement statement = connection.createStatement()) {
      SQLException e = assertThrows(SQLException.class,
          () -> statement.executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 9)"));
      assertEquals("23505", e.getSQLState());
      StatementCost cost = statement.unwrap(KeycondStatement.class).cost();
      // DynamoDB charges a failed condition's write units, but its answer does not report them.
      assertEquals("1 PutItem, 0 items written, 0 WCU", cost.summary());
      assertEquals(List.of(), cost.capacity());
    }
    assertEquals(List.of("root/a=1"), driveItems());
  }

  @Test
  void anUpsertIsOneBatchWriteItemPer25Rows() throws SQLException {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      values.append(i == 0 ? "" : ", ").append("('a91', 'root/f").append(i).append("', ").append(i).append(")");
    }
    StatementCost cost = cost("UPSERT INTO files (account, path, size) VALUES " + values);
    assertEquals("2 BatchWriteItem, 30 items written, 30 WCU", cost.summary());
    assertEquals(List.of(drive(0, 30)), cost.capacity());
    assertEquals(List.of("BatchWriteItem", "BatchWriteItem"), operations());
    assertEquals(30, tables.items(tables.drive).size());
  }

  @Test
  void anUpdateByKeyIsOneUpdateItemAndAMissingRowWritesNothing() throws SQLException {
    cost("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
    assertEquals("1 UpdateItem, 1 item written, 1 WCU",
        cost("UPDATE files SET size = size + 1 WHERE account = 'a91' AND path = 'root/a'").summary());
    assertEquals(List.of("UpdateItem"), operations());
    assertEquals(List.of("root/a=2"), driveItems());
    StatementCost missing = cost("UPDATE files SET size = 5 WHERE account = 'a91' AND path = 'root/none'");
    assertEquals("1 UpdateItem, 0 items written, 0 WCU", missing.summary());
    assertEquals(List.of(), missing.capacity());
    assertEquals(List.of("UpdateItem"), operations());
    assertEquals(List.of("root/a=2"), driveItems(), "the condition that the item exists kept it from being created");
  }

  @Test
  void anUpdateComputedInTheDriverReadsTheRowConsistentlyFirst() throws SQLException {
    cost("INSERT INTO files (account, path, name) VALUES ('a91', 'root/a', 'beach')");
    StatementCost cost = cost("UPDATE files SET name = UPPER(name) WHERE account = 'a91' AND path = 'root/a'");
    assertEquals("1 GetItem, 1 UpdateItem, 1 item read, 1 item written, 1 RCU, 1 WCU", cost.summary());
    assertEquals(List.of(drive(1, 1)), cost.capacity());
    assertEquals(List.of("GetItem", "UpdateItem"), operations());
    assertEquals(Boolean.TRUE, RequestRecorder.dataRequests().get(0).consistentRead());
    assertEquals("BEACH", tables.items(tables.drive).get(0).get("name").s());
  }

  @Test
  void aDeleteOfASliceReadsItsKeysThenDeletesThemInBatches() throws SQLException {
    cost("INSERT INTO files (account, path) VALUES ('a91', 'root/tmp/'), ('a91', 'root/tmp/a'), ('a91', 'root/tmp/b')");
    StatementCost cost = cost("DELETE FROM files WHERE account = 'a91' AND path LIKE 'root/tmp/%'");
    // The keys are read strongly consistently, as the write will see them: 1 RCU for the page.
    assertEquals("1 Query, 1 BatchWriteItem, 3 items read, 3 items written, 1 RCU, 3 WCU", cost.summary());
    assertEquals(List.of(drive(1, 3)), cost.capacity());
    assertEquals(List.of("Query", "BatchWriteItem"), operations());
    assertEquals(Boolean.TRUE, RequestRecorder.dataRequests().get(0).consistentRead());
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void theStatementsOfABatchCostWhatTheyCostTogether() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES (?, ?, ?)")) {
      for (int i = 0; i < 3; i++) {
        insert.setString(1, "b1");
        insert.setString(2, "root/f" + i);
        insert.setInt(3, i);
        insert.addBatch();
      }
      insert.executeBatch();
      assertEquals("3 PutItem, 3 items written, 3 WCU", insert.unwrap(KeycondStatement.class).cost().summary());
    }
    assertEquals(List.of("root/f0=0", "root/f1=1", "root/f2=2"), driveItems());
    try (Statement statement = connection.createStatement()) {
      statement.addBatch("INSERT INTO files (account, path, size) VALUES ('b1', 'root/g', 1)");
      statement.addBatch("UPDATE files SET size = 7 WHERE account = 'b1' AND path = 'root/f0'");
      statement.executeBatch();
      assertEquals("1 PutItem, 1 UpdateItem, 2 items written, 2 WCU",
          statement.unwrap(KeycondStatement.class).cost().summary());
    }
    assertEquals(List.of("root/f0=7", "root/f1=1", "root/f2=2", "root/g=1"), driveItems());
  }

  @Test
  void aStatementsCostIsItsLastExecutionsAlone() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      KeycondStatement keycond = statement.unwrap(KeycondStatement.class);
      assertEquals(StatementCost.NONE, keycond.cost(), "nothing has run yet");
      statement.executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
      assertEquals("1 PutItem, 1 item written, 1 WCU", keycond.cost().summary());
      try (ResultSet rows = statement.executeQuery("SELECT size FROM files WHERE account = 'a91' AND path = 'root/a'")) {
        assertTrue(rows.next());
        assertEquals(1, rows.getLong(1));
        assertEquals("1 GetItem, 1 item read, 0.5 RCU", keycond.cost().summary());
      }
      statement.executeQuery("EXPLAIN PLAN FOR SELECT size FROM files WHERE account = 'a91'").close();
      assertEquals(StatementCost.NONE, keycond.cost(), "EXPLAIN sends nothing");
      assertThrows(SQLException.class, () -> statement.executeQuery("SELECT size FROM files WHERE size > 0"));
      assertEquals(StatementCost.NONE, keycond.cost(), "a statement refused before it ran sends nothing");
    }
  }
}
