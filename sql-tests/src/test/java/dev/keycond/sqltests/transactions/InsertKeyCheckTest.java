package dev.keycond.sqltests.transactions;

import static dev.keycond.sqltests.transactions.TransactionsTest.file;
import static dev.keycond.sqltests.transactions.TransactionsTest.operations;
import static dev.keycond.sqltests.transactions.TransactionsTest.transactions;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.OnFreshTables;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * An INSERT in a transaction reads its keys when it runs, so that a taken key is 23505 at the
 * statement (as JPA's flush expects) and not only at commit; the commit still expects each key
 * absent. With {@code keyChecks=deferred} it reads nothing and the commit alone finds a taken key.
 * Against moto; the items are read back with the raw SDK.
 */
@ExtendWith(MotoExtension.class)
class InsertKeyCheckTest extends OnFreshTables {

  @Test
  void aKeyOnTheServerIs23505WhenTheInsertRunsAndTheTransactionGoesOn() throws SQLException {
    tables.put(tables.drive, file("root/taken", 9));
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)"));
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class,
        () -> update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/taken', 2)"));
    assertEquals("23505", e.getSQLState());
    assertTrue(e.getMessage().contains("table 'files' already has a row with key {PK=DRIVE#a91, SK=root/taken}, "
        + "read when the statement ran"), e.getMessage());
    // One strongly consistent GetItem of the key alone; nothing written.
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("GetItem"), operations(sent));
    GetItemRequest get = sent.get(0).raw(GetItemRequest.class);
    assertEquals(true, get.consistentRead());
    assertEquals("#a0, #a1", get.projectionExpression());
    assertEquals(Map.of("#a0", "PK", "#a1", "SK"), get.expressionAttributeNames());
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/taken")), get.key());
    assertEquals(List.of(file("root/taken", 9)), tables.items(tables.drive));

    // The transaction is open and keeps its first INSERT; a later statement joins it.
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/b', 3)"));
    RequestRecorder.clear();
    connection.commit();
    assertEquals(2, transactions().get(0).transactItems().size());
    assertEquals(List.of(file("root/a", 1), file("root/b", 3), file("root/taken", 9)), tables.items(tables.drive));
  }

  @Test
  void aMultiRowInsertWithOneTakenKeyReadsOnceAndKeepsNothing() throws SQLException {
    tables.put(tables.drive, file("root/b", 9));
    connection.setAutoCommit(false);
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class, () -> update(
        "INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1), ('a91', 'root/b', 2), "
            + "('a91', 'root/c', 3)"));
    assertEquals("23505", e.getSQLState());
    assertTrue(e.getMessage().contains("{PK=DRIVE#a91, SK=root/b}"), e.getMessage());
    assertOneBatchGetOf(List.of("root/a", "root/b", "root/c"));
    assertCommitKeepsNothingOfTheStatement();
  }

  @Test
  void anExecuteBatchWithOneTakenKeyReadsOnceAndKeepsNothing() throws SQLException {
    tables.put(tables.drive, file("root/k3", 9));
    connection.setAutoCommit(false);
    RequestRecorder.clear();
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES ('a91', ?, ?)")) {
      List<String> paths = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        paths.add("root/k" + i);
        insert.setString(1, "root/k" + i);
        insert.setLong(2, i);
        insert.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
      assertEquals("23505", e.getSQLState());
      assertTrue(e.getMessage().contains("{PK=DRIVE#a91, SK=root/k3}"), e.getMessage());
      assertArrayEquals(new int[] {Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED,
          Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED}, e.getUpdateCounts());
      assertOneBatchGetOf(paths);
    }
    assertCommitKeepsNothingOfTheStatement();
  }

  @Test
  void anExecuteBatchOfFreeKeysReadsOncePerHundredKeys() throws SQLException {
    connection.setAutoCommit(false);
    RequestRecorder.clear();
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES ('a91', ?, 1)")) {
      for (int i = 0; i < 100; i++) {
        insert.setString(1, String.format("root/k%03d", i));
        insert.addBatch();
      }
      assertEquals(100, insert.executeBatch().length);
    }
    assertEquals(List.of("BatchGetItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(100, RequestRecorder.dataRequests().get(0).raw(BatchGetItemRequest.class).requestItems()
        .get(tables.drive).keys().size());
    connection.commit();
    assertEquals(100, tables.items(tables.drive).size());
  }

  @Test
  void anInsertOfRowsReadFromDynamoChecksTheirKeysAfterReadingThem() throws SQLException {
    tables.put(tables.drive, file("root/src", 4));
    tables.put(tables.drive, file("root/taken", 9));
    connection.setAutoCommit(false);
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class, () -> update(
        "INSERT INTO files (account, path, size) SELECT account, 'root/taken', size FROM files "
            + "WHERE account = 'a91' AND path = 'root/src'"));
    assertEquals("23505", e.getSQLState());
    // The source row's read, then the key's.
    assertEquals(List.of("GetItem", "GetItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(Map.of("PK", s("DRIVE#a91"), "SK", s("root/taken")),
        RequestRecorder.dataRequests().get(1).raw(GetItemRequest.class).key());
    assertEquals(1, update("INSERT INTO files (account, path, size) SELECT account, 'root/copy', size FROM files "
        + "WHERE account = 'a91' AND path = 'root/src'"));
    connection.commit();
    assertEquals(List.of(file("root/copy", 4), file("root/src", 4), file("root/taken", 9)),
        tables.items(tables.drive));
  }

  @Test
  void aKeyTheTransactionDeletedIsFreeAndAKeyItInsertedIsTaken() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    connection.setAutoCommit(false);
    assertEquals(1, update("DELETE FROM files WHERE account = 'a91' AND path = 'root/a'"));
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 2)"));
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class,
        () -> update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 3)"));
    assertEquals("23505", e.getSQLState());
    connection.commit();
    assertEquals(List.of(file("root/a", 2)), tables.items(tables.drive));
  }

  @Test
  void aKeyAnotherConnectionTakesAfterTheCheckIsStill23505AtCommit() throws SQLException {
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)"));
    try (Connection other = tables.connect(); Statement statement = other.createStatement()) {
      assertEquals(1, statement.executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 7)"));
    }
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class, connection::commit);
    assertEquals("23505", e.getSQLState());
    assertTrue(e.getMessage().contains("Duplicate key at commit"), e.getMessage());
    assertTrue(e.getMessage().contains("key {PK=DRIVE#a91, SK=root/a}"), e.getMessage());
    assertEquals(List.of(file("root/a", 7)), tables.items(tables.drive));
  }

  @Test
  void withIdempotentWritesAnAutoCommitInsertReadsNoKey() throws SQLException {
    tables.put(tables.drive, file("root/taken", 9));
    try (Connection idempotent = tables.connect("idempotentWrites=true");
        Statement statement = idempotent.createStatement()) {
      RequestRecorder.clear();
      // Its own transaction is committed at once: the commit's condition is the only check needed.
      SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class, () -> statement.executeUpdate(
          "INSERT INTO files (account, path, size) VALUES ('a91', 'root/taken', 1)"));
      assertEquals("23505", e.getSQLState());
      // The user opened no transaction: the message speaks of the statement.
      assertEquals("Duplicate key: an item has the key of a row this statement inserts: table '" + tables.drive
          + "' key {PK=DRIVE#a91, SK=root/taken} (ConditionalCheckFailed: The conditional request failed). Nothing "
          + "was written.", e.getMessage());
      assertEquals(List.of("TransactWriteItems"), operations(RequestRecorder.dataRequests()));
    }
    assertEquals(List.of(file("root/taken", 9)), tables.items(tables.drive));
  }

  @Test
  void withDeferredKeyChecksAnInsertReadsNothingAndATakenKeyFailsTheWholeCommit() throws SQLException {
    tables.put(tables.drive, file("root/taken", 9));
    try (Connection deferred = tables.connect("keyChecks=deferred");
        Statement statement = deferred.createStatement()) {
      deferred.setAutoCommit(false);
      RequestRecorder.clear();
      assertEquals(1, statement.executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)"));
      assertEquals(1, statement.executeUpdate(
          "INSERT INTO files (account, path, size) VALUES ('a91', 'root/taken', 2)"));
      assertEquals(List.of(), RequestRecorder.dataRequests(), "no key is read when the INSERTs run");
      // The transaction's own key is still checked when the statement runs, as it costs no read.
      SQLException own = assertThrows(SQLIntegrityConstraintViolationException.class, () -> statement.executeUpdate(
          "INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 3)"));
      assertTrue(own.getMessage().contains("written earlier in this transaction"), own.getMessage());
      assertEquals(List.of(), RequestRecorder.dataRequests());

      SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class, deferred::commit);
      assertEquals("23505", e.getSQLState());
      assertTrue(e.getMessage().startsWith("Duplicate key at commit: an item has the key of a row this transaction "
          + "inserts: "), e.getMessage());
      assertTrue(e.getMessage().endsWith("Nothing was written, and the transaction is over."), e.getMessage());
      assertTrue(e.getMessage().contains("key {PK=DRIVE#a91, SK=root/taken}"), e.getMessage());
      assertEquals(List.of("TransactWriteItems"), operations(RequestRecorder.dataRequests()));
      assertEquals(2, transactions().get(0).transactItems().size());
      assertEquals(List.of(file("root/taken", 9)), tables.items(tables.drive), "the cancelled commit wrote nothing");

      // The transaction is over: the next one starts empty.
      RequestRecorder.clear();
      deferred.commit();
      assertEquals(List.of(), RequestRecorder.dataRequests());
    }
  }

  @Test
  void withDeferredKeyChecksExplainSaysTheCommitChecksTheKeys() throws SQLException {
    try (Connection deferred = tables.connect("keyChecks=DEFERRED")) {
      deferred.setAutoCommit(false);
      List<String> lines = Keycond.query(deferred,
          "EXPLAIN PLAN FOR INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)").stream()
          .map(row -> row.get(0)).toList();
      assertEquals("In this transaction an INSERT reads nothing when it runs (keyChecks=deferred): a row whose key an "
          + "item has cancels the whole commit with 23505", lines.get(lines.size() - 2));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"later", "true", "statement"})
  void aKeyChecksValueOtherThanImmediateOrDeferredIsRefusedWith22023(String value) {
    SQLException e = assertThrows(SQLException.class, () -> tables.connect("keyChecks=" + value).close());
    assertEquals("22023", e.getSQLState(), e::getMessage);
    assertEquals("Invalid value '" + value + "' for property keyChecks: use immediate or deferred", e.getMessage());
  }

  @Test
  void explainOfAnInsertInATransactionShowsTheKeyRead() throws SQLException {
    connection.setAutoCommit(false);
    List<String> lines = Keycond.query(connection, "EXPLAIN PLAN FOR INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)").stream()
        .map(row -> row.get(0)).toList();
    assertTrue(lines.get(lines.size() - 2).startsWith("In this transaction an INSERT first reads its rows' keys"),
        lines.toString());
    assertTrue(lines.get(lines.size() - 1).startsWith("In this transaction the requests above are not sent"));
  }

  @Test
  void theKeyReadIsInTheStatementsCost() throws SQLException {
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1), "
          + "('a91', 'root/b', 1)");
      assertEquals(Map.of("BatchGetItem", 1L),
          statement.unwrap(dev.keycond.KeycondStatement.class).cost().requests());
    }
    connection.rollback();
  }

  private void assertOneBatchGetOf(List<String> paths) {
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("BatchGetItem"), operations(sent));
    KeysAndAttributes read = sent.get(0).raw(BatchGetItemRequest.class).requestItems().get(tables.drive);
    assertEquals(true, read.consistentRead());
    assertEquals("#a0, #a1", read.projectionExpression());
    assertEquals(paths.stream().map(p -> Map.of("PK", s("DRIVE#a91"), "SK", s(p))).toList(), read.keys());
  }

  /** The statement that failed kept nothing: the commit sends nothing, and the server has only its own item. */
  private void assertCommitKeepsNothingOfTheStatement() throws SQLException {
    RequestRecorder.clear();
    connection.commit();
    assertEquals(List.of(), RequestRecorder.dataRequests());
    assertEquals(1, tables.items(tables.drive).size());
  }

  private long update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }
}
