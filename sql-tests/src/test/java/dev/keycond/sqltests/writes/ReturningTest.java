package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.Keycond;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * {@code RETURNING}: the rows a write returns are the items as DynamoDB answered for them
 * ({@code ReturnValues: ALL_NEW} for UPDATE and MERGE, {@code ALL_OLD} for DELETE) or as an INSERT
 * wrote them, with no other request; through executeQuery, execute and getResultSet, and a
 * PreparedStatement. The items are read back with the raw SDK.
 */
@ExtendWith(DynaliteExtension.class)
class ReturningTest {
  private FreshTables tables;
  private Connection connection;

  @BeforeEach
  void freshTables(DynamoServer server) throws SQLException {
    tables = FreshTables.create(server);
    connection = tables.connect();
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("INSERT INTO files (account, path, size, name) VALUES "
          + "('a91', 'root/a', 1, 'first'), ('a91', 'root/b', 2, 'second')");
    }
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void updateReturnsTheRowAsItLeftItFromOneUpdateItem() throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("UPDATE files SET name = 'renamed' "
            + "WHERE account = 'a91' AND path = 'root/a' RETURNING *")) {
      assertEquals(List.of(Arrays.asList("a91", "root/a", "root/", 1L, null, null, null, "renamed")),
          Keycond.objects(rows));
      assertEquals(-1, statement.getUpdateCount());
    }
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("UpdateItem"), operations(sent));
    assertEquals(ReturnValue.ALL_NEW, sent.get(0).raw(UpdateItemRequest.class).returnValues());
    assertEquals(s("renamed"), tables.items(tables.drive).get(0).get("name"));
  }

  @Test
  void expressionsOfTheColumnsAreReturnedThroughExecuteAndGetResultSet() throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement()) {
      assertTrue(statement.execute("UPDATE files f SET size = size + 10 WHERE account = 'a91' AND path = 'root/b' "
          + "RETURNING f.path, size * 2 AS doubled, UPPER(name) AS shout"));
      assertEquals(-1, statement.getUpdateCount());
      try (ResultSet rows = statement.getResultSet()) {
        ResultSetMetaData meta = rows.getMetaData();
        assertEquals(List.of("PATH", "DOUBLED", "SHOUT"), List.of(meta.getColumnLabel(1).toUpperCase(),
            meta.getColumnLabel(2).toUpperCase(), meta.getColumnLabel(3).toUpperCase()));
        assertEquals(List.of(List.of("root/b", 24L, "SECOND")), Keycond.objects(rows));
      }
      assertFalse(statement.getMoreResults());
    }
    assertEquals(List.of("UpdateItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(AttributeValue.fromN("12"), tables.items(tables.drive).get(1).get("size"));
  }

  @Test
  void deleteReturnsTheRowsAsTheyWereFromDeleteItemsNotABatch() throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("DELETE FROM files WHERE account = 'a91' AND path LIKE 'root/%' "
            + "RETURNING path, name")) {
      assertEquals(List.of(List.of("root/a", "first"), List.of("root/b", "second")), Keycond.objects(rows));
    }
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "DeleteItem", "DeleteItem"), operations(sent));
    for (RecordedRequest delete : sent.subList(1, 3)) {
      assertEquals(ReturnValue.ALL_OLD, delete.raw(DeleteItemRequest.class).returnValues());
    }
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void aWriteThatMatchesNothingReturnsNoRows() throws SQLException {
    RequestRecorder.clear();
    try (ResultSet rows = connection.createStatement().executeQuery("DELETE FROM files "
        + "WHERE account = 'a91' AND path = 'root/none' RETURNING *")) {
      assertFalse(rows.next());
    }
    assertEquals(List.of("DeleteItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(2, tables.items(tables.drive).size());
  }

  @Test
  void insertReturnsTheRowsAsWrittenWithParametersAndNoOtherRequest() throws SQLException {
    RequestRecorder.clear();
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES (?, ?, ?) RETURNING path, parent, size")) {
      insert.setString(1, "a91");
      insert.setString(2, "root/c/d");
      insert.setLong(3, 5);
      try (ResultSet rows = insert.executeQuery()) {
        assertEquals(List.of(List.of("root/c/d", "root/c/", 5L)), Keycond.objects(rows));
      }
      assertEquals(-1, insert.getUpdateCount());
    }
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("PutItem"), operations(sent));
    assertNull(sent.get(0).raw(PutItemRequest.class).returnValues());
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/c/d"), "parent", s("root/c/"),
        "GPK", s("DRIVE#a91#root/c/"), "size", AttributeValue.fromN("5")), tables.items(tables.drive).get(2));
  }

  @Test
  void upsertAndMergeReturnTheirRows() throws SQLException {
    RequestRecorder.clear();
    try (ResultSet rows = connection.createStatement().executeQuery(
        "UPSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 9) RETURNING path, size, name")) {
      assertEquals(List.of(Arrays.asList("root/a", 9L, null)), Keycond.objects(rows));
    }
    assertEquals(List.of("BatchWriteItem"), operations(RequestRecorder.dataRequests()));
    RequestRecorder.clear();
    try (ResultSet rows = connection.createStatement().executeQuery("MERGE INTO files t USING (VALUES "
        + "('a91', 'root/b', 7)) AS s(a, p, z) ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET "
        + "size = s.z WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z) RETURNING *")) {
      // MERGE keeps the attributes it does not set: the name comes back from DynamoDB's ALL_NEW.
      assertEquals(List.of(Arrays.asList("a91", "root/b", "root/", 7L, null, null, null, "second")),
          Keycond.objects(rows));
    }
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("UpdateItem"), operations(sent));
    assertEquals(ReturnValue.ALL_NEW, sent.get(0).raw(UpdateItemRequest.class).returnValues());
    List<Map<String, AttributeValue>> items = tables.items(tables.drive);
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/a"), "parent", s("root/"), "GPK", s("DRIVE#a91#root/"),
        "size", AttributeValue.fromN("9")), items.get(0));
    assertEquals(AttributeValue.fromN("7"), items.get(1).get("size"));
  }

  @Test
  void explainShowsTheReturnValues() throws SQLException {
    RequestRecorder.clear();
    List<String> plan = new ArrayList<>();
    try (ResultSet rows = connection.createStatement().executeQuery("EXPLAIN PLAN FOR UPDATE files SET size = 3 "
        + "WHERE account = 'a91' AND path = 'root/a' RETURNING *")) {
      while (rows.next()) {
        plan.add(rows.getString(1).strip());
      }
    }
    assertTrue(plan.contains("ReturnValues:              ALL_NEW"), plan::toString);
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  @Test
  void aReturningWriteThatNeedsAScanIsRefusedAsTheWriteIs() throws SQLException {
    SQLException plain = assertRefused("42Z01",
        () -> connection.createStatement().executeUpdate("UPDATE files SET size = 0 WHERE name = 'first'"));
    SQLException returning = assertRefused("42Z01", () -> connection.createStatement().executeQuery(
        "UPDATE files SET size = 0 WHERE name = 'first' RETURNING *"));
    assertEquals(plain.getMessage(), returning.getMessage());
  }

  @Test
  void misuseIsRefusedBeforeAnyRequest() throws SQLException {
    String sql = "DELETE FROM files WHERE account = 'a91' AND path = 'root/a' RETURNING path";
    assertRefused("07000", () -> connection.createStatement().executeUpdate(sql));
    assertRefused("0A000", () -> connection.createStatement().executeQuery(
        "DELETE FROM files WHERE account = 'a91' AND path = 'root/a' RETURNING path || ?"));
    assertRefused("0A000", () -> connection.createStatement().executeQuery(
        "DELETE FROM files WHERE account = 'a91' AND path = 'root/a' RETURNING COUNT(*)"));
    assertRefused("42000", () -> connection.createStatement().executeQuery(
        "DELETE FROM files WHERE account = 'a91' AND path = 'root/a' RETURNING"));
    try (Statement batch = connection.createStatement()) {
      batch.addBatch(sql);
      BatchUpdateException e = assertThrows(BatchUpdateException.class, batch::executeBatch);
      assertEquals("07000", e.getSQLState());
      assertTrue(e.getMessage().contains("has RETURNING"), e.getMessage());
    }
    try (PreparedStatement prepared = connection.prepareStatement(
        "DELETE FROM files WHERE account = ? AND path = ? RETURNING path")) {
      prepared.setString(1, "a91");
      prepared.setString(2, "root/a");
      prepared.addBatch();
      SQLException e = assertRefused("07000", prepared::executeBatch);
      assertTrue(e.getMessage().contains("has RETURNING"), e.getMessage());
    }
    assertEquals(2, tables.items(tables.drive).size());
  }

  private static SQLException assertRefused(String state, Executable statement) {
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class, statement);
    assertEquals(state, e.getSQLState(), e.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests(), "nothing may be sent: " + e.getMessage());
    return e;
  }


  private static List<String> operations(List<RecordedRequest> requests) {
    return requests.stream().map(RecordedRequest::operation).toList();
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }
}
