package dev.keycond.sqltests.transactions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.Trigger;
import dev.keycond.sqltests.support.OnFreshTables;
import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A commit DynamoDB refuses for what one of its actions is, not for what another writer did: an
 * UPDATE that grows its item past 400 KB (which keycond cannot see without reading the item), or
 * throttling. It is reported as the same write alone would be, 22001 or 53000, not as a conflict
 * (40001) to run again; nothing is written, and the transaction is over. DynamoDB reports such an
 * action as a cancellation reason, which the fault proxy gives in front of moto; moto itself refuses
 * the whole request with a ValidationException, which is reported the same way.
 */
@ExtendWith(MotoExtension.class)
class RefusedCommitTest extends OnFreshTables.ThroughFaultProxy {
  private static final String TOO_LARGE = "Item size to update has exceeded the maximum allowed size";

  @Test
  void anUpdateGrowingItsItemPast400KbIsRefusedByTheServerWith22001AndEndsTheTransaction() throws SQLException {
    tables.put(tables.drive, TransactionsTest.file("root/big", 1, "n".repeat(300_000)));
    List<Map<String, AttributeValue>> before = tables.items(tables.drive);
    connection.setAutoCommit(false);
    // The name set fits by itself, so the statement keeps it; the item it grows does not.
    assertEquals(1, update("UPDATE files SET name = '" + "m".repeat(150_000) + "' WHERE account = 'a91' "
        + "AND path = 'root/big'"));
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/other', 2)"));

    SQLException e = assertThrows(SQLException.class, connection::commit);
    assertEquals("22001", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("ValidationException: " + TOO_LARGE + ". DynamoDB stores items of at most "
        + "409600 bytes (400 KB), attribute names included. Nothing of the transaction was written, and it is over."),
        e.getMessage());
    assertEquals(before, tables.items(tables.drive));
    assertTransactionIsOver();
  }

  @Test
  void anActionCancelledAsTooLargeIs22001AndEndsTheTransaction() throws SQLException {
    tables.put(tables.drive, TransactionsTest.file("root/a", 1));
    connection.setAutoCommit(false);
    assertEquals(1, update("UPDATE files SET name = 'grown' WHERE account = 'a91' AND path = 'root/a'"));
    proxy.arm(Trigger.on("TransactWriteItems"), Fault.cancelFirstAction("ValidationError", TOO_LARGE));

    SQLException e = assertThrows(SQLException.class, connection::commit);
    assertEquals("22001", e.getSQLState(), e.getMessage());
    assertEquals("DynamoDB refused the transaction and nothing was written: table '" + tables.drive + "' key "
        + "{PK=DRIVE#a91, SK=root/a} (ValidationError: " + TOO_LARGE + "). DynamoDB stores items of at most 409600 "
        + "bytes (400 KB), attribute names included. The transaction is over.", e.getMessage());
    assertEquals(List.of(TransactionsTest.file("root/a", 1)), tables.items(tables.drive));
    assertTransactionIsOver();
  }

  @Test
  void anActionCancelledByThrottlingIsTransient53000() throws SQLException {
    connection.setAutoCommit(false);
    assertEquals(1, update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/new', 2)"));
    proxy.arm(Trigger.on("TransactWriteItems"), Fault.cancelFirstAction("ThrottlingError", "Throughput exceeds the "
        + "current capacity for one or more global secondary indexes."));

    SQLException e = assertThrows(SQLException.class, connection::commit);
    assertInstanceOf(SQLTransientException.class, e);
    assertEquals("53000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().endsWith("(ThrottlingError: Throughput exceeds the current capacity for one or more "
        + "global secondary indexes.). Retry later, or give the table more capacity. The transaction is over."),
        e.getMessage());
    assertEquals(List.of(), tables.items(tables.drive));
    assertTransactionIsOver();
  }

  /** A commit after the refused one has nothing to send: the refused transaction's writes are gone. */
  private void assertTransactionIsOver() throws SQLException {
    proxy.reset();
    connection.commit();
    assertEquals(List.of(), proxy.bodies("TransactWriteItems"));
  }

  private int update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      return statement.executeUpdate(sql);
    }
  }
}
