package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.ServerItems;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The checks a write makes before it sends anything, and the counts it reports, on every write
 * path (issue 17): a batch with one bad entry sends nothing, MERGE checks its keys, no empty string
 * reaches a key attribute of the table or an index (dynalite would store it; DynamoDB refuses it),
 * a parameter beside a column in SET is typed by it, {@code NOT (c = v)} holds for an empty string
 * as DynamoDB evaluates it, and {@code SET parent = NULL} recomputes a hierarchy's parent. Every
 * test reads the items back with the raw SDK and asserts the requests sent.
 */
@ExtendWith(DynaliteExtension.class)
class WriteChecksTest {
  private static final AtomicInteger NEXT = new AtomicInteger();

  private DynamoServer server;
  private String store;
  private String control;
  private Connection connection;

  @BeforeEach
  void freshTables(DynamoServer server) throws SQLException {
    this.server = server;
    int n = NEXT.incrementAndGet();
    store = "checks_Store" + n;
    control = "checks_Control" + n;
    DynamoDbClient client = server.client();
    client.createTable(b -> b.tableName(store).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(definitions("PK", "SK", "GPK", "tag"))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .globalSecondaryIndexes(index("ByParent", "GPK"), index("ByTag", "tag")));
    client.createTable(b -> b.tableName(control).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(definitions("EntityRef", "Detail"))
        .keySchema(key("EntityRef", KeyType.HASH), key("Detail", KeyType.RANGE)));
    String mapping = "inline:{\"tables\": {"
        + "\"files\": {\"source\": \"" + store + "\", \"columns\": {\"account\": \"VARCHAR\", \"path\": \"VARCHAR\","
        + " \"size\": \"BIGINT\", \"score\": \"DECIMAL\", \"tag\": \"VARCHAR\", \"parent\": \"VARCHAR\"},"
        + " \"keys\": {\"PK\": \"DRIVE#{account}\", \"SK\": \"{path}\", \"GPK\": \"PARENT#{account}#{parent}\","
        + " \"tag\": \"{tag}\"},"
        + " \"hierarchy\": {\"path\": \"path\", \"delimiter\": \"/\", \"parent\": \"parent\"}},"
        + "\"members\": {\"source\": \"" + control + "\", \"columns\": {\"workspace_id\": \"VARCHAR\","
        + " \"user_id\": \"VARCHAR\", \"status\": \"VARCHAR\"},"
        + " \"keys\": {\"EntityRef\": \"WS#{workspace_id}\", \"Detail\": \"MEMBER#{user_id}\"}},"
        + "\"orders\": {\"source\": \"" + control + "\", \"columns\": {\"customer_id\": \"VARCHAR\","
        + " \"order_date\": \"VARCHAR\", \"order_id\": \"VARCHAR\", \"qty\": \"INTEGER\"},"
        + " \"keys\": {\"EntityRef\": \"CUST#{customer_id}\", \"Detail\": \"ORDER#{order_date}#{order_id}\"}}"
        + "}}";
    connection = DriverManager.getConnection(Keycond.url(server.endpoint()), Keycond.properties("mapping=" + mapping));
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  // ---------------------------------------------------------------- defect 2: batches

  @Test
  void aBatchOfUpdatesWithOneBadKeySendsNothing() throws SQLException {
    for (int i = 0; i < 8; i++) {
      put(control, Map.of("EntityRef", s("CUST#c1"), "Detail", s("ORDER#2026-01-0" + i + "#o" + i),
          "qty", n("1")));
    }
    List<Map<String, AttributeValue>> before = items(control);
    try (PreparedStatement update = connection.prepareStatement(
        "UPDATE orders SET qty = ? WHERE customer_id = ? AND order_date = ? AND order_id = ?")) {
      for (int i = 0; i < 8; i++) {
        update.setInt(1, 5);
        update.setString(2, "c1");
        update.setString(3, "2026-01-0" + i);
        update.setString(4, i == 7 ? "q\uD800" : "o" + i);
        update.addBatch();
      }
      RequestRecorder.clear();
      BatchUpdateException e = assertThrows(BatchUpdateException.class, update::executeBatch);
      assertEquals("22021", e.getSQLState(), e.getMessage());
      assertArrayEquals(failed(8), e.getUpdateCounts());
      assertEquals(List.of(), RequestRecorder.dataRequests());
    }
    assertEquals(before, items(control));
  }

  @Test
  void aBatchOfDeletesWithOneKeyTooLongSendsNothing() throws SQLException {
    for (int i = 0; i < 3; i++) {
      put(store, Map.of("PK", s("DRIVE#a1"), "SK", s("root/f" + i)));
    }
    List<Map<String, AttributeValue>> before = items(store);
    try (PreparedStatement delete = connection.prepareStatement("DELETE FROM files WHERE account = ? AND path = ?")) {
      for (String path : List.of("root/f0", "root/f1", "root/" + "x".repeat(1030), "root/f2")) {
        delete.setString(1, "a1");
        delete.setString(2, path);
        delete.addBatch();
      }
      RequestRecorder.clear();
      BatchUpdateException e = assertThrows(BatchUpdateException.class, delete::executeBatch);
      assertEquals("22001", e.getSQLState(), e.getMessage());
      assertArrayEquals(failed(4), e.getUpdateCounts());
      assertEquals(List.of(), RequestRecorder.dataRequests());
    }
    assertEquals(before, items(store));
  }

  @Test
  void aBatchEntryThatFailsOnTheServerLeavesEveryOtherCountTrue() throws SQLException {
    put(store, Map.of("PK", s("DRIVE#a1"), "SK", s("root/f0")));
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES (?, ?, ?)")) {
      for (String path : List.of("root/f1", "root/f0", "root/f2")) {
        insert.setString(1, "a1");
        insert.setString(2, path);
        insert.setLong(3, 1);
        insert.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
      assertEquals("23505", e.getSQLState());
      int[] counts = e.getUpdateCounts();
      // Every count says what the server holds: a 1 for each row written, EXECUTE_FAILED otherwise.
      List<Map<String, AttributeValue>> items = items(store);
      for (int i = 0; i < 3; i++) {
        String path = List.of("root/f1", "root/f0", "root/f2").get(i);
        boolean written = items.stream().anyMatch(item -> item.get("SK").s().equals(path) && item.containsKey("size"));
        assertEquals(written ? 1 : Statement.EXECUTE_FAILED, counts[i], path);
      }
      assertEquals(Statement.EXECUTE_FAILED, counts[1]);
    }
  }

  @Test
  void aStatementBatchIsPlannedWholeBeforeItsFirstStatementRuns() throws SQLException {
    try (Statement batch = connection.createStatement()) {
      batch.addBatch("INSERT INTO files (account, path) VALUES ('a1', 'root/x')");
      batch.addBatch("UPDATE files SET nothing = 1 WHERE account = 'a1' AND path = 'root/x'");
      RequestRecorder.clear();
      BatchUpdateException e = assertThrows(BatchUpdateException.class, batch::executeBatch);
      assertEquals("42S22", e.getSQLState(), e.getMessage());
      assertArrayEquals(failed(2), e.getUpdateCounts());
      assertEquals(List.of(), RequestRecorder.dataRequests());
    }
    assertEquals(List.of(), items(store));
  }

  // ---------------------------------------------------------------- defect 3: MERGE

  @Test
  void anUpdatePastDynamoDbsItemSizeIs22001AsAnInsertIs() throws SQLException {
    put(control, Map.of("EntityRef", s("WS#w1"), "Detail", s("MEMBER#u1"), "notes", s("n".repeat(300_000))));
    List<Map<String, AttributeValue>> before = items(control);
    try (PreparedStatement update = connection.prepareStatement(
        "UPDATE members SET status = ? WHERE workspace_id = 'w1' AND user_id = 'u1'")) {
      // The attributes set are too large by themselves: refused before anything is sent.
      update.setString(1, "s".repeat(410_000));
      assertRefused("22001", update::executeUpdate);
      // They fit, but the item they grow does not: DynamoDB refuses it, and says why.
      update.setString(1, "s".repeat(200_000));
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class, update::executeUpdate);
      assertEquals("22001", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("ValidationException: Item size to update has exceeded the maximum allowed "
          + "size. DynamoDB stores items of at most 409600 bytes (400 KB), attribute names included."), e.getMessage());
      assertEquals(List.of("UpdateItem"), operations());
    }
    assertEquals(before, items(control));
  }

