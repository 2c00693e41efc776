package dev.keycond.sqltests.transactions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.shell.Shell;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.OnFreshTables;
import dev.keycond.sqltests.support.Keycond;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * JDBC transactions on TransactWriteItems, against moto (dynalite has no transactions): the
 * statements run when executed and their writes are kept; commit sends one TransactWriteItems; the
 * items are read back from the server with the raw SDK after each commit and rollback.
 */
@ExtendWith(MotoExtension.class)
class TransactionsTest extends OnFreshTables {
  private static final String ALL_THREE = "SELECT path, size FROM files WHERE account = 'a91' "
      + "AND path IN ('root/new', 'root/old', 'root/gone') ORDER BY path";

  // ---------------------------------------------------------------- kept until commit

  @Test
  void eachStatementRunsAndCountsAndItsWritesWaitForCommit() throws SQLException {
    tables.put(tables.drive, file("root/old", 1));
    tables.put(tables.drive, file("root/gone", 2));
    connection.setAutoCommit(false);
    RequestRecorder.clear();

    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/new', 3)"));
    assertEquals(1, update("UPDATE files SET size = size + 10 WHERE account = 'a91' AND path = 'root/old'"));
    assertEquals(1, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/gone'"));
    assertEquals(0, update("UPDATE files SET size = 5 WHERE account = 'a91' AND path = 'root/missing'"));
    // The INSERT read its key, and the UPDATE and DELETE their rows, when they ran; nothing was written.
    assertEquals(List.of("GetItem", "GetItem", "GetItem", "GetItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(file("root/gone", 2), file("root/old", 1)), tables.items(tables.drive));

    RequestRecorder.clear();
    connection.commit();
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("TransactWriteItems"), operations(sent));
    TransactWriteItemsRequest transaction = sent.get(0).raw(TransactWriteItemsRequest.class);
    assertFalse(transaction.clientRequestToken().isBlank());
    List<TransactWriteItem> actions = transaction.transactItems();
    assertEquals(3, actions.size());
    assertEquals("attribute_not_exists(#a0)", actions.get(0).put().conditionExpression());
    // The UPDATE's row must be as it read it: #a0 is size, and :v1 the size it read.
    assertEquals("attribute_exists(#a1) AND #a0 = :v1", actions.get(1).update().conditionExpression());
    assertEquals(Map.of("#a0", "size", "#a1", "PK"), actions.get(1).update().expressionAttributeNames());
    assertEquals(AttributeValue.fromN("1"), actions.get(1).update().expressionAttributeValues().get(":v1"));
    assertEquals("attribute_exists(#a0)", actions.get(2).delete().conditionExpression());
    assertEquals(List.of(file("root/new", 3), file("root/old", 11)), tables.items(tables.drive));
  }

  @Test
  void rollbackSendsNothingAndTheServerKeepsItsItems() throws SQLException {
    tables.put(tables.drive, file("root/old", 1));
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/new', 3)"));
    assertEquals(1, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/old'"));
    RequestRecorder.clear();
    connection.rollback();
    assertEquals(List.of(), RequestRecorder.dataRequests());
    assertEquals(List.of(file("root/old", 1)), tables.items(tables.drive));
    // The next transaction starts empty.
    assertCommitSendsNothing();
  }

  @Test
  void severalStatementsOnOneItemAreOneActionWithTheFinalState() throws SQLException {
    tables.put(tables.drive, file("root/kept", 1));
    tables.put(tables.drive, file("root/dropped", 2));
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/new', 3)"));
    assertEquals(1, update("UPDATE files SET size = size * 2 WHERE account = 'a91' AND path = 'root/new'"));
    assertEquals(1, update("UPDATE files SET size = 7 WHERE account = 'a91' AND path = 'root/kept'"));
    assertEquals(1, update("UPDATE files SET name = 'k' WHERE account = 'a91' AND path = 'root/kept' AND size = 7"));
    assertEquals(1, update("UPDATE files SET size = 9 WHERE account = 'a91' AND path = 'root/dropped'"));
    assertEquals(1, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/dropped'"));
    assertEquals(0, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/dropped'"),
        "the transaction's own DELETE took the row");
    RequestRecorder.clear();
    connection.commit();

    List<TransactWriteItem> actions = transactions().get(0).transactItems();
    assertEquals(3, actions.size(), actions.toString());
    assertEquals("attribute_not_exists(#a0)", actions.get(0).put().conditionExpression());
    assertEquals(AttributeValue.fromN("6"), actions.get(0).put().item().get("size"));
    // The second UPDATE's condition on size was met by the first: the server's size as the first read
    // it is checked, and the name both found missing.
    assertEquals("attribute_exists(#a2) AND #a0 = :v2 AND attribute_not_exists(#a1)",
        actions.get(1).update().conditionExpression());
    assertEquals(Map.of("#a0", "size", "#a1", "name", "#a2", "PK"), actions.get(1).update().expressionAttributeNames());
    assertEquals(AttributeValue.fromN("1"), actions.get(1).update().expressionAttributeValues().get(":v2"));
    assertEquals("attribute_exists(#a0) AND #a1 = :v0", actions.get(2).delete().conditionExpression());
    assertEquals(List.of(file("root/kept", 7, "k"), file("root/new", 6)), tables.items(tables.drive));
  }

  @Test
  void anInsertOfAKeyTheTransactionWroteIs23505WhenItRuns() throws SQLException {
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)"));
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class,
        () -> update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/b', 2), ('a91', 'root/a', 3)"));
    assertEquals("23505", e.getSQLState());
    assertTrue(e.getMessage().contains("written earlier in this transaction"), e.getMessage());
    // The failed statement left nothing: root/b is not kept.
    connection.commit();
    assertEquals(List.of(file("root/a", 1)), tables.items(tables.drive));
  }

  @Test
  void deletingThenInsertingAKeyIsOnePutOnTheDeletedItem() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    connection.setAutoCommit(false);
    assertEquals(1, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/a'"));
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 2)"));
    RequestRecorder.clear();
    connection.commit();
    List<TransactWriteItem> actions = transactions().get(0).transactItems();
    assertEquals(1, actions.size());
    assertEquals("attribute_exists(#a0)", actions.get(0).put().conditionExpression());
    assertEquals(List.of(file("root/a", 2)), tables.items(tables.drive));
  }

  @Test
  void aSliceDeleteReadsItsRowsWhenItRunsAndDeletesThemAtCommit() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    tables.put(tables.drive, file("root/b", 2));
    connection.setAutoCommit(false);
    RequestRecorder.clear();
    assertEquals(2, update("DELETE FROM files WHERE account = 'a91' AND path LIKE 'root/%'"));
    // The slice's Query finds the rows; each is read again by key, as the transaction leaves it.
    assertEquals(List.of("Query", "GetItem", "GetItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(2, tables.items(tables.drive).size());
    RequestRecorder.clear();
    connection.commit();
    assertEquals(2, transactions().get(0).transactItems().size());
    assertEquals(List.of(), tables.items(tables.drive));
  }

  // ---------------------------------------------------------------- what the commit finds

  @Test
  void aRowChangedByAnotherWriterCancelsTheCommitWith40001AndNothingIsWritten() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/new', 3)"));
    assertEquals(1, update("UPDATE files SET size = size + 1 WHERE account = 'a91' AND path = 'root/a'"));
    tables.put(tables.drive, file("root/a", 50));

    Savepoint before = connection.setSavepoint();
    SQLException e = assertThrows(SQLTransactionRollbackException.class, connection::commit);
    assertEquals("40001", e.getSQLState());
    assertTrue(e.getMessage().contains("table '" + tables.drive + "' key {PK=DRIVE#a91, SK=root/a} "
        + "(ConditionalCheckFailed: The conditional request failed)"), e.getMessage());
    assertTrue(e.getMessage().endsWith("the transaction is over. Run it again."), e.getMessage());
    assertFalse(e.getMessage().contains("root/new"), "only the failed action is named: " + e.getMessage());
    assertEquals(List.of(file("root/a", 50)), tables.items(tables.drive));
    // The transaction is over, and its savepoints with it.
    SQLException ended = assertThrows(SQLException.class, () -> connection.rollback(before));
    assertEquals("3B001", ended.getSQLState());
    assertTrue(ended.getMessage().endsWith(" is not one of this transaction's: it was released, rolled back past, or "
        + "set in a transaction that has ended."), ended.getMessage());
    assertCommitSendsNothing();
  }

  @Test
  void twoConnectionsUpdatingTheSameRowsCommitOneAndCancelTheOther() throws SQLException {
    tables.put(tables.drive, file("root/x", 1));
    tables.put(tables.drive, file("root/y", 1));
    try (Connection other = tables.connect()) {
      connection.setAutoCommit(false);
      other.setAutoCommit(false);
      assertEquals(1, update("UPDATE files SET size = size + 10 WHERE account = 'a91' AND path = 'root/x'"));
      assertEquals(1, update("UPDATE files SET size = size + 10 WHERE account = 'a91' AND path = 'root/y'"));
      try (Statement statement = other.createStatement()) {
        assertEquals(1, statement.executeUpdate(
            "UPDATE files SET size = size + 100 WHERE account = 'a91' AND path = 'root/y'"));
        assertEquals(1, statement.executeUpdate(
            "UPDATE files SET size = size + 100 WHERE account = 'a91' AND path = 'root/x'"));
      }
      // Neither sees the other's writes before a commit.
      assertEquals(List.of(file("root/x", 1), file("root/y", 1)), tables.items(tables.drive));
      other.commit();
      SQLException e = assertThrows(SQLException.class, connection::commit);
      assertEquals("40001", e.getSQLState(), e.getMessage());
      assertEquals(List.of(file("root/x", 101), file("root/y", 101)), tables.items(tables.drive));
    }
  }

  // ---------------------------------------------------------------- limits

  @Test
  void aStatementPastOneHundredActionsIsRefusedWhenItRunsAndTheTransactionKeepsWhatItHad() throws SQLException {
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/first', 1)"));
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      values.append(i == 0 ? "" : ", ").append("('a91', 'root/f").append(String.format("%03d", i)).append("', 1)");
    }
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class,
        () -> update("INSERT INTO files (account, path, size) VALUES " + values));
    assertEquals("54000", e.getSQLState());
    assertTrue(e.getMessage().contains("101 items to write, past DynamoDB's limit of 100 actions"), e.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests());
    connection.commit();
    assertEquals(List.of(file("root/first", 1)), tables.items(tables.drive));
  }

