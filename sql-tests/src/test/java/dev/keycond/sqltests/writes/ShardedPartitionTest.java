package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.KeycondStatement;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.Keycond;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A hot item collection spread over shards with a calculated suffix: {@code tasks} keeps a
 * workspace's tasks under {@code TASKS#<workspace>#01} to {@code #04}, the shard computed from the
 * task's id. Writes compute the shard; a read by the whole key is one request; a read of the whole
 * workspace is one Query per shard, merged in key order and limited per shard.
 */
@ExtendWith(DynaliteExtension.class)
class ShardedPartitionTest {
  private FreshTables tables;
  private Connection connection;

  @BeforeEach
  void load(DynamoServer server) throws SQLException {
    tables = FreshTables.create(server);
    connection = tables.connect();
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      values.append(i == 0 ? "" : ", ").append("('acme', 't").append(String.format("%02d", i)).append("', 'task ")
          .append(i).append("')");
    }
    connection.createStatement().executeUpdate("INSERT INTO tasks (workspace_id, id, title) VALUES " + values);
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  /** The shard as any client computes it: 1 + CRC-32 of the id's UTF-8 text, modulo 4. */
  private static String partition(String id) {
    CRC32 crc = new CRC32();
    crc.update(id.getBytes(StandardCharsets.UTF_8));
    return String.format("TASKS#acme#%02d", 1 + crc.getValue() % 4);
  }

  @Test
  void writesPutEachRowInTheShardOfItsId() {
    List<Map<String, AttributeValue>> items = tables.items(tables.control);
    assertEquals(20, items.size());
    for (Map<String, AttributeValue> item : items) {
      String id = item.get("Detail").s().substring("TASK#".length());
      assertEquals(partition(id), item.get("EntityRef").s(), item.toString());
      assertEquals(Map.of("EntityRef", item.get("EntityRef"), "Detail", item.get("Detail"), "title",
          AttributeValue.fromS("task " + Integer.parseInt(id.substring(1)))), item);
    }
    assertTrue(items.stream().map(i -> i.get("EntityRef").s()).distinct().count() > 1, "the rows use several shards");
  }

