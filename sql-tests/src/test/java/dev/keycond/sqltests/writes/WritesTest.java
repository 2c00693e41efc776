package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Writes through SQL, checked on the server: after each statement the items are read back with
 * the raw SDK, and the requests keycond sent are asserted. Each test has tables of its own.
 */
@ExtendWith(DynaliteExtension.class)
class WritesTest {
  private FreshTables tables;
  private Connection connection;

  @BeforeEach
  void freshTables(DynamoServer server) throws SQLException {
    tables = FreshTables.create(server);
    connection = tables.connect();
  }

  @org.junit.jupiter.api.AfterEach
  void close() throws SQLException {
    connection.close();
  }

  // ---------------------------------------------------------------- INSERT

  @Test
  void insertWritesEveryDerivedAttributeAndNothingElse() throws SQLException {
    assertEquals(1, update("INSERT INTO files (account, path, size, modified) "
        + "VALUES ('a91', 'root/photos/beach.jpg', 2048, TIMESTAMP '2026-01-02 09:10:00.5')"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(1, sent.size(), sent.toString());
    PutItemRequest put = sent.get(0).raw(PutItemRequest.class);
    assertEquals("attribute_not_exists(#a0)", put.conditionExpression());
    assertEquals(Map.of("#a0", "PK"), put.expressionAttributeNames());
    assertEquals(List.of(Map.of(
        "PK", s("DRIVE#a91"), "SK", s("root/photos/beach.jpg"),
        "parent", s("root/photos/"), "GPK", s("DRIVE#a91#root/photos/"),
        "size", AttributeValue.fromN("2048"), "modified", s("2026-01-02T09:10:00.500Z"))),
        tables.items(tables.drive));
  }

  @Test
  void aSingleTableEntityGetsItsKeysAndItsIndexKeys() throws SQLException {
    assertEquals(2, update("INSERT INTO projects (workspace_id, id, name, status) VALUES "
        + "('acme', '2026-0042', 'Borealis', 'active'), ('acme', '2026-0043', 'Cygnus', NULL)"));
    assertEquals(List.of(
        Map.of("EntityRef", s("WS#acme"), "Detail", s("PROJ#2026-0042"), "name", s("Borealis"),
            "status", s("active"), "GSI1PK", s("STATUS#active"), "GSI1SK", s("2026-0042")),
        // NULL writes no attribute, and an index key with a NULL column is not written: sparse.
        Map.of("EntityRef", s("WS#acme"), "Detail", s("PROJ#2026-0043"), "name", s("Cygnus"))),
        tables.items(tables.control));
  }

  @Test
  void aDuplicateKeyIs23505AndOverwritesNothing() throws SQLException {
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class,
        () -> update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 2)"));
    assertEquals("23505", e.getSQLState());
    // In auto-commit the put's own condition found it: the message speaks of no transaction.
    assertEquals("Duplicate key: table 'files' already has a row with key {PK=DRIVE#a91, SK=root/a} (INSERT never "
        + "overwrites; use UPSERT INTO to replace the item, or UPDATE to change it). The row was not written",
        e.getMessage());
    assertEquals(AttributeValue.fromN("1"), tables.items(tables.drive).get(0).get("size"));
  }

  @Test
  void aParentThatContradictsThePathIsRefusedBeforeAnyRequest() throws SQLException {
    SQLException e = assertRefused(SQLIntegrityConstraintViolationException.class, "23514",
        () -> update("INSERT INTO files (account, path, parent) VALUES ('a91', 'root/a/b', 'root/x/')"));
    assertTrue(e.getMessage().contains("must be the parent of 'path'"), e.getMessage());
    assertEquals(1, update("INSERT INTO files (account, path, parent) VALUES ('a91', 'root/a/b', 'root/a/')"));
  }

  @Test
  void eachBadValueIsRefusedBeforeAnyRequest() throws SQLException {
    assertRefused(SQLException.class, "23502", () -> update("INSERT INTO files (account, size) VALUES ('a91', 1)"));
    assertRefused(SQLException.class, "22Z01",
        () -> update("INSERT INTO files (account, path) VALUES ('a#b', 'root/x')"));
    assertRefused(SQLException.class, "22001",
        () -> update("INSERT INTO files (account, path) VALUES ('a91', '" + "x".repeat(1025) + "')"));
    assertRefused(SQLException.class, "22001",
        () -> update("INSERT INTO files (account, path, name) VALUES ('a91', 'root/x', '" + "y".repeat(410_000)
            + "')"));
    assertRefused(SQLException.class, "22Z02", () -> update("INSERT INTO files (account, path) VALUES ('a91', '')"));
    // Every row of a statement is checked before the first is sent.
    assertRefused(SQLException.class, "22Z01", () -> update("INSERT INTO files (account, path) VALUES "
        + "('a91', 'root/ok'), ('a#b', 'root/x')"));
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void aValueOfAnotherTypeIsRefusedBeforeAnyRequest() throws SQLException {
    SQLException e = assertRefused(SQLException.class, "22018",
        () -> update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/x', 'big')"));
    assertEquals("Column 'size': Value 'big' cannot be converted to BIGINT", e.getMessage());
    assertRefused(SQLException.class, "22003",
        () -> update("INSERT INTO files (account, path, version) VALUES ('a91', 'root/x', 2147483648)"));
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void aWriteByKeyIsBoundByMaxFanOutBeforeAnyRequest() throws SQLException {
    try (Connection narrow = tables.connect("maxFanOut=1")) {
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class, () -> narrow.createStatement().executeUpdate(
          "UPDATE files SET size = 1 WHERE account IN ('a', 'b') AND path LIKE 'root/%'"));
      assertEquals("42Z02", e.getSQLState());
      assertEquals(List.of(), RequestRecorder.dataRequests());
    }
  }

  @Test
  void upsertReplacesWholeItemsTwentyFiveToABatch() throws SQLException {
    update("INSERT INTO files (account, path, size, name) VALUES ('u1', 'root/f0', 1, 'old')");
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      values.append(i == 0 ? "" : ", ").append("('u1', 'root/f").append(i).append("', ").append(i).append(")");
    }
    RequestRecorder.clear();
    assertEquals(60, update("UPSERT INTO files (account, path, size) VALUES " + values));
    assertEquals(List.of("BatchWriteItem", "BatchWriteItem", "BatchWriteItem"), operations());
    List<Map<String, AttributeValue>> items = tables.items(tables.drive);
    assertEquals(60, items.size());
    Map<String, AttributeValue> first = items.stream().filter(i -> i.get("SK").s().equals("root/f0")).findFirst()
        .orElseThrow();
    assertFalse(first.containsKey("name"), "UPSERT replaces the whole item: " + first);
  }

  // ---------------------------------------------------------------- UPDATE by key

  @Test
  void updateByKeyIsOneConditionalUpdateItemThatRewritesTheIndexKey() throws SQLException {
    update("INSERT INTO projects (workspace_id, id, name, status) VALUES ('acme', 'p1', 'Apollo', 'active')");
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE projects SET status = 'done' WHERE workspace_id = 'acme' AND id = 'p1'"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("UpdateItem"), operations(sent));
    UpdateItemRequest request = sent.get(0).raw(UpdateItemRequest.class);
    // The index's whole key is rewritten with the column that feeds it.
    assertEquals("SET #a0 = :v0, #a1 = :v1, #a2 = :v2", request.updateExpression());
    assertEquals(Map.of("#a0", "status", "#a1", "GSI1PK", "#a2", "GSI1SK", "#a3", "EntityRef"),
        request.expressionAttributeNames());
    assertEquals("attribute_exists(#a3)", request.conditionExpression());
    Map<String, AttributeValue> item = tables.items(tables.control).get(0);
    assertEquals(s("done"), item.get("status"));
    assertEquals(s("STATUS#done"), item.get("GSI1PK"));
  }

  @Test
  void aColumnSetToNullTakesTheItemOutOfTheIndexItFeeds() throws SQLException {
    update("INSERT INTO projects (workspace_id, id, name, status) VALUES ('acme', 'p1', 'Apollo', 'active')");
    assertEquals(1, update("UPDATE projects SET status = NULL WHERE workspace_id = 'acme' AND id = 'p1'"));
    assertEquals(Map.of("EntityRef", s("WS#acme"), "Detail", s("PROJ#p1"), "name", s("Apollo")),
        tables.items(tables.control).get(0));
    assertEquals(1, update("UPDATE projects SET status = 'done' WHERE workspace_id = 'acme' AND id = 'p1'"));
    assertEquals(Map.of("EntityRef", s("WS#acme"), "Detail", s("PROJ#p1"), "name", s("Apollo"), "status", s("done"),
        "GSI1PK", s("STATUS#done"), "GSI1SK", s("p1")), tables.items(tables.control).get(0));
  }

  @Test
  void updateOfAMissingRowIsZeroAndCreatesNothing() throws SQLException {
    assertEquals(0, update("UPDATE files SET size = 5 WHERE account = 'nobody' AND path = 'root/x'"));
    assertEquals(List.of("UpdateItem"), operations());
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void aSetThatCalciteReducesToTheColumnItselfRuns() throws SQLException {
    // SET size = size - 0 is simplified to size, and Calcite then plans no Project over the read.
    update("INSERT INTO files (account, path, size, name) VALUES ('a91', 'root/same', 7, 'x')");
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE files SET size = size - 0, name = name WHERE account = 'a91' AND path = 'root/same'"));
    assertEquals(0, update("UPDATE files SET size = size - 0 WHERE account = 'a91' AND path = 'root/none'"));
    Map<String, AttributeValue> item = tables.items(tables.drive).get(0);
    assertEquals(AttributeValue.fromN("7"), item.get("size"));
    assertEquals(s("x"), item.get("name"));
    assertEquals(1, tables.items(tables.drive).size());
  }

  @Test
  void otherPredicatesMakeOptimisticConcurrency() throws SQLException {
    update("INSERT INTO files (account, path, version, size) VALUES ('a91', 'root/doc', 3, 10)");
    assertEquals(1, update("UPDATE files SET version = 4, size = 11 WHERE account = 'a91' AND path = 'root/doc' "
        + "AND version = 3"));
    // The same update again has lost the race: 0 rows, no error, nothing overwritten.
    assertEquals(0, update("UPDATE files SET version = 4, size = 99 WHERE account = 'a91' AND path = 'root/doc' "
        + "AND version = 3"));
    Map<String, AttributeValue> item = tables.items(tables.drive).get(0);
    assertEquals(AttributeValue.fromN("4"), item.get("version"));
    assertEquals(AttributeValue.fromN("11"), item.get("size"));
  }

  @Test
  void setNullRemovesTheAttributeAndTheIndexKeyItFeeds() throws SQLException {
    update("INSERT INTO files (account, path, size, shared_with) VALUES ('a91', 'root/s', 7, 'bob')");
    assertEquals(s("SHARED#bob"), tables.items(tables.drive).get(0).get("SHARED"));
    assertEquals(1, update("UPDATE files SET shared_with = NULL, size = NULL WHERE account = 'a91' AND path = 'root/s'"));
    UpdateItemRequest request = RequestRecorder.dataRequests().get(0).raw(UpdateItemRequest.class);
    assertEquals("REMOVE #a0, #a1, #a2", request.updateExpression());
    Map<String, AttributeValue> item = tables.items(tables.drive).get(0);
    assertFalse(item.containsKey("shared_with") || item.containsKey("SHARED") || item.containsKey("size"), item.toString());
  }

  @Test
  void anIncrementIsAnUpdateExpressionAndAddsNothingToNull() throws SQLException {
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/n', 41), ('a91', 'root/null', NULL)");
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE files SET size = size + 1 WHERE account = 'a91' AND path = 'root/n'"));
    UpdateItemRequest request = RequestRecorder.dataRequests().get(0).raw(UpdateItemRequest.class);
    assertEquals("SET #a0 = #a0 + :v0", request.updateExpression());
    assertEquals(List.of("UpdateItem"), operations());
    assertEquals(AttributeValue.fromN("42"), tables.items(tables.drive).get(0).get("size"));
    // NULL + 1 is NULL: the row is updated (count 1) and its size stays NULL.
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE files SET size = size + 1, version = 1 WHERE account = 'a91' AND path = 'root/null'"));
    assertEquals(List.of("UpdateItem", "GetItem", "UpdateItem"), operations());
    Map<String, AttributeValue> item = tables.items(tables.drive).get(1);
    assertFalse(item.containsKey("size"));
    assertEquals(AttributeValue.fromN("1"), item.get("version"));
  }

  @Test
  void aComputedValueIsReadThenWrittenIfUnchanged() throws SQLException {
    update("INSERT INTO files (account, path, name) VALUES ('a91', 'root/c', 'beach')");
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE files SET name = UPPER(name) WHERE account = 'a91' AND path = 'root/c'"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("GetItem", "UpdateItem"), operations(sent));
    assertEquals(Boolean.TRUE, sent.get(0).consistentRead());
    UpdateItemRequest write = sent.get(1).raw(UpdateItemRequest.class);
    assertEquals("attribute_exists(#a1) AND #a0 = :v1", write.conditionExpression());
    assertEquals(s("BEACH"), tables.items(tables.drive).get(0).get("name"));
  }

  @Test
  void changingAKeyColumnIsRefusedWithWhatToDoInstead() throws SQLException {
    SQLException e = assertRefused(SQLException.class, "0A000",
        () -> update("UPDATE files SET path = 'root/new' WHERE account = 'a91' AND path = 'root/old'"));
    assertTrue(e.getMessage().contains("DELETE the row and INSERT it with its new key instead"), e.getMessage());
  }

  // ---------------------------------------------------------------- DELETE

  @Test
  void deleteByKeyTellsOneFromZero() throws SQLException {
    update("INSERT INTO files (account, path) VALUES ('a91', 'root/d')");
    assertEquals(1, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/d'"));
    assertEquals(0, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/d'"));
    assertEquals(List.of("DeleteItem"), operations());
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void aSliceDeleteReadsPagesAndDeletesTwentyFiveToABatch() throws SQLException {
    String big = "z".repeat(20_000);
    for (int i = 0; i < 60; i++) {
      tables.put(tables.drive, Map.of("PK", s("DRIVE#a91"), "SK", s(String.format("root/tmp/%02d", i)),
          "name", s(big)));
    }
    tables.put(tables.drive, Map.of("PK", s("DRIVE#a91"), "SK", s("root/keep")));
    RequestRecorder.clear();
    assertEquals(60, update("DELETE FROM files WHERE account = 'a91' AND path LIKE 'root/tmp/%'"));
    List<String> operations = operations();
    assertTrue(operations.stream().filter("Query"::equals).count() >= 2, "more than one 1 MB page: " + operations);
    assertEquals(3, operations.stream().filter("BatchWriteItem"::equals).count(), operations.toString());
    assertEquals(List.of(Map.of("PK", s("DRIVE#a91"), "SK", s("root/keep"))), tables.items(tables.drive));
  }

  @Test
  void aDeleteOfOneEntityLeavesTheOthersOfItsPartition() throws SQLException {
    update("INSERT INTO workspaces (id, name) VALUES ('acme', 'Acme')");
    update("INSERT INTO projects (workspace_id, id, name) VALUES ('acme', 'p1', 'A'), ('acme', 'p2', 'B')");
    update("INSERT INTO members (workspace_id, user_id) VALUES ('acme', 'u1')");
    assertEquals(2, update("DELETE FROM projects WHERE workspace_id = 'acme'"));
    List<String> left = tables.items(tables.control).stream().map(i -> i.get("Detail").s()).toList();
    assertEquals(List.of("MEMBER#u1", "META"), left);
  }

  @Test
  void aSliceUpdateRechecksItsPredicateOnTheServer() throws SQLException {
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/1', 5), ('a91', 'root/2', 50), "
        + "('a91', 'root/3', 500)");
    RequestRecorder.clear();
    assertEquals(2, update("UPDATE files SET size = 0 WHERE account = 'a91' AND path LIKE 'root/%' AND size >= 50"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "UpdateItem", "UpdateItem"), operations(sent));
    for (RecordedRequest write : sent.subList(1, 3)) {
      assertEquals("attribute_exists(#a1) AND #a0 >= :v1", write.raw(UpdateItemRequest.class).conditionExpression());
    }
    assertEquals(List.of("5", "0", "0"), tables.items(tables.drive).stream().map(i -> i.get("size").n()).toList());
  }

  @Test
  void aWriteThatNeedsAScanIsRefusedUnlessScansAreAllowed(DynamoServer server) throws SQLException {
    assertRefused(SQLException.class, "42Z01", () -> update("DELETE FROM files WHERE size > 5"));
    try (Connection limited = tables.connect("scan=limit:1000")) {
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class,
          () -> limited.createStatement().executeUpdate("UPDATE files SET size = 1 WHERE size > 5"));
      assertEquals("42Z01", e.getSQLState());
      assertEquals(List.of(), RequestRecorder.dataRequests());
      // The message names the setting in force and the one that lets a write Scan, not scan=reject.
      assertTrue(e.getMessage().contains("refuses for a write under the connection's scan=limit:1000"),
          e.getMessage());
      assertTrue(e.getMessage().contains("set the connection property scan=allow (scan=limit:N lets reads Scan, "
          + "never writes"), e.getMessage());
      assertTrue(e.getMessage().contains("!connect with the URL plus ;scan=allow"), e.getMessage());
      assertFalse(e.getMessage().contains("reject"), e.getMessage());
    }
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/1', 9)");
    try (Connection allowed = tables.connect("scan=allow")) {
      assertEquals(1, allowed.createStatement().executeUpdate("DELETE FROM files WHERE size > 5"));
    }
  }

  // ---------------------------------------------------------------- MERGE

  @Test
  void mergeCreatesOrUpdatesAndKeepsOtherAttributes() throws SQLException {
    update("INSERT INTO files (account, path, size, name) VALUES ('a91', 'root/m', 1, 'kept')");
    String merge = "MERGE INTO files t USING (VALUES ('a91', 'root/m', 7), ('a91', 'root/n/o', 8)) AS s(a, p, z) "
        + "ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET size = s.z "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)";
    RequestRecorder.clear();
    assertEquals(2, update(merge));
    assertEquals(List.of("UpdateItem", "UpdateItem"), operations());
    List<Map<String, AttributeValue>> items = tables.items(tables.drive);
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/m"), "size", AttributeValue.fromN("7"),
        "name", s("kept"), "parent", s("root/"), "GPK", s("DRIVE#a91#root/")), items.get(0));
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/n/o"), "size", AttributeValue.fromN("8"),
        "parent", s("root/n/"), "GPK", s("DRIVE#a91#root/n/")), items.get(1));
  }

  @Test
  void otherMergeShapesAreRefused() throws SQLException {
    SQLException e = assertRefused(SQLException.class, "0A000", () -> update("MERGE INTO files t USING "
        + "(VALUES ('a91', 'root/m', 7)) AS s(a, p, z) ON t.account = s.a WHEN MATCHED THEN UPDATE SET size = s.z "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)"));
    assertTrue(e.getMessage().contains("ON clause must equate each key column"), e.getMessage());
    assertRefused(SQLException.class, "0A000", () -> update("MERGE INTO files t USING (VALUES ('a91', 'root/m', 7)) "
        + "AS s(a, p, z) ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET size = s.z + 1 "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)"));
  }

  // ---------------------------------------------------------------- JDBC

  @Test
  void executeBatchGivesEachRowItsRealCount() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES (?, ?, ?)")) {
      for (int i = 0; i < 5; i++) {
        insert.setString(1, "b1");
        insert.setString(2, "root/f" + i);
        insert.setInt(3, i);
        insert.addBatch();
      }
      assertArrayEquals(new int[] {1, 1, 1, 1, 1}, insert.executeBatch());
      insert.setString(1, "b1");
      insert.setString(2, "root/f9");
      insert.setInt(3, 9);
      insert.addBatch();
      insert.setString(2, "root/f2");
      insert.addBatch();
      BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
      assertEquals("23505", e.getSQLState());
      assertArrayEquals(new int[] {1, Statement.EXECUTE_FAILED}, e.getUpdateCounts());
      assertTrue(e.getMessage().contains("1 of 2 rows were written; the first row not written has key "
          + "{PK=DRIVE#b1, SK=root/f2}"), e.getMessage());
    }
    assertEquals(6, tables.items(tables.drive).size());
  }

  /**
   * A read-only connection (a GUI tool's read-only connection, a framework's read-only transaction)
   * refuses every write with 25006 before it sends anything, whichever way the write is run; reads
   * go on, and setReadOnly(false) writes again.
   */
  @Test
  void aReadOnlyConnectionRefusesEveryWriteAndSendsNothing() throws SQLException {
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
    connection.setReadOnly(true);
    assertTrue(connection.isReadOnly());
    List<Executable> writes = new ArrayList<>();
    for (String sql : List.of("INSERT INTO files (account, path, size) VALUES ('a91', 'root/b', 2)",
        "UPSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 2)",
        "UPDATE files SET size = 2 WHERE account = 'a91' AND path = 'root/a'",
        "DELETE FROM files WHERE account = 'a91' AND path = 'root/a'",
        "MERGE INTO files t USING (VALUES ('a91', 'root/a', 2)) AS s(a, p, z) ON t.account = s.a AND t.path = s.p"
            + " WHEN MATCHED THEN UPDATE SET size = s.z")) {
      writes.add(() -> update(sql));
    }
    writes.add(() -> {
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery(
              "UPDATE files SET size = 2 WHERE account = 'a91' AND path = 'root/a' RETURNING size")) {
        rows.next();
      }
    });
    writes.add(() -> {
      try (PreparedStatement update = connection.prepareStatement(
          "UPDATE files SET size = ? WHERE account = ? AND path = ?")) {
        update.setLong(1, 2);
        update.setString(2, "a91");
        update.setString(3, "root/a");
        update.executeUpdate();
      }
    });
    RequestRecorder.clear();
    for (Executable write : writes) {
      SQLException e = assertThrows(SQLException.class, write);
      assertEquals("25006", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().startsWith("The connection is read-only (Connection.setReadOnly(true)): this write "
          + "was not run, and nothing was sent."), e.getMessage());
    }
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES (?, ?, ?)")) {
      for (int i = 0; i < 2; i++) {
        insert.setString(1, "a91");
        insert.setString(2, "root/batch" + i);
        insert.setLong(3, i);
        insert.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
      assertEquals("25006", e.getSQLState());
      assertArrayEquals(new long[] {Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED}, e.getLargeUpdateCounts());
    }
    try (Statement statement = connection.createStatement()) {
      statement.addBatch("DELETE FROM files WHERE account = 'a91' AND path = 'root/a'");
      BatchUpdateException e = assertThrows(BatchUpdateException.class, statement::executeBatch);
      assertEquals("25006", e.getSQLState());
    }
    assertEquals(List.of(), RequestRecorder.dataRequests(), "a read-only connection sends no write");
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT size FROM files WHERE account = 'a91' AND path = 'root/a'")) {
      assertTrue(rows.next());
      assertEquals(1, rows.getLong(1));
    }
    connection.setReadOnly(false);
    assertFalse(connection.isReadOnly());
    assertEquals(1, update("UPDATE files SET size = 3 WHERE account = 'a91' AND path = 'root/a'"));
    assertEquals(AttributeValue.fromN("3"), tables.items(tables.drive).get(0).get("size"));
  }

  /**
   * A batch's writes go out several at a time; two of one item must still be applied in the batch's
   * order, whichever request DynamoDB answers first. Repeated, since the order of requests in flight
   * together is up to the threads and the server.
   */
  @Test
  void executeBatchAppliesTheWritesOfOneItemInOrder() throws SQLException {
    for (int round = 0; round < 5; round++) {
      String path = "root/same" + round;
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO files (account, path, size) VALUES (?, ?, ?)")) {
        for (int size = 1; size <= 3; size++) {
          insert.setString(1, "b1");
          insert.setString(2, path);
          insert.setInt(3, size);
          insert.addBatch();
        }
        BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
        assertEquals("23505", e.getSQLState());
        assertArrayEquals(new int[] {1, Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED}, e.getUpdateCounts(),
            e.getMessage());
      }
      assertEquals("1", sizeOf(path), "the first INSERT of the key wins");
      try (PreparedStatement update = connection.prepareStatement(
          "UPDATE files SET size = ? WHERE account = ? AND path = ?")) {
        for (int size = 10; size <= 14; size++) {
          update.setInt(1, size);
          update.setString(2, "b1");
          update.setString(3, path);
          update.addBatch();
        }
        assertArrayEquals(new int[] {1, 1, 1, 1, 1}, update.executeBatch());
      }
      assertEquals("14", sizeOf(path), "the last UPDATE of the key wins");
      try (PreparedStatement delete = connection.prepareStatement(
          "DELETE FROM files WHERE account = ? AND path = ?")) {
        for (String deleted : List.of(path, path, "root/none")) {
          delete.setString(1, "b1");
          delete.setString(2, deleted);
          delete.addBatch();
        }
        assertArrayEquals(new int[] {1, 0, 0}, delete.executeBatch());
      }
      assertEquals(List.of(), tables.items(tables.drive));
    }
  }

  /** The size the server holds for {@code b1}'s item at {@code path}, read with the raw SDK. */
  private String sizeOf(String path) {
    return tables.items(tables.drive).stream().filter(i -> i.get("SK").s().equals(path)).findFirst().orElseThrow()
        .get("size").n();
  }

  @Test
  void dbeaversEditSequenceWorks() throws SQLException {
    try (PreparedStatement add = connection.prepareStatement("INSERT INTO dynamodb.files (\"account\", \"path\", "
        + "\"parent\", \"size\", \"modified\", \"shared_with\", \"version\", \"name\") VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
      add.setString(1, "a91");
      add.setString(2, "root/edit.txt");
      add.setNull(3, java.sql.Types.VARCHAR);
      add.setLong(4, 10);
      add.setTimestamp(5, Timestamp.valueOf("2026-03-01 08:00:00"));
      add.setNull(6, java.sql.Types.VARCHAR);
      add.setNull(7, java.sql.Types.INTEGER);
      add.setString(8, "edit");
      assertEquals(1, add.executeUpdate());
    }
    try (PreparedStatement edit = connection.prepareStatement(
        "UPDATE dynamodb.files SET \"size\"=? WHERE \"account\"=? AND \"path\"=?")) {
      edit.setLong(1, 20);
      edit.setString(2, "a91");
      edit.setString(3, "root/edit.txt");
      assertEquals(1, edit.executeUpdate());
      assertFalse(edit.execute(), "a write's result is an update count");
      assertEquals(1, edit.getUpdateCount());
      assertEquals(0, edit.getGeneratedKeys().getMetaData().getColumnCount());
    }
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/edit.txt"), "parent", s("root/"),
        "GPK", s("DRIVE#a91#root/"), "size", AttributeValue.fromN("20"), "modified", s("2026-03-01T08:00:00Z"),
        "name", s("edit")), tables.items(tables.drive).get(0));
    try (PreparedStatement remove = connection.prepareStatement(
        "DELETE FROM dynamodb.files WHERE \"account\"=? AND \"path\"=?")) {
      remove.setString(1, "a91");
      remove.setString(2, "root/edit.txt");
      assertEquals(1, remove.executeUpdate());
    }
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void withAutoCommitOffAWriteIsKeptUnsentAndRollbackDropsIt() throws SQLException {
    connection.setAutoCommit(false);
    RequestRecorder.clear();
    assertEquals(1, update("INSERT INTO files (account, path) VALUES ('a91', 'root/x')"));
    assertEquals(List.of("GetItem"), RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList(),
        "an INSERT in a transaction reads its key, and writes nothing until commit");
    assertEquals(List.of(), tables.items(tables.drive));
    RequestRecorder.clear();
    connection.rollback();
    assertEquals(List.of(), RequestRecorder.dataRequests(), "a rollback sends nothing");
    assertEquals(List.of(), tables.items(tables.drive));
    RequestRecorder.clear();
    connection.setAutoCommit(true);
    assertEquals(List.of(), RequestRecorder.dataRequests(), "an empty transaction commits without a request");
  }

  @Test
  void explainOfAWriteSendsNothing() throws SQLException {
    for (String sql : List.of("INSERT INTO files (account, path) VALUES ('a91', 'root/x')",
        "UPDATE files SET size = 1 WHERE account = 'a91' AND path = 'root/x'",
        "DELETE FROM files WHERE account = 'a91' AND path LIKE 'root/%'",
        "UPSERT INTO files (account, path) VALUES ('a91', 'root/x')")) {
      RequestRecorder.clear();
      List<String> lines = new ArrayList<>();
      try (ResultSet plan = connection.createStatement().executeQuery("EXPLAIN PLAN FOR " + sql)) {
        while (plan.next()) {
          lines.add(plan.getString(1));
        }
      }
      assertEquals(List.of(), RequestRecorder.dataRequests(), sql);
      assertTrue(lines.stream().anyMatch(l -> l.contains("ConditionExpression:") || l.contains("BatchWriteItem")),
          String.join("\n", lines));
    }
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void executeQueryOfAWriteAndExecuteUpdateOfAQueryAreRefusedBeforeRunning() throws SQLException {
    assertRefused(SQLException.class, "07000", () -> connection.createStatement()
        .executeQuery("INSERT INTO files (account, path) VALUES ('a91', 'root/x')"));
    assertRefused(SQLException.class, "07000", () -> connection.createStatement()
        .executeUpdate("SELECT path FROM files WHERE account = 'a91'"));
    assertEquals(List.of(), tables.items(tables.drive));
  }

  // ---------------------------------------------------------------- helpers

  private long update(String sql) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }

  /** Runs a statement that must fail with {@code state} before it sends anything. */
  private static <T extends SQLException> T assertRefused(Class<T> type, String state, Executable statement) {
    RequestRecorder.clear();
    T e = assertThrows(type, statement);
    assertEquals(state, e.getSQLState(), e.getMessage());
    assertInstanceOf(type, e);
    assertEquals(List.of(), RequestRecorder.dataRequests(), "nothing may be sent: " + e.getMessage());
    return e;
  }

  private static List<String> operations() {
    return operations(RequestRecorder.dataRequests());
  }

  private static List<String> operations(List<RecordedRequest> requests) {
    return requests.stream().map(RecordedRequest::operation).toList();
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }
}