  @Test
  void mergeChecksEverySourceRowsKeyBeforeSending() throws SQLException {
    String merge = "MERGE INTO files t USING (VALUES ('a1', 'root/ok', 1), ('a1', 'root/" + "y".repeat(1029)
        + "', 2)) AS s(a, p, z) ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET size = s.z "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)";
    assertRefused("22001", () -> update(merge));
    assertEquals(List.of(), items(store));
  }

  @Test
  void mergeRefusesAnEmptyIndexKeyBeforeSending() throws SQLException {
    String merge = "MERGE INTO files t USING (VALUES ('a1', 'root/ok', 'blue'), ('a1', 'root/no', '')) AS s(a, p, g) "
        + "ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET tag = s.g "
        + "WHEN NOT MATCHED THEN INSERT (account, path, tag) VALUES (s.a, s.p, s.g)";
    assertRefused("22Z02", () -> update(merge));
    assertEquals(List.of(), items(store));
  }

  // ---------------------------------------------------------------- defect 5: empty strings in keys

  @Test
  void anEmptyStringIsRefusedInEveryIndexKeyOnEveryWritePath() throws SQLException {
    put(store, Map.of("PK", s("DRIVE#a1"), "SK", s("root/x"), "tag", s("red")));
    List<Map<String, AttributeValue>> before = items(store);
    assertRefused("22Z02", () -> update("UPDATE files SET tag = '' WHERE account = 'a1' AND path = 'root/x'"));
    assertRefused("22Z02", () -> update("UPDATE files SET tag = '' WHERE account = 'a1' AND path = 'nothing'"));
    assertRefused("22Z02", () -> update("INSERT INTO files (account, path, tag) VALUES ('a1', 'root/y', '')"));
    assertRefused("22Z02", () -> update("UPSERT INTO files (account, path, tag) VALUES ('a1', 'root/y', '')"));
    try (PreparedStatement set = connection.prepareStatement(
        "UPDATE files SET tag = ? WHERE account = ? AND path = ?")) {
      set.setString(1, "");
      set.setString(2, "a1");
      set.setString(3, "root/x");
      assertRefused("22Z02", set::executeUpdate);
    }
    assertEquals(before, items(store));
  }

  @Test
  void anEmptyStringInANonKeyAttributeIsStored() throws SQLException {
    assertEquals(1, update("INSERT INTO members (workspace_id, user_id, status) VALUES ('acme', 'u1', '')"));
    assertEquals(List.of(Map.of("EntityRef", s("WS#acme"), "Detail", s("MEMBER#u1"), "status", s(""))),
        items(control));
  }

  // ---------------------------------------------------------------- defect 6: parameters in SET

  @Test
  void aParameterBesideAColumnInSetIsTypedByIt() throws SQLException {
    put(store, Map.of("PK", s("DRIVE#a1"), "SK", s("root/x"), "tag", s("red")));
    try (PreparedStatement append = connection.prepareStatement(
        "UPDATE files SET tag = tag || ? WHERE account = ? AND path = ?")) {
      append.setString(1, "-ish");
      append.setString(2, "a1");
      append.setString(3, "root/x");
      RequestRecorder.clear();
      assertEquals(1, append.executeUpdate());
      assertEquals("VARCHAR", append.getParameterMetaData().getParameterTypeName(1));
    }
    assertEquals(List.of("GetItem", "UpdateItem"), operations());
    assertEquals(s("red-ish"), items(store).get(0).get("tag"));
  }

  // ---------------------------------------------------------------- defect 7: NOT (c = v) and ''

  @Test
  void notEqualHoldsForAnEmptyStringAsInDynamoDb() throws SQLException {
    put(control, Map.of("EntityRef", s("WS#acme"), "Detail", s("MEMBER#u26"), "status", s("")));
    put(control, Map.of("EntityRef", s("WS#acme"), "Detail", s("MEMBER#u27"), "status", s("red")));
    put(control, Map.of("EntityRef", s("WS#acme"), "Detail", s("MEMBER#u28")));
    assertEquals(1, update("DELETE FROM members WHERE workspace_id = 'acme' AND user_id = 'u26' "
        + "AND NOT (status = 'red')"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("DeleteItem"), operations(sent));
    DeleteItemRequest delete = sent.get(0).raw(DeleteItemRequest.class);
    // Not attribute_type(#a1, :S), which dynalite finds FALSE on '' and DynamoDB TRUE.
    assertEquals("attribute_exists(#a0) AND (#a1 < :v0 OR #a1 > :v0)", delete.conditionExpression());
    assertEquals(Map.of("#a0", "EntityRef", "#a1", "status"), delete.expressionAttributeNames());
    assertEquals(Map.of(":v0", s("red")), delete.expressionAttributeValues());
    assertEquals(0, update("DELETE FROM members WHERE workspace_id = 'acme' AND user_id = 'u27' "
        + "AND NOT (status = 'red')"));
    // A missing status is NULL: NOT (NULL = 'red') is not TRUE.
    assertEquals(0, update("DELETE FROM members WHERE workspace_id = 'acme' AND user_id = 'u28' "
        + "AND status <> 'red'"));
    assertEquals(List.of("MEMBER#u27", "MEMBER#u28"), items(control).stream().map(i -> i.get("Detail").s()).toList());
  }

  // ---------------------------------------------------------------- defect 8: SET parent = NULL

  @Test
  void setParentNullRecomputesItFromThePathOnEveryWritePath() throws SQLException {
    assertEquals(0, update("UPDATE files SET size = 0, parent = NULL WHERE account = 'a1' AND path = 'root/none'"));
    assertEquals(List.of(), items(store));
    assertEquals(1, update("INSERT INTO files (account, path, size, parent) VALUES ('a1', 'root/d/x', 1, NULL)"));
    assertEquals(1, update("UPSERT INTO files (account, path, size, parent) VALUES ('a1', 'root/d/y', 1, NULL)"));
    assertEquals(1, update("UPDATE files SET size = 0, parent = NULL WHERE account = 'a1' AND path = 'root/d/x'"));
    assertEquals(1, update("MERGE INTO files t USING (VALUES ('a1', 'root/d/z', CAST(NULL AS VARCHAR))) AS s(a, p, q) "
        + "ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET parent = s.q "
        + "WHEN NOT MATCHED THEN INSERT (account, path, parent) VALUES (s.a, s.p, s.q)"));
    for (Map<String, AttributeValue> item : items(store)) {
      assertEquals(s("root/d/"), item.get("parent"), item.toString());
      assertEquals(s("PARENT#a1#root/d/"), item.get("GPK"), item.toString());
    }
    assertEquals(n("0"), items(store).get(0).get("size"));
    List<Map<String, AttributeValue>> before = items(store);
    // A parent that contradicts the path stays refused, on all four.
    assertRefused("23514", () -> update("INSERT INTO files (account, path, parent) VALUES ('a1', 'root/d/w', 'x/')"));
    assertRefused("23514", () -> update("UPSERT INTO files (account, path, parent) VALUES ('a1', 'root/d/w', 'x/')"));
    assertRefused("23514", () -> update("UPDATE files SET parent = 'x/' WHERE account = 'a1' AND path = 'root/d/x'"));
    assertRefused("23514", () -> update("MERGE INTO files t USING (VALUES ('a1', 'root/d/w', 'x/')) AS s(a, p, q) "
        + "ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET parent = s.q "
        + "WHEN NOT MATCHED THEN INSERT (account, path, parent) VALUES (s.a, s.p, s.q)"));
    assertEquals(before, items(store));
  }

  // ---------------------------------------------------------------- helpers

  private long update(String sql) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }

  /** Runs a statement that must fail with {@code state} before it sends anything. */
  private static void assertRefused(String state, Executable statement) {
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class, statement);
    assertEquals(state, e.getSQLState(), e.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests(), "nothing may be sent: " + e.getMessage());
    assertTrue(!(e instanceof BatchUpdateException), e.toString());
  }

  private static int[] failed(int entries) {
    int[] counts = new int[entries];
    Arrays.fill(counts, Statement.EXECUTE_FAILED);
    return counts;
  }

  private void put(String table, Map<String, AttributeValue> item) {
    server.client().putItem(PutItemRequest.builder().tableName(table).item(item).build());
  }

  /** Every item of a table as the server holds it, in key order. */
  private List<Map<String, AttributeValue>> items(String table) {
    return table.equals(store) ? ServerItems.of(server.client(), table, "PK", "SK")
        : ServerItems.of(server.client(), table, "EntityRef", "Detail");
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

  private static AttributeValue n(String number) {
    return AttributeValue.fromN(number);
  }

  private static List<AttributeDefinition> definitions(String... names) {
    return Arrays.stream(names).map(name -> AttributeDefinition.builder().attributeName(name)
        .attributeType(ScalarAttributeType.S).build()).toList();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static GlobalSecondaryIndex index(String name, String hash) {
    return GlobalSecondaryIndex.builder().indexName(name).keySchema(key(hash, KeyType.HASH))
        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build();
  }
}
