package dev.keycond.sqltests.designs;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.ExpressionRenderer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Entities told apart by a constant attribute, as ElectroDB and DynamoDB Toolbox write them (issue
 * 24 point 2). Fixture {@code entity-type}: orders and returns share the key shape
 * {@code CUST#{customer_id}} / {@code {id}} and differ only by {@code EntityType}; an order also
 * carries {@code version = 1} (o4 has version 2, so it is another entity's); item x1 has no type. Cart
 * lines have keys of their own ({@code CART#}), so their constants are checked by the driver only.
 */
@ExtendWith(DynaliteExtension.class)
class EntityTypeDesignTest {
  private static DynamoServer server;
  private static Connection shop;

  @BeforeAll
  static void connect(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    shop = Keycond.loadAndConnect(server, "entity-type");
  }

  @AfterAll
  static void close() throws SQLException {
    shop.close();
  }

  @Test
  void keysSharedWithAnotherEntityAreToldApartByTheServersFilter() throws SQLException {
    assertEquals(List.of(List.of("o1", "120"), List.of("o2", "35")),
        query(shop, "SELECT order_id, total FROM orders WHERE customer_id = 'c1'"));
    RecordedRequest only = onlyRequest();
    assertEquals("PK = 'CUST#c1'", only.keyCondition());
    assertEquals("EntityType = 'Order' AND version = 1", only.filter());
    assertEquals(List.of(List.of("r1", "damaged")),
        query(shop, "SELECT return_id, reason FROM order_returns WHERE customer_id = 'c1'"));
    assertEquals("EntityType = 'Return'", onlyRequest().filter());
  }

  @Test
  void theReadAmplificationWarningReportsTheConstant() throws SQLException {
    try (Statement s = shop.createStatement(); ResultSet r = s.executeQuery(
        "SELECT order_id FROM orders WHERE customer_id = 'c1'")) {
      while (r.next()) {
        // read every row, so that the warning on what the read cost is given
      }
      List<String> warnings = new ArrayList<>();
      for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
        warnings.add(w.getMessage());
      }
      assertEquals(2, warnings.size(), warnings::toString);
      assertEquals("Table 'orders': DynamoDB reads items and then discards those that fail "
          + "EntityType = 'Order' AND version = 1 (FilterExpression), and charges for every item it reads; the key "
          + "condition cannot express it", warnings.get(0));
      // The read units differ by server (moto charges eventually consistent reads at the strong rate).
      assertTrue(warnings.get(1).matches("DynamoDB read 4 items in 1 request to return 2 rows \\([0-9.]+ RCU\\); its "
          + "FilterExpression discarded 2 of them"), warnings.get(1));
    }
  }

  @Test
  void aKeyReadChecksTheConstantInTheDriver() throws SQLException {
    assertEquals(List.of(), query(shop, "SELECT total FROM orders WHERE customer_id = 'c1' AND order_id = 'r1'"));
    RecordedRequest only = onlyRequest();
    assertEquals("GetItem", only.operation());
    assertEquals("total, EntityType, version", only.projection(), "the key it asks by is not fetched back");
    assertEquals(List.of(List.of("120")),
        query(shop, "SELECT total FROM orders WHERE customer_id = 'c1' AND order_id = 'o1'"));
  }

  @Test
  void anIndexThatDoesNotCarryTheConstantFetchesItFromTheTable() throws SQLException {
    // ByStatus is KEYS_ONLY: o3 and o4 are both paid, and only o3 is an order of version 1.
    assertEquals(List.of(List.of("o1"), List.of("o3")),
        query(shop, "SELECT order_id FROM orders WHERE status = 'paid' ORDER BY order_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList(),
        sent::toString);
  }

  @Test
  void countCountsOnlyTheTablesItems() throws SQLException {
    assertEquals(List.of(List.of("1")), query(shop, "SELECT COUNT(*) FROM orders WHERE customer_id = 'c2'"));
    assertEquals(List.of(List.of("2")), query(shop, "SELECT COUNT(*) FROM cart_lines WHERE cart_id = 'k1'"));
  }

  @Test
  void keysOfTheirOwnNeedNoFilterButTheDriverStillChecks() throws SQLException {
    assertEquals(List.of(List.of("1", "pen"), List.of("2", "ink")),
        query(shop, "SELECT line, sku FROM cart_lines WHERE cart_id = 'k1'"));
    RecordedRequest only = onlyRequest();
    assertNull(only.filter());
    assertEquals("PK, SK, sku, EntityType, open", only.projection());
  }

  @Test
  void insertWritesTheConstantsAndWritesByKeyCheckThem() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "entity-type");
    try (Connection c = copy.connect(); Statement s = c.createStatement()) {
      RequestRecorder.clear();
      assertEquals(1, s.executeUpdate("INSERT INTO orders (customer_id, order_id, total, status) "
          + "VALUES ('c5', 'o50', 10, 'open')"));
      onlyRequest().raw(PutItemRequest.class);
      assertEquals(Map.of("PK", s("CUST#c5"), "SK", s("o50"), "total", n("10"), "status", s("open"),
          "GSI1PK", s("STATUS#open"), "GSI1SK", s("o50"), "EntityType", s("Order"), "version", n("1")),
          copy.item("CUST#c5", "o50"));
      assertEquals(1, s.executeUpdate("INSERT INTO cart_lines VALUES ('k5', 1, 'cup')"));
      assertEquals(Map.of("PK", s("CART#k5"), "SK", s("LINE#1"), "sku", s("cup"), "EntityType", s("Cart"),
          "open", AttributeValue.fromBool(true)), copy.item("CART#k5", "LINE#1"));

      // r1 is a return: an UPDATE or DELETE of the order with its key changes nothing.
      Map<String, AttributeValue> ret = copy.item("CUST#c1", "r1");
      RequestRecorder.clear();
      assertEquals(0, s.executeUpdate("UPDATE orders SET total = 1 WHERE customer_id = 'c1' AND order_id = 'r1'"));
      UpdateItemRequest update = onlyRequest().raw(UpdateItemRequest.class);
      assertTrue(ExpressionRenderer.render(update.conditionExpression(), update.expressionAttributeNames(),
          update.expressionAttributeValues()).contains("EntityType = 'Order' AND version = 1"), update::toString);
      RequestRecorder.clear();
      assertEquals(0, s.executeUpdate("DELETE FROM orders WHERE customer_id = 'c1' AND order_id = 'r1'"));
      DeleteItemRequest delete = onlyRequest().raw(DeleteItemRequest.class);
      assertTrue(ExpressionRenderer.render(delete.conditionExpression(), delete.expressionAttributeNames(),
          delete.expressionAttributeValues()).contains("EntityType = 'Order' AND version = 1"), delete::toString);
      assertEquals(ret, copy.item("CUST#c1", "r1"));

      assertEquals(1, s.executeUpdate("DELETE FROM orders WHERE customer_id = 'c5' AND order_id = 'o50'"));
      assertNull(copy.item("CUST#c5", "o50"));
    }
  }

  @Test
  void mergeWritesTheConstantsOfTheItemItCreates() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "entity-type");
    try (Connection c = copy.connect(); Statement s = c.createStatement()) {
      assertEquals(1, s.executeUpdate("MERGE INTO orders o USING (VALUES ('c6', 'o60', 7)) AS v (c, id, t) "
          + "ON o.customer_id = v.c AND o.order_id = v.id "
          + "WHEN MATCHED THEN UPDATE SET total = v.t "
          + "WHEN NOT MATCHED THEN INSERT (customer_id, order_id, total) VALUES (v.c, v.id, v.t)"));
      assertEquals(Map.of("PK", s("CUST#c6"), "SK", s("o60"), "total", n("7"), "EntityType", s("Order"),
          "version", n("1")), copy.item("CUST#c6", "o60"));
      assertEquals(List.of(List.of("o60", "7")),
          query(c, "SELECT order_id, total FROM orders WHERE customer_id = 'c6'"));
    }
  }

  @Test
  void upsertReplacesTheTablesOwnItemsAndNeverAnotherTables() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "entity-type");
    Map<String, AttributeValue> ret = copy.item("CUST#c1", "r1");
    Map<String, AttributeValue> o4 = copy.item("CUST#c2", "o4");
    try (Connection c = copy.connect(); Statement s = c.createStatement()) {
      RequestRecorder.clear();
      assertEquals(1, s.executeUpdate("UPSERT INTO orders (customer_id, order_id, total) VALUES ('c1', 'o1', 5)"));
      PutItemRequest put = onlyRequest().raw(PutItemRequest.class);
      assertEquals("attribute_not_exists(PK) OR (EntityType = 'Order' AND version = 1)", ExpressionRenderer.render(
          put.conditionExpression(), put.expressionAttributeNames(), put.expressionAttributeValues()));
      assertEquals(Map.of("PK", s("CUST#c1"), "SK", s("o1"), "total", n("5"), "EntityType", s("Order"),
          "version", n("1")), copy.item("CUST#c1", "o1"), "the order is replaced whole");
      assertEquals(1, s.executeUpdate("UPSERT INTO orders (customer_id, order_id, total) VALUES ('c7', 'o70', 3)"));
      assertEquals(n("3"), copy.item("CUST#c7", "o70").get("total"), "a free key is written");

      // r1 is a return, o4 an order of another version: neither is a row of orders, and neither is replaced.
      SQLException other = assertThrows(SQLException.class, () -> s.executeUpdate(
          "UPSERT INTO orders (customer_id, order_id, total) VALUES ('c1', 'r1', 5)"));
      assertEquals("23505", other.getSQLState());
      assertEquals("Duplicate key: the item with key {PK=CUST#c1, SK=r1} is not a row of table 'orders' but another "
          + "table's (it does not hold EntityType = 'Order' and version = 1); UPSERT writes only the table's own "
          + "items. The row was not written", other.getMessage());
      assertEquals(ret, copy.item("CUST#c1", "r1"));
      // An INSERT cannot tell whose item took the key without reading it, and says so.
      SQLException taken = assertThrows(SQLException.class, () -> s.executeUpdate(
          "INSERT INTO orders (customer_id, order_id, total) VALUES ('c1', 'r1', 5)"));
      assertEquals("23505", taken.getSQLState());
      assertTrue(taken.getMessage().startsWith("Duplicate key: key {PK=CUST#c1, SK=r1} of table 'orders' is taken by "
          + "an item, a row of 'orders' or of another table whose items share its keys (INSERT never overwrites"),
          taken::getMessage);
      try (PreparedStatement p = c.prepareStatement(
          "UPSERT INTO orders (customer_id, order_id, total) VALUES (?, ?, 9)")) {
        p.setString(1, "c2");
        p.setString(2, "o4");
        assertEquals("23505", assertThrows(SQLException.class, p::executeUpdate).getSQLState());
      }
      assertEquals(o4, copy.item("CUST#c2", "o4"));

      SQLException merged = assertThrows(SQLException.class, () -> s.executeUpdate(
          "MERGE INTO orders o USING (VALUES ('c1', 'r1', 7)) AS v (c, id, t) "
          + "ON o.customer_id = v.c AND o.order_id = v.id "
          + "WHEN MATCHED THEN UPDATE SET total = v.t "
          + "WHEN NOT MATCHED THEN INSERT (customer_id, order_id, total) VALUES (v.c, v.id, v.t)"));
      assertEquals("23505", merged.getSQLState());
      assertTrue(merged.getMessage().contains("MERGE writes only the table's own items"), merged::getMessage);
      assertEquals(ret, copy.item("CUST#c1", "r1"));

      // A table of one constant: its condition is that constant alone.
      assertEquals(1, s.executeUpdate("UPSERT INTO order_returns (customer_id, return_id, reason) "
          + "VALUES ('c1', 'r1', 'late')"));
      assertEquals(s("late"), copy.item("CUST#c1", "r1").get("reason"));
      assertEquals("23505", assertThrows(SQLException.class, () -> s.executeUpdate("UPSERT INTO order_returns "
          + "(customer_id, return_id, reason) VALUES ('c1', 'o2', 'late')")).getSQLState());
      assertEquals(1, s.executeUpdate("MERGE INTO order_returns o USING (VALUES ('c1', 'r1', 'lost')) AS v (c, id, r) "
          + "ON o.customer_id = v.c AND o.return_id = v.id WHEN MATCHED THEN UPDATE SET reason = v.r "
          + "WHEN NOT MATCHED THEN INSERT (customer_id, return_id, reason) VALUES (v.c, v.id, v.r)"));
      assertEquals(s("lost"), copy.item("CUST#c1", "r1").get("reason"));
    }
  }

  @Test
  void everyItemOfTheDesignIsWrittenBackAsItWasRead() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "entity-type");
    List<Map<String, AttributeValue>> before = copy.items();
    try (Connection c = copy.connect(); Statement s = c.createStatement()) {
      List<List<String>> orders = query(c, "SELECT customer_id, order_id, total, status FROM orders "
          + "WHERE customer_id IN ('c1', 'c2')");
      assertEquals(3, orders.size());
      for (List<String> o : orders) {
        s.executeUpdate("DELETE FROM orders WHERE customer_id = '" + o.get(0) + "' AND order_id = '" + o.get(1) + "'");
        s.executeUpdate("INSERT INTO orders VALUES ('" + o.get(0) + "', '" + o.get(1) + "', " + o.get(2) + ", '"
            + o.get(3) + "')");
      }
      List<List<String>> lines = query(c, "SELECT cart_id, line, sku FROM cart_lines WHERE cart_id = 'k1'");
      for (List<String> l : lines) {
        s.executeUpdate("DELETE FROM cart_lines WHERE cart_id = 'k1' AND line = " + l.get(1));
        s.executeUpdate("INSERT INTO cart_lines VALUES ('k1', " + l.get(1) + ", '" + l.get(2) + "')");
      }
    }
    assertEquals(before, copy.items());
  }

  @Test
  void aConstantThatIsAKeyAttributeIsRefused() {
    SQLException table = assertThrows(SQLException.class, () -> connect("\"keys\": {\"PK\": \"CUST#{c}\", "
        + "\"SK\": \"{id}\"}, \"constants\": {\"PK\": \"Order\"}"));
    assertEquals("42Z10", table.getSQLState());
    assertEquals("Invalid mapping: inline mapping: table 'orders', field 'constants.PK' is also under \"keys\" with "
        + "template 'CUST#{c}'; a key attribute is computed by its template, so it cannot be a constant",
        table.getMessage());
    SQLException index = assertThrows(SQLException.class, () -> connect("\"keys\": {\"PK\": \"CUST#{c}\", "
        + "\"SK\": \"{id}\"}, \"constants\": {\"GSI1PK\": \"Order\"}"));
    assertEquals("42Z10", index.getSQLState());
    assertEquals("Invalid mapping: table 'orders', field 'constants.GSI1PK' is a key attribute of DynamoDB table "
        + "'entitytype_Shop' or of its indexes (PK and SK of the table, GSI1PK and GSI1SK of index 'ByStatus'); a key "
        + "cannot be a constant", index.getMessage());
  }

  @Test
  void aConstantInAColumnsAttributeOrOfAnotherTypeIsRefused() {
    SQLException column = assertThrows(SQLException.class, () -> connect("\"keys\": {\"PK\": \"CUST#{c}\", "
        + "\"SK\": \"{id}\"}, \"constants\": {\"total\": 1}"));
    assertEquals("42Z10", column.getSQLState());
    assertEquals("Invalid mapping: table 'orders', field 'constants.total' is attribute 'total', which column "
        + "'total' is stored in; give the column another attribute, or drop the constant", column.getMessage());
    SQLException type = assertThrows(SQLException.class, () -> connect("\"keys\": {\"PK\": \"CUST#{c}\", "
        + "\"SK\": \"{id}\"}, \"constants\": {\"EntityType\": [\"Order\"]}"));
    assertEquals("42Z10", type.getSQLState());
    assertEquals("Invalid mapping: inline mapping: table 'orders', field 'constants.EntityType' must be a string (S), "
        + "a number (N) or a boolean (BOOL), not [\"Order\"]", type.getMessage());
  }

  private static void connect(String keysAndConstants) throws SQLException {
    Keycond.connect(server, null, "mapping=inline:{\"tables\": {\"orders\": {\"source\": \"entitytype_Shop\", "
        + "\"columns\": {\"c\": \"VARCHAR\", \"id\": \"VARCHAR\", \"total\": \"BIGINT\"}, " + keysAndConstants
        + "}}}").close();
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }

  private static AttributeValue n(String number) {
    return AttributeValue.fromN(number);
  }
}
