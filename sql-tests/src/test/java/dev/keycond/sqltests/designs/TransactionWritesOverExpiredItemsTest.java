package dev.keycond.sqltests.designs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
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
 * In a transaction, as in auto-commit, an item whose time to live has passed is gone until DynamoDB
 * deletes it (fixture {@code ttl}: u2/s1 and u1/s4 expired in 2001, u1/s2 lives until 2100): an
 * INSERT, or a MERGE with both branches, finds its key free when it runs and its commit replaces the
 * item whole, an UPDATE by key finds no row. With
 * {@code expiredItems=show} the item is a row, and its key taken. Against moto, which runs
 * transactions; the items are read back with the raw SDK.
 */
@ExtendWith(MotoExtension.class)
class TransactionWritesOverExpiredItemsTest {

  @Test
  void anExpiredItemsKeyIsFreeAndTheItemNoRow(DynamoServer server) throws SQLException {
    DesignCopy sessions = DesignCopy.of(server, "ttl");
    try (Connection connection = sessions.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      assertEquals(0, statement.executeUpdate(
          "UPDATE sessions SET device = 'tablet' WHERE user_id = 'u1' AND session = 's1'"));
      assertEquals(1, statement.executeUpdate(
          "INSERT INTO sessions (user_id, session, device) VALUES ('u2', 's1', 'laptop')"));
      assertEquals("23505", assertThrows(SQLException.class, () -> statement.executeUpdate(
          "INSERT INTO sessions (user_id, session, device) VALUES ('u1', 's2', 'laptop')")).getSQLState());
      // A MERGE with both branches puts a new item in place of an expired one, as an INSERT would.
      assertEquals(1, statement.executeUpdate("MERGE INTO sessions t USING (VALUES ('u1', 's4', 'tablet')) "
          + "AS v (u, s, d) ON t.user_id = v.u AND t.session = v.s WHEN MATCHED THEN UPDATE SET device = v.d "
          + "WHEN NOT MATCHED THEN INSERT (user_id, session, device) VALUES (v.u, v.s, v.d)"));
      connection.commit();
    }
    assertEquals(Map.of("user", s("u2"), "session", s("s1"), "device", s("laptop")), item(sessions, "u2", "s1"));
    assertEquals(Map.of("user", s("u1"), "session", s("s4"), "device", s("tablet")), item(sessions, "u1", "s4"));
    assertEquals(s("phone"), item(sessions, "u1", "s1").get("device"), "the expired item is left to DynamoDB");
  }

  @Test
  void anItemTheTransactionMadeExpiredIsNoRowOfItsReads(DynamoServer server) throws SQLException {
    DesignCopy sessions = DesignCopy.of(server, "ttl");
    try (Connection connection = sessions.connect(); Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      assertEquals(1, statement.executeUpdate(
          "UPDATE sessions SET expires_at = 1000000000 WHERE user_id = 'u1' AND session = 's2'"));
      assertEquals(1, statement.executeUpdate(
          "INSERT INTO sessions (user_id, session, device, expires_at) VALUES ('u1', 's5', 'tv', 1000000000)"));
      // The partition's Query, as a read by key, leaves out what the transaction made expired.
      assertEquals(List.of(List.of("s3")), Keycond.query(connection,
          "SELECT session FROM sessions WHERE user_id = 'u1' ORDER BY session"));
      assertEquals(List.of(), Keycond.query(connection,
          "SELECT session FROM sessions WHERE user_id = 'u1' AND session = 's2'"));
      connection.rollback();
    }
    assertEquals(n("4102444800"), item(sessions, "u1", "s2").get("expires_at"), "rolled back");
  }

  @Test
  void anExistsSubqueryFindsNoExpiredItem(DynamoServer server) throws SQLException {
    DesignCopy sessions = DesignCopy.of(server, "ttl");
    String update = "UPDATE sessions SET device = 'tablet' WHERE user_id = 'u1' AND session = 's2' AND ";
    String expired = "(SELECT * FROM sessions WHERE user_id = 'u2' AND session = 's1')";
    try (Connection connection = sessions.connect(); Statement statement = connection.createStatement()) {
      assertEquals(0, statement.executeUpdate(update + "EXISTS " + expired));
      assertEquals(s("phone"), item(sessions, "u1", "s2").get("device"));
      // Its commit expects the item gone, and finds it so: the statement is not cancelled.
      assertEquals(1, statement.executeUpdate(update + "NOT EXISTS " + expired));
    }
    assertEquals(s("tablet"), item(sessions, "u1", "s2").get("device"));
  }

  @Test
  void explainSaysThatExpiredItemsAreGoneToWrites(DynamoServer server) throws SQLException {
    DesignCopy sessions = DesignCopy.of(server, "ttl");
    try (Connection connection = sessions.connect()) {
      String insert = String.join("\n", Keycond.query(connection, "EXPLAIN PLAN FOR INSERT INTO sessions "
          + "(user_id, session, device) VALUES ('u2', 's1', 'laptop')").stream().map(r -> r.get(0)).toList());
      assertTrue(insert.contains("unless its time to live has passed: an expired item is replaced"), insert);
      String update = String.join("\n", Keycond.query(connection, "EXPLAIN PLAN FOR UPDATE sessions "
          + "SET device = 'x' WHERE user_id = 'u1' AND session = 's2'").stream().map(r -> r.get(0)).toList());
      assertTrue(update.contains("ConditionExpression: the item exists and has not expired"), update);
    }
  }

  @Test
  void withExpiredItemsShownAnExpiredItemsKeyIsTaken(DynamoServer server) throws SQLException {
    DesignCopy sessions = DesignCopy.of(server, "ttl");
    List<Map<String, AttributeValue>> before = sessions.items();
    try (Connection connection = sessions.connect("expiredItems=show");
        Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      assertEquals("23505", assertThrows(SQLException.class, () -> statement.executeUpdate(
          "INSERT INTO sessions (user_id, session, device) VALUES ('u2', 's1', 'laptop')")).getSQLState());
      connection.commit();
    }
    assertEquals(before, sessions.items());
  }

  private static Map<String, AttributeValue> item(DesignCopy copy, String user, String session) {
    return copy.items().stream().filter(i -> i.get("user").s().equals(user) && i.get("session").s().equals(session))
        .findFirst().orElseThrow();
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }

  private static AttributeValue n(String number) {
    return AttributeValue.fromN(number);
  }
}