  @Test
  void aRowReadByItsKeyIsOneRequestToItsShard() throws SQLException {
    RequestRecorder.clear();
    assertEquals(List.of(List.of("task 7", "t07")), Keycond.query(connection,
        "SELECT title, id FROM tasks WHERE workspace_id = 'acme' AND id = 't07'"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(1, sent.size(), sent.toString());
    assertEquals("GetItem", sent.get(0).operation());
    assertEquals(List.of("{Detail: 'TASK#t07', EntityRef: '" + partition("t07") + "'}"), sent.get(0).keys());
  }

  /** A text that shares the plan of another key read computes the shard of its own literal. */
  @Test
  void aKeyReadFromASharedPlanGoesToTheShardOfItsOwnId() throws SQLException {
    String read = "SELECT title, id FROM tasks WHERE workspace_id = 'acme' AND id = ";
    assertNotEquals(partition("t07"), partition("t03"));
    assertEquals(List.of(List.of("task 7", "t07")), Keycond.query(connection, read + "'t07'"));
    KeycondConnection keycond = connection.unwrap(KeycondConnection.class);
    long shared = keycond.planCacheStatistics().sameShape();
    RequestRecorder.clear();

    assertEquals(List.of(List.of("task 3", "t03")), Keycond.query(connection, read + "'t03'"));
    assertEquals(shared + 1, keycond.planCacheStatistics().sameShape());
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(1, sent.size(), sent.toString());
    assertEquals("GetItem", sent.get(0).operation());
    assertEquals(List.of("{Detail: 'TASK#t03', EntityRef: '" + partition("t03") + "'}"), sent.get(0).keys());
  }

  @Test
  void theWholeCollectionIsOneQueryPerShardMergedInKeyOrder() throws SQLException {
    RequestRecorder.clear();
    List<String> ids = Keycond.column(connection.createStatement().executeQuery(
        "SELECT id FROM tasks WHERE workspace_id = 'acme' ORDER BY id LIMIT 5"));
    assertEquals(List.of("t00", "t01", "t02", "t03", "t04"), ids);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(4, sent.size(), sent.toString());
    TreeSet<String> shards = new TreeSet<>();
    for (RecordedRequest query : sent) {
      assertEquals("Query", query.operation());
      assertEquals(5, query.limit(), "LIMIT goes to every shard");
      shards.add(query.keyCondition());
    }
    assertEquals(new TreeSet<>(List.of(
        "EntityRef = 'TASKS#acme#01' AND begins_with(Detail, 'TASK#')",
        "EntityRef = 'TASKS#acme#02' AND begins_with(Detail, 'TASK#')",
        "EntityRef = 'TASKS#acme#03' AND begins_with(Detail, 'TASK#')",
        "EntityRef = 'TASKS#acme#04' AND begins_with(Detail, 'TASK#')")), shards);
    assertEquals(List.of(List.of("20")), Keycond.query(connection,
        "SELECT COUNT(*) FROM tasks WHERE workspace_id = 'acme'"));
  }

  @Test
  void anUpdateByKeyGoesToTheRowsShardAndAShardGivenWrongIsRefused() throws SQLException {
    RequestRecorder.clear();
    assertEquals(1, connection.createStatement().executeUpdate(
        "UPDATE tasks SET title = 'done' WHERE workspace_id = 'acme' AND id = 't03'"));
    assertEquals(List.of("{Detail: 'TASK#t03', EntityRef: '" + partition("t03") + "'}"),
        RequestRecorder.dataRequests().get(0).keys());
    String wrong = partition("t99").endsWith("01") ? "2" : "1";
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class, () -> connection.createStatement().executeUpdate(
        "INSERT INTO tasks (workspace_id, shard, id) VALUES ('acme', " + wrong + ", 't99')"));
    assertEquals("23514", e.getSQLState(), e.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  @Test
  void aPreparedKeyReadComputesTheShardOfEachExecutionsId() throws SQLException {
    try (PreparedStatement read = connection.prepareStatement(
        "SELECT title FROM tasks WHERE workspace_id = ? AND id = ?")) {
      for (String id : List.of("t07", "t12", "t99")) {
        RequestRecorder.clear();
        List<List<String>> rows = Keycond.query(read, "acme", id);
        assertEquals(id.equals("t99") ? List.of() : List.of(List.of("task " + Integer.parseInt(id.substring(1)))),
            rows);
        List<RecordedRequest> sent = RequestRecorder.dataRequests();
        assertEquals(1, sent.size(), sent.toString());
        assertEquals(List.of("{Detail: 'TASK#" + id + "', EntityRef: '" + partition(id) + "'}"), sent.get(0).keys());
      }
    }
  }

  @Test
  void keysInAnInListAreEachLookedUpInTheirOwnShard() throws SQLException {
    RequestRecorder.clear();
    assertEquals(List.of(List.of("t02"), List.of("t05"), List.of("t11")), Keycond.query(connection,
        "SELECT id FROM tasks WHERE workspace_id = 'acme' AND id IN ('t11', 't02', 't05')"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(1, sent.size(), sent.toString());
    assertEquals("BatchGetItem", sent.get(0).operation());
    assertEquals(new TreeSet<>(List.of(
        "{Detail: 'TASK#t11', EntityRef: '" + partition("t11") + "'}",
        "{Detail: 'TASK#t02', EntityRef: '" + partition("t02") + "'}",
        "{Detail: 'TASK#t05', EntityRef: '" + partition("t05") + "'}")), new TreeSet<>(sent.get(0).keys()));
  }

  @Test
  void readingTheWholeCollectionCostsOneQueryAndItsReadUnitsPerShard() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      assertEquals(20, Keycond.column(statement.executeQuery(
          "SELECT id, title FROM tasks WHERE workspace_id = 'acme'")).size());
      // Each shard's Query reads a few small items, rounded up to 0.5 RCU on its own.
      assertEquals("4 Query, 20 items read, 2 RCU", statement.unwrap(KeycondStatement.class).cost().summary());
    }
  }

  @Test
  void aDescendingLimitIsMergedFromTheEndOfEveryShard() throws SQLException {
    RequestRecorder.clear();
    assertEquals(List.of("t19", "t18", "t17"), Keycond.column(connection.createStatement().executeQuery(
        "SELECT id FROM tasks WHERE workspace_id = 'acme' ORDER BY id DESC LIMIT 3")));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(4, sent.size(), sent.toString());
    for (RecordedRequest query : sent) {
      assertEquals(3, query.limit(), query.toString());
      assertTrue(query.toString().contains("forward=false"), query.toString());
    }
  }

  @Test
  void aWorkspaceJoinedToItsTasksReadsEveryShardOnce() throws SQLException {
    connection.createStatement().executeUpdate("INSERT INTO workspaces (id, name) VALUES ('acme', 'Acme')");
    RequestRecorder.clear();
    assertEquals(List.of(List.of("Acme", "20")), Keycond.query(connection,
        "SELECT w.name, COUNT(*) FROM workspaces w JOIN tasks t ON t.workspace_id = w.id WHERE w.id = 'acme' "
            + "GROUP BY w.name"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("GetItem", "Query", "Query", "Query", "Query"),
        sent.stream().map(RecordedRequest::operation).sorted().toList(), sent.toString());
  }

  @Test
  void aDeleteOfTheWholeWorkspaceEmptiesEveryShard() throws SQLException {
    assertEquals(20, connection.createStatement().executeUpdate("DELETE FROM tasks WHERE workspace_id = 'acme'"));
    assertEquals(List.of(), tables.items(tables.control));
  }

  /** The shard is keycond's to compute or fan out over: a refusal never asks the statement to bind it. */
  @Test
  void aRefusalsFixBindsThePartitionWithoutItsShardAndWorksAsGiven() throws SQLException {
    SQLException e = assertThrows(SQLException.class,
        () -> connection.createStatement().executeQuery("SELECT id FROM tasks WHERE title = 'task 7'"));
    assertEquals("42Z01", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("bind it, filling in <workspace_id>: SELECT id FROM tasks WHERE "
        + "workspace_id = <workspace_id> AND title = 'task 7'"), e.getMessage());
    assertFalse(e.getMessage().contains("<shard>"), e.getMessage());
    assertEquals(List.of(List.of("t07")), Keycond.query(connection,
        "SELECT id FROM tasks WHERE workspace_id = 'acme' AND title = 'task 7'"));
  }

  @Test
  void explainShowsTheFanOutOverTheShards() throws SQLException {
    List<String> lines = new ArrayList<>();
    try (var plan = connection.createStatement().executeQuery(
        "EXPLAIN PLAN FOR SELECT id FROM tasks WHERE workspace_id = 'acme' ORDER BY id")) {
      while (plan.next()) {
        lines.add(plan.getString(1));
      }
    }
    assertEquals("DynamoDB requests: 4", lines.get(0), String.join("\n", lines));
    assertEquals("Read tasks: 4 requests sent concurrently (fan-out 4), merged in key order", lines.get(1));
    assertEquals("  Sharded partition ('shard' is 1 + CRC32('id') mod 4): the statement does not bind id, so each "
        + "of the 4 shards is read", lines.get(2));
    assertEquals(4, lines.stream().filter(l -> l.contains("Query on table")).count(), String.join("\n", lines));
    lines.clear();
    try (var plan = connection.createStatement().executeQuery(
        "EXPLAIN PLAN FOR SELECT title FROM tasks WHERE workspace_id = 'acme' AND id = 't07'")) {
      while (plan.next()) {
        lines.add(plan.getString(1));
      }
    }
    assertEquals("  Sharded partition ('shard' is 1 + CRC32('id') mod 4): each key goes to the shard of its id",
        lines.get(2), String.join("\n", lines));
    lines.clear();
    try (var plan = connection.createStatement().executeQuery(
        "EXPLAIN PLAN FOR SELECT id FROM tasks WHERE workspace_id = 'acme' AND shard = 3")) {
      while (plan.next()) {
        lines.add(plan.getString(1));
      }
    }
    assertEquals("DynamoDB requests: 1", lines.get(0), String.join("\n", lines));
    assertEquals("  Sharded partition ('shard' is 1 + CRC32('id') mod 4): the statement names the shard to read in "
        + "'shard'", lines.get(2), String.join("\n", lines));
    assertTrue(lines.stream().anyMatch(l -> l.contains("\"" + partition("t07") + "\"")), String.join("\n", lines));
  }
}
