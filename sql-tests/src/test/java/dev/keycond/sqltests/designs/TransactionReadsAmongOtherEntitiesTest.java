package dev.keycond.sqltests.designs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A read in a transaction that wrote to its table lays the transaction's writes over the items the
 * server returns, and puts the rows in key order itself. The key range it reads can also hold
 * items of another entity: a sort key the table's template does not read ({@code LINE#NOTE} among
 * {@code LINE#{line_no:03}}), or an item whose constant attribute names another entity (a
 * {@code Wishlist} line among {@code Cart} lines). Those items are no rows of the read, in or out
 * of a transaction. Against moto, which commits the transaction; the items are read back with the
 * raw SDK.
 */
@ExtendWith(MotoExtension.class)
class TransactionReadsAmongOtherEntitiesTest {
  private static final String LINES = "SELECT line_no, sku FROM order_lines WHERE order_id = 'O1042' ORDER BY line_no";

  @Test
  void anOrdersLinesReadInTheTransactionLeavesOutTheNoteAmongThem(DynamoServer server) throws SQLException {
    DesignCopy shop = DesignCopy.of(server, "shop");
    try (Connection connection = shop.connect()) {
      connection.setAutoCommit(false);
      update(connection, "DELETE FROM order_lines WHERE order_id = 'O1042' AND line_no = 1");
      update(connection, "INSERT INTO order_lines (order_id, line_no, sku, qty) VALUES ('O1042', 3, 'F', 7)");
      update(connection, "UPDATE order_lines SET sku = 'G' WHERE order_id = 'O1042' AND line_no = 2");

      assertEquals(List.of(List.of("2", "G"), List.of("3", "F")), Keycond.query(connection, LINES));
      assertEquals(List.of("Query"), operations(), "the partition's one Query, LINE#NOTE among its items");
      assertEquals(List.of(List.of("3", "F"), List.of("2", "G")), Keycond.query(connection,
          "SELECT line_no, sku FROM order_lines WHERE order_id = 'O1042' ORDER BY line_no DESC"));
      assertEquals(List.of(List.of("2")), Keycond.query(connection,
          "SELECT COUNT(*) FROM order_lines WHERE order_id = 'O1042'"));
      assertEquals(List.of(List.of("3")), Keycond.query(connection,
          "SELECT line_no FROM order_lines WHERE order_id = 'O1042' AND line_no > 2"));
      connection.commit();
      assertEquals(List.of(List.of("2", "G"), List.of("3", "F")), Keycond.query(connection, LINES));
    }
    assertEquals(List.of("LINE#002", "LINE#003", "LINE#NOTE"), sortKeys(shop.items(), "ORDER#O1042"));
    assertEquals("G", shop.item("ORDER#O1042", "LINE#002").get("sku").s());
    assertEquals("gift wrap", shop.item("ORDER#O1042", "LINE#NOTE").get("text").s(), "the note is as it was");
  }

  @Test
  void aCartsLinesReadInTheTransactionLeavesOutTheWishlistLineAmongThem(DynamoServer server) throws SQLException {
    DesignCopy carts = DesignCopy.of(server, "entity-type");
    String lines = "SELECT line, sku FROM cart_lines WHERE cart_id = 'k1' ORDER BY line";
    try (Connection connection = carts.connect()) {
      connection.setAutoCommit(false);
      update(connection, "UPDATE cart_lines SET sku = 'quill' WHERE cart_id = 'k1' AND line = 1");
      update(connection, "INSERT INTO cart_lines (cart_id, line, sku) VALUES ('k1', 4, 'nib')");

      assertEquals(List.of(List.of("1", "quill"), List.of("2", "ink"), List.of("4", "nib")),
          Keycond.query(connection, lines));
      assertEquals(List.of("Query"), operations(), "the cart's one Query, the Wishlist line among its items");
      assertEquals(List.of(List.of("4"), List.of("2"), List.of("1")), Keycond.query(connection,
          "SELECT line FROM cart_lines WHERE cart_id = 'k1' ORDER BY line DESC"));
      connection.rollback();
      assertEquals(List.of(List.of("1", "pen"), List.of("2", "ink")), Keycond.query(connection, lines));
    }
    assertEquals(List.of("LINE#1", "LINE#2", "LINE#3"), sortKeys(carts.items(), "CART#k1"), "nothing was written");
    assertEquals("Wishlist", carts.item("CART#k1", "LINE#3").get("EntityType").s());
  }

  private static void update(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      assertEquals(1, statement.executeUpdate(sql), sql);
    }
  }

  /** The operations sent since the last statement began. */
  private static List<String> operations() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
  }

  private static List<String> sortKeys(List<Map<String, AttributeValue>> items, String partition) {
    return items.stream().filter(i -> i.get("PK").s().equals(partition)).map(i -> i.get("SK").s()).toList();
  }
}
