package dev.keycond.sqltests.transactions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.Trigger;
import dev.keycond.sqltests.support.OnFreshTables;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A commit whose answer is lost: the SDK sends the TransactWriteItems again, and both attempts
 * carry the same ClientRequestToken, read at the wire by a proxy in front of moto. That DynamoDB
 * then applies the transaction once is DynamoDB's part, which moto does not implement (it applies a
 * repeated token again): the test asserts keycond's part only.
 */
@ExtendWith(MotoExtension.class)
class TransactionFaultTest extends OnFreshTables.ThroughFaultProxy {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aCommitWhoseAnswerIsLostIsSentAgainWithTheSameToken() throws SQLException, IOException {
    // UPSERTs carry no condition, so that moto, which applies the retry again, accepts it.
    upsertInATransaction("('a91', 'root/a', 1), ('a91', 'root/b', 2)");
    proxy.arm(Trigger.on("TransactWriteItems").first(1), Fault.resetBeforeResponse());
    connection.commit();

    List<String> tokens = new ArrayList<>();
    for (String body : proxy.bodies("TransactWriteItems")) {
      tokens.add(JSON.readTree(body).path("ClientRequestToken").asText());
    }
    assertEquals(2, tokens.size(), "the first attempt's answer was lost, and the SDK sent it again");
    assertNotEquals("", tokens.get(0));
    assertEquals(tokens.get(0), tokens.get(1));
    assertEquals(List.of(TransactionsTest.file("root/a", 1).get("SK"), TransactionsTest.file("root/b", 2).get("SK")),
        tables.items(tables.drive).stream().map(i -> i.get("SK")).toList());

    // The next commit is another transaction, with a token of its own.
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("UPSERT INTO files (account, path, size) VALUES ('a91', 'root/c', 3)");
    }
    proxy.clearRequests();
    connection.commit();
    List<String> next = proxy.bodies("TransactWriteItems");
    assertEquals(1, next.size());
    assertNotEquals(tokens.get(0), JSON.readTree(next.get(0)).path("ClientRequestToken").asText());
  }

  @Test
  void aCommitWhoseAnswersAreAllLostSaysItsOutcomeIsNotKnown() throws SQLException {
    upsertInATransaction("('a91', 'root/a', 1)");
    // Every attempt reaches the server, which applies it; every answer is lost.
    proxy.arm(Trigger.on("TransactWriteItems"), Fault.resetBeforeResponse());
    SQLException e = assertThrows(SQLException.class, connection::commit);
    assertEquals("08006", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("Whether the transaction was committed is not known: its TransactWriteItems "
        + "may have reached DynamoDB, and no answer came back. Its writes are kept"), e.getMessage());
    assertEquals(1, tables.items(tables.drive).size(), "the server applied it, though no answer came back");
  }

  @Test
  void aStatementOfItsOwnTransactionWhoseAnswersAreLostSaysItsOutcomeIsNotKnown() throws SQLException {
    try (java.sql.Connection idempotent = tables.connectThrough(proxy.endpoint(), "idempotentWrites=true");
        Statement statement = idempotent.createStatement()) {
      proxy.arm(Trigger.on("TransactWriteItems"), Fault.resetBeforeResponse());
      SQLException e = assertThrows(SQLException.class, () -> statement.executeUpdate(
          "UPSERT INTO files (account, path, size) VALUES ('a91', 'root/a', 1)"));
      assertEquals("08006", e.getSQLState(), e.getMessage());
      // The user opened no transaction, and has none to commit again.
      assertTrue(e.getMessage().endsWith("Whether the statement was written is not known: its TransactWriteItems may "
          + "have reached DynamoDB, and no answer came back; read its rows by their keys to know."), e.getMessage());
    }
    assertEquals(1, tables.items(tables.drive).size(), "the server applied it, though no answer came back");
  }

  @Test
  void aCommitThatGotNoAnswerKeepsItsWritesAndItsTokenForTheNextCommit() throws SQLException, IOException {
    upsertInATransaction("('a91', 'root/a', 1)");
    // Every attempt is throttled: the commit fails, and the server never saw it.
    proxy.arm(Trigger.on("TransactWriteItems"), Fault.throttle());
    SQLException e = assertThrows(SQLException.class, connection::commit);
    assertEquals("53000", e.getSQLState(), e.getMessage());
    assertEquals(List.of(), tables.items(tables.drive));
    String token = JSON.readTree(proxy.bodies("TransactWriteItems").get(0)).path("ClientRequestToken").asText();

    proxy.reset();
    connection.commit();
    List<String> again = proxy.bodies("TransactWriteItems");
    assertEquals(1, again.size());
    assertEquals(token, JSON.readTree(again.get(0)).path("ClientRequestToken").asText());
    assertEquals(1, tables.items(tables.drive).size());
  }

  /** Turns auto-commit off and upserts the rows {@code values} into files, which the transaction keeps until commit. */
  private void upsertInATransaction(String values) throws SQLException {
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("UPSERT INTO files (account, path, size) VALUES " + values);
    }
  }
}
