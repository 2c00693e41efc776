package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.KeycondStatement;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.SdkJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * {@code EXPLAIN PLAN AS JSON} of writes: each request, read as the AWS CLI reads
 * {@code --cli-input-json} ({@link SdkJson}), is the one the statement sends, and sent as it is
 * with the raw SDK it leaves the table's items as the statement leaves them. The items are read
 * back with the raw SDK. And the reads of a sharded collection, written here: one Query per shard,
 * each given, and what a program learns of their cost.
 */
@ExtendWith(DynaliteExtension.class)
class WriteExplainJsonTest {
  private DynamoServer server;
  private FreshTables tables;
  private Connection connection;

  @BeforeEach
  void freshTables(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    tables = FreshTables.create(server);
    connection = tables.connect();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  /** One row of EXPLAIN PLAN AS JSON. */
  record Emitted(String operation, String request, String note) {}

  private List<Emitted> explainJson(String sql) throws SQLException {
    RequestRecorder.clear();
    List<Emitted> emitted = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("EXPLAIN PLAN AS JSON FOR " + sql)) {
      while (rows.next()) {
        emitted.add(new Emitted(rows.getString(1), rows.getString(2), rows.getString(3)));
      }
    }
    assertEquals(List.of(), RequestRecorder.dataRequests(), "EXPLAIN sends nothing");
    return emitted;
  }

