package dev.keycond.sqltests.designs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An UPSERT or a two-branch MERGE in a transaction creates or replaces its table's item whatever it
 * holds, but never another table's item that shares the key (told apart by constants, fixture
 * {@code entity-type}: r1 is a return among orders, o4 an order of another version): an UPSERT's
 * commit expects the key free or the item the table's own, and DynamoDB cancels it otherwise; a
 * MERGE reads the item when it runs, and refuses another table's then. Against
 * moto, which runs transactions; the items are read back with the raw SDK.
 */
@ExtendWith(MotoExtension.class)
class TransactionWritesAmongOtherEntitiesTest {
  private static final String MERGE = "MERGE INTO orders o USING (VALUES ('c1', '%s', 7)) AS v (c, id, t) "
      + "ON o.customer_id = v.c AND o.order_id = v.id WHEN MATCHED THEN UPDATE SET total = v.t "
      + "WHEN NOT MATCHED THEN INSERT (customer_id, order_id, total) VALUES (v.c, v.id, v.t)";

  @Test
  void aCommitThatWouldReplaceAnotherTablesItemWritesNothing(DynamoServer server) throws SQLException {
    DesignCopy shop = DesignCopy.of(server, "entity-type");
    List<Map<String, AttributeValue>> before = shop.items();
    for (String foreign : List.of(
        "UPSERT INTO orders (customer_id, order_id, total) VALUES ('c1', 'r1', 5)",
        "UPSERT INTO orders (customer_id, order_id, total) VALUES ('c2', 'o4', 5)")) {
      try (Connection connection = shop.connect(); Statement statement = connection.createStatement()) {
        connection.setAutoCommit(false);
        assertEquals(1, statement.executeUpdate(
            "UPSERT INTO orders (customer_id, order_id, total) VALUES ('c1', 'o1', 1)"));
        assertEquals(1, statement.executeUpdate(foreign), foreign);
        SQLException refused = assertThrows(SQLException.class, connection::commit, foreign);
        assertEquals("23505", refused.getSQLState(), refused::getMessage);
        assertTrue(refused.getMessage().startsWith("Duplicate key at commit: an item has the key of a row this "
            + "transaction inserts or upserts (for an UPSERT or MERGE, an item of another table, which it may not "
            + "replace): table 'entitytype"), refused::getMessage);
        assertTrue(refused.getMessage().endsWith("(ConditionalCheckFailed: The conditional request failed). Nothing "
            + "was written, and the transaction is over."), refused::getMessage);
      }
      assertEquals(before, shop.items(), foreign + ": nothing was written");
    }
  }

  @Test
  void aMergeReadsTheItemAndRefusesAnotherTablesWhenItRuns(DynamoServer server) throws SQLException {
    DesignCopy shop = DesignCopy.of(server, "entity-type");
    Map<String, AttributeValue> ret = shop.item("CUST#c1", "r1");
    try (Connection connection = shop.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      assertEquals(1, statement.executeUpdate(
          "UPSERT INTO orders (customer_id, order_id, total) VALUES ('c1', 'o1', 1)"));
      SQLException refused = assertThrows(SQLException.class,
          () -> statement.executeUpdate(String.format(MERGE, "r1")));
      assertEquals("23505", refused.getSQLState(), refused::getMessage);
      assertTrue(refused.getMessage().contains("MERGE writes only the table's own items"), refused::getMessage);
      // The transaction goes on without the MERGE's row.
      connection.commit();
    }
    assertEquals(ret, shop.item("CUST#c1", "r1"));
    assertEquals(n("1"), shop.item("CUST#c1", "o1").get("total"));
  }

  @Test
  void aMergeThatOnlyUpdatesMatchesNoOtherTablesItem(DynamoServer server) throws SQLException {
    DesignCopy shop = DesignCopy.of(server, "entity-type");
    List<Map<String, AttributeValue>> before = shop.items();
    String matchedOnly = "MERGE INTO orders o USING (VALUES ('c1', 'r1', 7)) AS v (c, id, t) "
        + "ON o.customer_id = v.c AND o.order_id = v.id WHEN MATCHED THEN UPDATE SET total = v.t";
    // In a transaction, and in auto-commit mode as a transaction of its own.
    try (Connection connection = shop.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      assertEquals(0, statement.executeUpdate(matchedOnly), "r1 is a return, no order");
      connection.commit();
    }
    try (Connection connection = shop.connect("idempotentWrites=true");
        Statement statement = connection.createStatement()) {
      assertEquals(0, statement.executeUpdate(matchedOnly), "r1 is a return, no order");
    }
    assertEquals(before, shop.items(), "nothing was written");
  }

  @Test
  void theTablesOwnItemsAndFreeKeysAreWritten(DynamoServer server) throws SQLException {
    DesignCopy shop = DesignCopy.of(server, "entity-type");
    try (Connection connection = shop.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      assertEquals(1, statement.executeUpdate(
          "UPSERT INTO orders (customer_id, order_id, total) VALUES ('c1', 'o1', 1)"));
      assertEquals(1, statement.executeUpdate(String.format(MERGE, "o2")));
      assertEquals(1, statement.executeUpdate(String.format(MERGE, "o80")));
      connection.commit();
    }
    assertEquals(Map.of("PK", s("CUST#c1"), "SK", s("o1"), "total", n("1"), "EntityType", s("Order"),
        "version", n("1")), shop.item("CUST#c1", "o1"));
    assertEquals(n("7"), shop.item("CUST#c1", "o2").get("total"));
    assertEquals(s("Order"), shop.item("CUST#c1", "o80").get("EntityType"));
    assertNull(shop.item("CUST#c1", "r1").get("total"), "the return is as it was");
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }

  private static AttributeValue n(String number) {
    return AttributeValue.fromN(number);
  }
}