  @Test
  void aStatementPastFourMegabytesIsRefusedWhenItRuns() throws SQLException {
    connection.setAutoCommit(false);
    String big = "x".repeat(390_000);
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, name) VALUES ('a91', ?, ?)")) {
      for (int i = 0; i < 11; i++) {
        insert.setString(1, "root/big" + i);
        insert.setString(2, big);
        insert.addBatch();
      }
      SQLException e = assertThrows(SQLException.class, insert::executeBatch);
      assertEquals("54000", e.getSQLState());
      assertTrue(e.getMessage().contains("past DynamoDB's limit of 4 MB"), e.getMessage());
    }
    // The refused statement kept nothing.
    assertCommitSendsNothing();
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void aStatementBatchThatFailsKeepsNothingOfItsStatements() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/before', 1)");
    try (Statement batch = connection.createStatement()) {
      batch.addBatch("UPDATE files SET size = 2 WHERE account = 'a91' AND path = 'root/a'");
      batch.addBatch("DELETE FROM files WHERE account = 'a91' AND path = 'root/none'");
      batch.addBatch("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 3)");
      batch.addBatch("INSERT INTO files (account, path, size) VALUES ('a91', 'root/after', 4)");
      BatchUpdateException e = assertThrows(BatchUpdateException.class, batch::executeBatch);
      assertEquals("23505", e.getSQLState(), e.getMessage());
      assertArrayEquals(new long[] {Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED,
          Statement.EXECUTE_FAILED}, e.getLargeUpdateCounts());
      assertTrue(e.getMessage().endsWith("Nothing of this statement is kept: the transaction holds what it held "
          + "before it. Nothing of the batch is kept: the transaction holds what it held before executeBatch."),
          e.getMessage());
    }
    connection.commit();
    // The statement before the batch is written; nothing of the batch is.
    assertEquals(List.of(file("root/a", 1), file("root/before", 1)), tables.items(tables.drive));
  }

  // ---------------------------------------------------------------- savepoints and JDBC's rules

  @Test
  void rollbackToASavepointDropsWhatCameAfterIt() throws SQLException {
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
    Savepoint savepoint = connection.setSavepoint("after a");
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/b', 1)");
    update("UPDATE files SET size = 5 WHERE account = 'a91' AND path = 'root/a'");
    connection.rollback(savepoint);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/c', 1)");
    Savepoint released = connection.setSavepoint();
    connection.releaseSavepoint(released);
    assertEquals("3B001", assertThrows(SQLException.class, () -> connection.rollback(released)).getSQLState());
    RequestRecorder.clear();
    connection.commit();
    assertEquals(List.of("TransactWriteItems"), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(file("root/a", 1), file("root/c", 1)), tables.items(tables.drive));
  }

  @Test
  void autoCommitOnCommitsAndCloseDropsWhatWasNotCommitted() throws SQLException {
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)");
    connection.setAutoCommit(true);
    assertEquals(List.of(file("root/a", 1)), tables.items(tables.drive));

    try (Connection closing = tables.connect()) {
      closing.setAutoCommit(false);
      closing.createStatement().executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/b', 1)");
      RequestRecorder.clear();
    }
    assertEquals(List.of(), RequestRecorder.dataRequests());
    assertEquals(List.of(file("root/a", 1)), tables.items(tables.drive));
  }

  // ---------------------------------------------------------------- cost and EXPLAIN

  @Test
  void aCommitCostsItsTransactWriteItemsAndItsWriteUnits() throws SQLException {
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1), ('a91', 'root/b', 2)");
    RequestRecorder.clear();
    connection.commit();
    KeycondConnection keycond = connection.unwrap(KeycondConnection.class);
    assertEquals(Map.of("TransactWriteItems", 1L), keycond.lastCommitCost().requests());
    assertEquals(2, keycond.lastCommitCost().itemsWritten());
    // keycond asks for the units (ReturnConsumedCapacity=INDEXES), and moto answers a
    // TransactWriteItems with no ConsumedCapacity: the cost has the units the server reports, none
    // here (CostMeterTest: DynamoDB's doubled units, as it itemizes them).
    assertEquals(ReturnConsumedCapacity.INDEXES, transactions().get(0).returnConsumedCapacity());
    assertEquals(List.of(), keycond.lastCommitCost().capacity());
    assertEquals("1 TransactWriteItems, 2 items written, 0 WCU", keycond.lastCommitCost().summary());
    connection.commit();
    assertEquals(Map.of(), keycond.lastCommitCost().requests(), "an empty commit sends nothing and costs nothing");
  }

  @Test
  void theShellPrintsEachStatementsCostAndThenTheCommits(DynamoServer moto) throws Exception {
    tables.put(tables.drive, file("root/old", 1));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Shell.run(Optional.of(Keycond.url(moto) + ";mapping=" + tables.mapping()), List.of(
        "-e", "!autocommit off",
        "-e", "INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1), ('a91', 'root/b', 2);",
        "-e", "UPDATE files SET size = 5 WHERE account = 'a91' AND path = 'root/old';",
        "-e", "!commit"), new ByteArrayInputStream(new byte[0]), out, err);

    String errors = err.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, errors);
    // Each statement only read (the INSERT its keys, the UPDATE its row) and kept its writes; the
    // commit sent them, and its line has the units moto reports for a TransactWriteItems: none.
    assertEquals(List.of("2 rows affected", "1 BatchGetItem, 0 items read, 2 RCU", "1 row affected",
        "1 GetItem, 1 item read, 0.5 RCU", "1 TransactWriteItems, 3 items written, 0 WCU", "Commit complete"),
        errors.lines().map(l -> l.replaceAll(" \\(\\d[.\\d]* seconds\\)", ""))
            .filter(l -> !l.startsWith("Autocommit status")).toList());
    assertEquals(List.of(file("root/a", 1), file("root/b", 2), file("root/old", 5)), tables.items(tables.drive));
  }

  @Test
  void explainOfAWriteInATransactionSaysItIsSentAtCommit() throws SQLException {
    connection.setAutoCommit(false);
    List<String> lines = Keycond.query(connection, "EXPLAIN PLAN FOR UPDATE files SET size = 1 WHERE account = 'a91' AND path = 'root/a'").stream()
        .map(row -> row.get(0)).toList();
    assertTrue(lines.get(lines.size() - 1).startsWith("In this transaction the requests above are not sent when "
        + "the statement runs"), lines.toString());
    assertTrue(lines.get(lines.size() - 1).contains("commit() sends them all in one TransactWriteItems"));
  }

  // ---------------------------------------------------------------- idempotentWrites

  @Test
  void withIdempotentWritesAnAutoCommitWriteIsATransactionOfItsOwn() throws SQLException {
    tables.put(tables.drive, file("root/n", 1));
    try (Connection idempotent = tables.connect("idempotentWrites=true");
        Statement statement = idempotent.createStatement()) {
      RequestRecorder.clear();
      assertEquals(1, statement.executeUpdate("UPDATE files SET size = size + 1 WHERE account = 'a91' AND path = 'root/n'"));
      List<RecordedRequest> sent = RequestRecorder.dataRequests();
      assertEquals(List.of("GetItem", "TransactWriteItems"), operations(sent));
      TransactWriteItemsRequest transaction = sent.get(1).raw(TransactWriteItemsRequest.class);
      assertEquals(1, transaction.transactItems().size());
      assertFalse(transaction.clientRequestToken().isBlank());
      assertEquals("attribute_exists(#a1) AND #a0 = :v1", transaction.transactItems().get(0).update().conditionExpression());
      assertEquals(List.of(file("root/n", 2)), tables.items(tables.drive));

      RequestRecorder.clear();
      assertEquals(0, statement.executeUpdate("UPDATE files SET size = size + 1 WHERE account = 'a91' AND path = 'root/none'"));
      assertEquals(List.of("GetItem"), operations(RequestRecorder.dataRequests()), "nothing to write, nothing sent");
    }
  }

  // ---------------------------------------------------------------- reads see the transaction's writes

  @Test
  void keyReadsInTheTransactionSeeItsWritesAndAnotherConnectionDoesNot() throws SQLException {
    tables.put(tables.drive, file("root/old", 1));
    tables.put(tables.drive, file("root/gone", 2));
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/new', 3)");
    update("UPDATE files SET size = 10 WHERE account = 'a91' AND path = 'root/old'");
    update("DELETE FROM files WHERE account = 'a91' AND path = 'root/gone'");
    assertEquals(List.of(List.of("3")), Keycond.query(connection,
        "SELECT size FROM files WHERE account = 'a91' AND path = 'root/new'"));
    assertEquals(List.of(), operations(RequestRecorder.dataRequests()), "the row the transaction put is its own");
    assertEquals(List.of(List.of("10")), Keycond.query(connection,
        "SELECT size FROM files WHERE account = 'a91' AND path = 'root/old'"));
    assertEquals(List.of("GetItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(), Keycond.query(connection,
        "SELECT size FROM files WHERE account = 'a91' AND path = 'root/gone'"));
    assertEquals(List.of(List.of("root/new", "3"), List.of("root/old", "10")), Keycond.query(connection, ALL_THREE));
    assertEquals(List.of("BatchGetItem"), operations(RequestRecorder.dataRequests()));
    try (Connection other = tables.connect()) {
      assertEquals(List.of(List.of("root/gone", "2"), List.of("root/old", "1")), Keycond.query(other, ALL_THREE));
    }
    connection.rollback();
    assertEquals(List.of(List.of("root/gone", "2"), List.of("root/old", "1")), Keycond.query(connection, ALL_THREE));
  }

  // ---------------------------------------------------------------- helpers

  private void assertCommitSendsNothing() throws SQLException {
    RequestRecorder.clear();
    connection.commit();
    assertEquals(List.of(), RequestRecorder.dataRequests(), "a commit with nothing to write sends nothing");
  }

  private long update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }

  static List<String> operations(List<RecordedRequest> requests) {
    return requests.stream().map(RecordedRequest::operation).toList();
  }

  /** The TransactWriteItems requests recorded since the recorder was cleared. */
  static List<TransactWriteItemsRequest> transactions() {
    return RequestRecorder.dataRequests().stream().filter(r -> r.operation().equals("TransactWriteItems"))
        .map(r -> r.raw(TransactWriteItemsRequest.class)).toList();
  }

  /** A file of account a91 as keycond writes it: its keys, its parent's index key and its size. */
  static Map<String, AttributeValue> file(String path, long size) {
    return Map.of("PK", s("DRIVE#a91"), "SK", s(path), "parent", s("root/"), "GPK", s("DRIVE#a91#root/"),
        "size", AttributeValue.fromN(Long.toString(size)));
  }

  /** The same, with a name. */
  static Map<String, AttributeValue> file(String path, long size, String name) {
    Map<String, AttributeValue> item = new java.util.HashMap<>(file(path, size));
    item.put("name", s(name));
    return item;
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }
}
