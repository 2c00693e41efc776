package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import java.sql.Connection;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * MERGE with one branch: WHEN MATCHED THEN UPDATE alone is an UpdateItem conditioned on the item
 * existing (and on ON's other comparisons), WHEN NOT MATCHED THEN INSERT alone a PutItem
 * conditioned on no item having the key; a row whose condition fails counts 0. The items are read
 * back with the raw SDK.
 */
@ExtendWith(DynaliteExtension.class)
class MergeBranchesTest {
  private static final String SOURCE = "USING (VALUES ('a91', 'root/a', 7), ('a91', 'root/b', 8), "
      + "('a91', 'root/n/x', 9)) AS s(a, p, z) ";

  private FreshTables tables;
  private Connection connection;

  @BeforeEach
  void freshTables(DynamoServer server) throws SQLException {
    tables = FreshTables.create(server);
    connection = tables.connect();
    update("INSERT INTO files (account, path, size, name) VALUES ('a91', 'root/a', 1, 'first'), "
        + "('a91', 'root/b', 2, 'second')");
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void matchedAloneUpdatesTheItemsThatExistAndCountsOnlyThem() throws SQLException {
    RequestRecorder.clear();
    assertEquals(2, update("MERGE INTO files t " + SOURCE + "ON t.account = s.a AND t.path = s.p "
        + "WHEN MATCHED THEN UPDATE SET size = s.z"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("UpdateItem", "UpdateItem", "UpdateItem"), operations(sent));
    for (RecordedRequest request : sent) {
      UpdateItemRequest update = request.raw(UpdateItemRequest.class);
      String condition = update.conditionExpression();
      assertTrue(condition.matches("attribute_exists\\(#a\\d+\\)"), update.toString());
      assertEquals("PK", update.expressionAttributeNames().get(condition.substring(17, condition.length() - 1)));
    }
    List<Map<String, AttributeValue>> items = tables.items(tables.drive);
    assertEquals(2, items.size(), "no item is created");
    assertEquals(List.of(n("7"), n("8")), List.of(items.get(0).get("size"), items.get(1).get("size")));
    assertEquals(s("first"), items.get(0).get("name"));
  }

  @Test
  void otherComparisonsInOnJoinTheCondition() throws SQLException {
    RequestRecorder.clear();
    assertEquals(1, update("MERGE INTO files t " + SOURCE + "ON t.account = s.a AND t.path = s.p AND t.size < 2 "
        + "AND 'first' = t.name WHEN MATCHED THEN UPDATE SET size = s.z"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(3, sent.size(), sent::toString);
    UpdateItemRequest first = sent.get(0).raw(UpdateItemRequest.class);
    assertTrue(first.conditionExpression().matches(
        "attribute_exists\\(#a\\d+\\) AND \\(#a\\d+ < :v\\d+ AND #a\\d+ = :v\\d+\\)"), first.toString());
    List<Map<String, AttributeValue>> items = tables.items(tables.drive);
    assertEquals(List.of(n("7"), n("2")), List.of(items.get(0).get("size"), items.get(1).get("size")));
    assertEquals(2, items.size());
  }

  @Test
  void notMatchedAloneCreatesOnlyTheMissingItems() throws SQLException {
    RequestRecorder.clear();
    assertEquals(1, update("MERGE INTO files t " + SOURCE + "ON t.account = s.a AND t.path = s.p "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("PutItem", "PutItem", "PutItem"), operations(sent));
    assertEquals("attribute_not_exists(#a0)", sent.get(0).raw(PutItemRequest.class).conditionExpression());
    List<Map<String, AttributeValue>> items = tables.items(tables.drive);
    assertEquals(3, items.size());
    assertEquals(n("1"), items.get(0).get("size"), "an item that exists is left as it was");
    assertEquals(s("first"), items.get(0).get("name"));
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/n/x"), "parent", s("root/n/"),
        "GPK", s("DRIVE#a91#root/n/"), "size", n("9")), items.get(2));
  }

  @Test
  void matchedAloneReturnsTheUpdatedRows() throws SQLException {
    RequestRecorder.clear();
    List<List<Object>> returned = new ArrayList<>();
    try (ResultSet rows = connection.createStatement().executeQuery("MERGE INTO files t " + SOURCE
        + "ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET size = s.z RETURNING path, size, name")) {
      while (rows.next()) {
        returned.add(List.of(rows.getString(1), rows.getLong(2), rows.getString(3)));
      }
    }
    assertEquals(List.of(List.of("root/a", 7L, "first"), List.of("root/b", 8L, "second")), returned);
    assertEquals(3, RequestRecorder.dataRequests().size());
  }

  @Test
  void whatCannotBeDoneExactlyIsRefusedBeforeAnyRequest() {
    SQLException e = assertRefused("MERGE INTO files t " + SOURCE + "ON t.account = s.a AND t.path = s.p "
        + "AND t.size = 1 WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)");
    assertTrue(e.getMessage().contains("a second row"), e.getMessage());
    assertRefused("MERGE INTO files t " + SOURCE + "ON t.account = s.a AND t.path = s.p AND t.size = 1 "
        + "WHEN MATCHED THEN UPDATE SET size = s.z "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)");
    e = assertRefused("MERGE INTO files t " + SOURCE + "ON t.account = s.a AND t.path = s.p "
        + "WHEN MATCHED THEN UPDATE SET path = s.p");
    assertTrue(e.getMessage().contains("key never changes"), e.getMessage());
    assertRefused("MERGE INTO files t " + SOURCE + "ON t.account = s.a AND t.path = s.p "
        + "AND t.modified = TIMESTAMP '2026-01-01 00:00:00' WHEN MATCHED THEN UPDATE SET size = s.z");
    assertRefused("MERGE INTO files t " + SOURCE + "ON t.account = s.a WHEN MATCHED THEN UPDATE SET size = s.z");
    assertEquals(2, tables.items(tables.drive).size());
  }

  private SQLException assertRefused(String sql) {
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class, () -> update(sql));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests(), "nothing may be sent: " + e.getMessage());
    return e;
  }

  private long update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
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
}
