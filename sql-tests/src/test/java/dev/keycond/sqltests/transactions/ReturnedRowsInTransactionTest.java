package dev.keycond.sqltests.transactions;

import static dev.keycond.sqltests.transactions.TransactionsTest.file;
import static dev.keycond.sqltests.transactions.TransactionsTest.operations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.OnFreshTables;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * RETURNING, getGeneratedKeys and one-branch MERGE inside a transaction, against moto: the rows a
 * statement returns are those its actions write at commit (an UPDATE's as the commit leaves them, a
 * DELETE's as they were), nothing is written before commit, everything is after it, and nothing
 * after a rollback. The items are read back with the raw SDK.
 */
@ExtendWith(MotoExtension.class)
class ReturnedRowsInTransactionTest extends OnFreshTables {

  @BeforeEach
  void aTransactionOnTwoFiles() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    tables.put(tables.drive, file("root/b", 2));
    connection.setAutoCommit(false);
    RequestRecorder.clear();
  }

  @Test
  void insertReturningGivesTheRowsTheCommitPuts() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("INSERT INTO files (account, path, size) VALUES "
            + "('a91', 'root/n/x', 5), ('a91', 'root/y', 6) RETURNING path, parent, size")) {
      assertEquals(List.of(List.of("root/n/x", "root/n/", 5L), List.of("root/y", "root/", 6L)), Keycond.objects(rows));
    }
    assertEquals(List.of("BatchGetItem"), operations(RequestRecorder.dataRequests()),
        "an INSERT reads its keys, and keeps its writes");
    assertEquals(List.of(file("root/a", 1), file("root/b", 2)), tables.items(tables.drive));

    RequestRecorder.clear();
    connection.commit();
    assertEquals(List.of("TransactWriteItems"), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(file("root/a", 1), file("root/b", 2), Map.of("PK", s("DRIVE#a91"), "SK", s("root/n/x"),
        "parent", s("root/n/"), "GPK", s("DRIVE#a91#root/n/"), "size", n("5")), file("root/y", 6)),
        tables.items(tables.drive));
  }

  @Test
  void generatedKeysAreTheKeysOfTheRowsKeptAndARollbackWritesNone() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO files (account, path, size) "
        + "VALUES (?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
      for (String path : List.of("root/c", "root/d")) {
        insert.setString(1, "a91");
        insert.setString(2, path);
        insert.setLong(3, 3);
        insert.addBatch();
      }
      assertEquals(2, insert.executeBatch().length);
      try (ResultSet keys = insert.getGeneratedKeys()) {
        assertEquals(List.of(List.of("a91", "root/c"), List.of("a91", "root/d")), Keycond.objects(keys));
      }
      insert.setString(1, "a91");
      insert.setString(2, "root/e");
      insert.setLong(3, 4);
      assertEquals(1, insert.executeUpdate());
      try (ResultSet keys = insert.getGeneratedKeys()) {
        assertEquals(List.of(List.of("a91", "root/e")), Keycond.objects(keys));
      }
    }
    // The batch read its two keys at once, the single INSERT its one; a rollback sends nothing.
    assertEquals(List.of("BatchGetItem", "GetItem"), operations(RequestRecorder.dataRequests()));
    RequestRecorder.clear();
    connection.rollback();
    assertEquals(List.of(), RequestRecorder.dataRequests(), "nothing is sent for a rollback");
    assertEquals(List.of(file("root/a", 1), file("root/b", 2)), tables.items(tables.drive));
  }

  @Test
  void updateReturningGivesTheRowsAsTheCommitLeavesThemAfterEarlierStatements() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("UPDATE files SET name = 'first' WHERE account = 'a91' AND path = 'root/a'");
      try (ResultSet rows = statement.executeQuery("UPDATE files SET size = size + 10 "
          + "WHERE account = 'a91' AND path IN ('root/a', 'root/b') RETURNING *")) {
        assertEquals(List.of(Arrays.asList("a91", "root/a", "root/", 11L, null, null, null, "first"),
            Arrays.asList("a91", "root/b", "root/", 12L, null, null, null, null)), Keycond.objects(rows));
      }
    }
    assertEquals(List.of(file("root/a", 1), file("root/b", 2)), tables.items(tables.drive));
    RequestRecorder.clear();
    connection.commit();
    assertEquals(List.of("TransactWriteItems"), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(file("root/a", 11, "first"), file("root/b", 12)), tables.items(tables.drive));
  }

  @Test
  void deleteReturningGivesTheRowsAsTheyWereAndARollbackKeepsThem() throws SQLException {
    try (ResultSet rows = connection.createStatement().executeQuery("DELETE FROM files WHERE account = 'a91' "
        + "AND path LIKE 'root/%' RETURNING path, size")) {
      assertEquals(List.of(List.of("root/a", 1L), List.of("root/b", 2L)), Keycond.objects(rows));
    }
    assertEquals(List.of(), Keycond.query(connection, "SELECT path FROM files WHERE account = 'a91'"),
        "the transaction sees its deletes");
    RequestRecorder.clear();
    connection.rollback();
    assertEquals(List.of(), RequestRecorder.dataRequests());
    assertEquals(List.of(file("root/a", 1), file("root/b", 2)), tables.items(tables.drive));
  }

  @Test
  void mergeWhenNotMatchedInsertsOnlyTheRowsWhoseItemIsAbsentInTheTransaction() throws SQLException {
    update("DELETE FROM files WHERE account = 'a91' AND path = 'root/b'");
    RequestRecorder.clear();
    try (ResultSet rows = connection.createStatement().executeQuery("MERGE INTO files t USING (VALUES "
        + "('a91', 'root/a', 7), ('a91', 'root/b', 8), ('a91', 'root/c', 9)) AS s(a, p, z) "
        + "ON t.account = s.a AND t.path = s.p "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z) RETURNING path, size")) {
      assertEquals(List.of(List.of("root/b", 8L), List.of("root/c", 9L)), Keycond.objects(rows),
          "root/a exists; root/b exists on the server, but the transaction deleted it");
    }
    assertEquals(List.of("GetItem", "GetItem"), operations(RequestRecorder.dataRequests()),
        "each item is read as the transaction leaves it; the deleted one needs no read");

    RequestRecorder.clear();
    connection.commit();
    List<TransactWriteItem> actions = TransactionsTest.transactions().get(0).transactItems();
    assertEquals(2, actions.size(), "the DELETE and INSERT of root/b are one action, and root/c's the other");
    assertEquals("attribute_not_exists(#a0)", actions.get(1).put().conditionExpression());
    assertEquals(List.of(file("root/a", 1), file("root/b", 8), file("root/c", 9)), tables.items(tables.drive));
  }

  @Test
  void mergeWhenMatchedUpdatesOnlyTheItemsThatExistAndExpectsThemAtCommit() throws SQLException {
    try (ResultSet rows = connection.createStatement().executeQuery("MERGE INTO files t USING (VALUES "
        + "('a91', 'root/a', 7), ('a91', 'root/none', 8)) AS s(a, p, z) ON t.account = s.a AND t.path = s.p "
        + "WHEN MATCHED THEN UPDATE SET size = s.z RETURNING path, size")) {
      assertEquals(List.of(List.of("root/a", 7L)), Keycond.objects(rows));
    }
    assertEquals(List.of("GetItem", "GetItem"), operations(RequestRecorder.dataRequests()));
    RequestRecorder.clear();
    connection.commit();
    List<TransactWriteItem> actions = TransactionsTest.transactions().get(0).transactItems();
    assertEquals(1, actions.size());
    String condition = actions.get(0).update().conditionExpression();
    assertTrue(condition.matches("attribute_exists\\(#a\\d+\\)"), condition);
    assertEquals("PK", actions.get(0).update().expressionAttributeNames().get(condition.substring(17, condition.length() - 1)),
        "the item must still exist at commit");
    assertEquals(List.of(file("root/a", 7), file("root/b", 2)), tables.items(tables.drive));
  }

  @Test
  void aMergeWithBothBranchesReturnsTheWholeRowItLeaves() throws SQLException {
    update("UPDATE files SET name = 'kept' WHERE account = 'a91' AND path = 'root/a'");
    try (ResultSet rows = connection.createStatement().executeQuery("MERGE INTO files t USING (VALUES "
        + "('a91', 'root/a', 7), ('a91', 'root/z', 8)) AS s(a, p, z) ON t.account = s.a AND t.path = s.p "
        + "WHEN MATCHED THEN UPDATE SET size = s.z "
        + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z) RETURNING path, size, name")) {
      assertEquals(List.of(Arrays.asList("root/a", 7L, "kept"), Arrays.asList("root/z", 8L, null)),
          Keycond.objects(rows));
    }
    connection.commit();
    assertEquals(List.of(file("root/a", 7, "kept"), file("root/b", 2), file("root/z", 8)),
        tables.items(tables.drive));
  }

  @Test
  void aMergeWhenMatchedComparingMoreThanTheKeyUpdatesTheMatchingItemsAndExpectsThemAsRead() throws SQLException {
    // root/a has size 1 and matches; root/b has size 2, not 99; root/none has no item; a NULL matches nothing.
    assertEquals(1, update("MERGE INTO files t USING (VALUES ('a91', 'root/a', 1, 7), ('a91', 'root/b', 99, 8), "
        + "('a91', 'root/none', 1, 9), ('a91', 'root/b', CAST(NULL AS BIGINT), 10)) AS s(a, p, was, z) "
        + "ON t.account = s.a AND t.path = s.p AND t.size = s.was WHEN MATCHED THEN UPDATE SET size = s.z"));
    assertEquals(List.of("GetItem", "GetItem", "GetItem"), operations(RequestRecorder.dataRequests()),
        "each source row reads its item, but the one whose comparison is with NULL, which can match nothing; "
            + "nothing is written before commit");
    assertEquals(List.of(file("root/a", 1), file("root/b", 2)), tables.items(tables.drive));

    RequestRecorder.clear();
    connection.commit();
    List<TransactWriteItem> actions = TransactionsTest.transactions().get(0).transactItems();
    assertEquals(1, actions.size(), "only root/a matched");
    var update = actions.get(0).update();
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/a")), update.key());
    assertTrue(update.conditionExpression().startsWith("attribute_exists("), update.conditionExpression());
    assertTrue(update.expressionAttributeNames().containsValue("size"), "the compared size must still be as read");
    assertTrue(update.expressionAttributeValues().containsValue(n("1")), update.toString());
    assertEquals(List.of(file("root/a", 7), file("root/b", 2)), tables.items(tables.drive));
  }

  @Test
  void aMergeWhenMatchedWhoseComparedColumnAnotherWriterChangesIsCancelledAtCommit() throws SQLException {
    assertEquals(1, update("MERGE INTO files t USING (VALUES ('a91', 'root/a', 1, 7)) AS s(a, p, was, z) "
        + "ON t.account = s.a AND t.path = s.p AND t.size = s.was WHEN MATCHED THEN UPDATE SET size = s.z"));
    try (var other = tables.connect(); Statement statement = other.createStatement()) {
      assertEquals(1, statement.executeUpdate("UPDATE files SET size = 5 WHERE account = 'a91' AND path = 'root/a'"));
    }
    SQLException e = assertThrows(SQLException.class, connection::commit);
    assertEquals("40001", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("{PK=DRIVE#a91, SK=root/a}"), e.getMessage());
    assertEquals(List.of(file("root/a", 5), file("root/b", 2)), tables.items(tables.drive),
        "the other writer's change stands, and the MERGE wrote nothing");
  }

  private long update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  private static AttributeValue n(String value) {
    return AttributeValue.fromN(value);
  }
}