  private void update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate(sql);
    }
  }

  /** Deletes every item of the drive with the raw SDK. */
  private void clearDrive() {
    for (Map<String, AttributeValue> item : tables.items(tables.drive)) {
      server.client().deleteItem(b -> b.tableName(tables.drive).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
    }
  }

  /**
   * Sends the EXPLAIN's requests of {@code sql} with the raw SDK on the items {@code setup} writes,
   * then runs {@code sql} on the same items, and checks that both leave the same items and that the
   * statement sent the requests the EXPLAIN gave.
   */
  private void assertCopyable(String setup, String sql) throws SQLException {
    update(setup);
    List<Emitted> emitted = explainJson(sql);
    List<DynamoDbRequest> parsed = new ArrayList<>();
    for (Emitted e : emitted) {
      assertNull(e.note(), e::toString);
      parsed.add(SdkJson.request(e.operation(), e.request()));
    }
    parsed.forEach(request -> send(server.client(), request));
    List<Map<String, AttributeValue>> byJson = tables.items(tables.drive);

    clearDrive();
    update(setup);
    RequestRecorder.clear();
    update(sql);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(byJson, tables.items(tables.drive));
    assertEquals(parsed.size(), sent.size(), () -> "sent " + sent + ", emitted " + emitted);
    for (RecordedRequest request : sent) {
      assertTrue(parsed.stream().anyMatch(request.raw(DynamoDbRequest.class)::equalsBySdkFields),
          () -> request + " is not among " + parsed);
    }
  }

  private static void send(DynamoDbClient client, DynamoDbRequest request) {
    if (request instanceof PutItemRequest put) {
      client.putItem(put);
    } else if (request instanceof UpdateItemRequest update) {
      client.updateItem(update);
    } else if (request instanceof DeleteItemRequest delete) {
      client.deleteItem(delete);
    } else {
      assertTrue(client.batchWriteItem((BatchWriteItemRequest) request).unprocessedItems().isEmpty());
    }
  }

  private static final String ONE_FILE = "INSERT INTO files (account, path, size, name) "
      + "VALUES ('a91', 'root/photos/beach.jpg', 1, 'beach')";

  @Test
  void anInsertIsAPutItemPerRowWithEveryDerivedKey() throws SQLException {
    assertCopyable("INSERT INTO files (account, path) VALUES ('a91', 'root/')",
        "INSERT INTO files (account, path, size, modified) VALUES ('a91', 'root/photos/beach.jpg', 2048, "
            + "TIMESTAMP '2026-01-02 09:10:00.5'), ('b07', 'root/x', 3, NULL)");
    assertEquals(AttributeValue.fromS("DRIVE#a91#root/photos/"), tables.items(tables.drive).get(1).get("GPK"));
  }

  @Test
  void anUpsertIsABatchWriteItem() throws SQLException {
    assertCopyable(ONE_FILE, "UPSERT INTO files (account, path, size) VALUES ('a91', 'root/photos/beach.jpg', 9), "
        + "('a91', 'root/photos/sunset.jpg', 10)");
    assertEquals(List.of("BatchWriteItem"), explainJson("UPSERT INTO files (account, path) VALUES ('a91', 'root/')")
        .stream().map(Emitted::operation).toList());
  }

  @Test
  void anUpdateByKeyIsAnUpdateItem() throws SQLException {
    assertCopyable(ONE_FILE, "UPDATE files SET size = 5, name = 'sea' WHERE account = 'a91' "
        + "AND path = 'root/photos/beach.jpg'");
    assertEquals(AttributeValue.fromS("sea"), tables.items(tables.drive).get(0).get("name"));
  }

  @Test
  void anIncrementByKeyIsAnUpdateItem() throws SQLException {
    assertCopyable(ONE_FILE, "UPDATE files SET size = size + 41 WHERE account = 'a91' "
        + "AND path = 'root/photos/beach.jpg'");
    assertEquals(AttributeValue.fromN("42"), tables.items(tables.drive).get(0).get("size"));
  }

  @Test
  void aDeleteByKeyIsADeleteItem() throws SQLException {
    assertCopyable(ONE_FILE + ", ('a91', 'root/photos/sunset.jpg', 2, 'sunset')",
        "DELETE FROM files WHERE account = 'a91' AND path = 'root/photos/beach.jpg'");
    assertEquals(1, tables.items(tables.drive).size());
  }

  @Test
  void anInsertOfAKeyThatExistsFailsAsTheStatementDoes() throws SQLException {
    update(ONE_FILE);
    List<Emitted> emitted = explainJson("INSERT INTO files (account, path, size) VALUES ('a91', 'root/photos/beach.jpg', 7)");
    PutItemRequest put = (PutItemRequest) SdkJson.request("PutItem", emitted.get(0).request());
    assertThrows(ConditionalCheckFailedException.class, () -> server.client().putItem(put));
    SQLException e = assertThrows(SQLException.class,
        () -> update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/photos/beach.jpg', 7)"));
    assertEquals("23505", e.getSQLState());
    assertEquals(AttributeValue.fromN("1"), tables.items(tables.drive).get(0).get("size"));
  }

  @Test
  void aDeleteOfASliceGivesItsReadAndSaysTheDeletesAreKnownOnceTheRowsAreRead() throws SQLException {
    update("INSERT INTO files (account, path) VALUES ('a91', 'root/tmp/'), ('a91', 'root/tmp/a'), ('a91', 'root/x')");
    List<Emitted> emitted = explainJson("DELETE FROM files WHERE account = 'a91' AND path LIKE 'root/tmp/%'");
    assertEquals(List.of("Query", "BatchWriteItem"), emitted.stream().map(Emitted::operation).toList());
    assertNull(emitted.get(0).note());
    assertEquals(new Emitted("BatchWriteItem", null, "it stands for one request per row, with that row's key and "
        + "values"), emitted.get(1));
    QueryRequest query = (QueryRequest) SdkJson.request("Query", emitted.get(0).request());
    assertEquals(List.of("root/tmp/", "root/tmp/a"),
        server.client().query(query).items().stream().map(i -> i.get("SK").s()).toList());
    RequestRecorder.clear();
    update("DELETE FROM files WHERE account = 'a91' AND path LIKE 'root/tmp/%'");
    assertTrue(RequestRecorder.dataRequests().get(0).raw(QueryRequest.class).equalsBySdkFields(query));
    assertEquals(List.of("root/x"), tables.items(tables.drive).stream().map(i -> i.get("SK").s()).toList());
  }

  @Test
  void aReadOfAWholeShardedCollectionGivesTheQueryOfEachShard() throws SQLException {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      values.append(i == 0 ? "" : ", ").append("('acme', 't").append(String.format("%02d", i)).append("', 'task ")
          .append(i).append("')");
    }
    update("INSERT INTO tasks (workspace_id, id, title) VALUES " + values);
    String sql = "SELECT id, title FROM tasks WHERE workspace_id = 'acme'";
    List<Emitted> emitted = explainJson(sql);
    assertEquals(4, emitted.size(), emitted::toString);
    List<String> fromJson = new ArrayList<>();
    List<String> partitions = new ArrayList<>();
    for (Emitted e : emitted) {
      assertEquals("Query", e.operation());
      assertNull(e.note());
      QueryRequest query = (QueryRequest) SdkJson.request("Query", e.request());
      partitions.add(query.expressionAttributeValues().get(":v0").s());
      server.client().queryPaginator(query).items()
          .forEach(item -> fromJson.add(item.get("Detail").s().substring("TASK#".length()) + " " + item.get("title").s()));
    }
    assertEquals(List.of("TASKS#acme#01", "TASKS#acme#02", "TASKS#acme#03", "TASKS#acme#04"),
        partitions.stream().sorted().toList());

    RequestRecorder.clear();
    List<String> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
      while (result.next()) {
        rows.add(result.getString(1) + " " + result.getString(2));
      }
      StatementCost cost = statement.unwrap(KeycondStatement.class).cost();
      assertEquals(Map.of("Query", 4L), cost.requests());
      assertEquals(12, cost.itemsRead());
    }
    assertEquals(rows.stream().sorted().toList(), fromJson.stream().sorted().toList());
    assertEquals(12, rows.size());
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(4, sent.size());
    for (RecordedRequest request : sent) {
      assertTrue(emitted.stream().anyMatch(e -> request.raw(QueryRequest.class)
          .equalsBySdkFields(SdkJson.request("Query", e.request()))), request::toString);
    }
  }

  @Test
  void aPreparedWriteGivesItsRequestOnceItsParametersAreSet() throws SQLException {
    update(ONE_FILE);
    try (PreparedStatement explain = connection.prepareStatement("EXPLAIN PLAN AS JSON FOR "
        + "UPDATE files SET size = ? WHERE account = ? AND path = ?")) {
      try (ResultSet rows = explain.executeQuery()) {
        assertTrue(rows.next());
        assertEquals("UpdateItem", rows.getString(1));
        assertNull(rows.getString(2));
        assertTrue(rows.getString(3).endsWith("; the request is shown once every parameter of the PreparedStatement "
            + "is set"), rows.getString(3));
      }
      explain.setLong(1, 99);
      explain.setString(2, "a91");
      explain.setString(3, "root/photos/beach.jpg");
      try (ResultSet rows = explain.executeQuery()) {
        assertTrue(rows.next());
        server.client().updateItem((UpdateItemRequest) SdkJson.request("UpdateItem", rows.getString(2)));
      }
    }
    assertEquals(AttributeValue.fromN("99"), tables.items(tables.drive).get(0).get("size"));
  }
}
