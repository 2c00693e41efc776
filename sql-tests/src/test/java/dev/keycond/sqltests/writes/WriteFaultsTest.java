package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.Trigger;
import dev.keycond.sqltests.support.OnFreshTables;
import java.sql.BatchUpdateException;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A write that fails part-way says exactly how many rows it wrote, and that is what the server
 * holds; a write whose answer was lost and that the SDK sent again counts once, as it was written.
 * The faults come from a proxy in front of dynalite.
 */
@ExtendWith(DynaliteExtension.class)
class WriteFaultsTest extends OnFreshTables.ThroughFaultProxy {
  private static final Pattern WRITTEN = Pattern.compile("(\\d+) of (?:at least )?(\\d+) rows were written");

  @Test
  void aBatchThrottledPastItsRetriesReportsWhatTheServerHolds() throws SQLException {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      values.append(i == 0 ? "" : ", ").append("('u1', 'root/f").append(String.format("%02d", i)).append("', 1)");
    }
    // Every BatchWriteItem after the first fails, each attempt of it throttled.
    proxy.arm(new Trigger("BatchWriteItem", false, 2, Integer.MAX_VALUE), Fault.throttle());
    SQLException e = assertThrows(SQLException.class,
        () -> connection.createStatement().executeUpdate("UPSERT INTO files (account, path, size) VALUES " + values));
    assertEquals("53000", e.getSQLState());
    Matcher written = WRITTEN.matcher(e.getMessage());
    assertTrue(written.find(), e.getMessage());
    // The three batches go out together, so which one the proxy lets through varies; the count
    // reported is always what the server holds.
    int reported = Integer.parseInt(written.group(1));
    assertTrue(reported == 25 || reported == 10, e.getMessage());
    assertEquals(60, Integer.parseInt(written.group(2)));
    assertEquals(reported, tables.items(tables.drive).size());
  }

  @Test
  void executeBatchCountsAreTheServersState() throws SQLException {
    // The eleventh PutItem and every one after it is throttled on every attempt.
    proxy.arm(new Trigger("PutItem", false, 11, Integer.MAX_VALUE), Fault.throttle());
    int[] counts;
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES (?, ?, ?)")) {
      for (int i = 0; i < 30; i++) {
        insert.setString(1, "b1");
        insert.setString(2, String.format("root/f%02d", i));
        insert.setInt(3, i);
        insert.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
      assertEquals("53000", e.getSQLState());
      counts = e.getUpdateCounts();
    }
    assertEquals(30, counts.length);
    Set<String> counted = new TreeSet<>();
    for (int i = 0; i < counts.length; i++) {
      assertTrue(counts[i] == 1 || counts[i] == Statement.EXECUTE_FAILED, "count " + counts[i]);
      if (counts[i] == 1) {
        counted.add(String.format("root/f%02d", i));
      }
    }
    Set<String> onServer = new TreeSet<>();
    tables.items(tables.drive).forEach(item -> onServer.add(item.get("SK").s()));
    assertEquals(onServer, counted);
    assertEquals(10, onServer.size());
  }

  @Test
  void aBatchWhoseEntryFailsInItsReadCountsTheEntriesNotReachedAsFailed() throws SQLException {
    // The first entry deletes a full BatchWriteItem of rows, which goes out as soon as it is full;
    // smaller ones are gathered across the entries and sent after the last.
    for (String account : new String[] {"c1", "c2", "c3"}) {
      int rows = account.equals("c1") ? BatchWriteItem.MAX_WRITES : 2;
      for (int i = 0; i < rows; i++) {
        tables.put(tables.drive, Map.of("PK", AttributeValue.fromS("DRIVE#" + account),
            "SK", AttributeValue.fromS("root/f" + i)));
      }
    }
    // The second entry's Query is throttled on every attempt, after the first entry's deletes went out.
    proxy.arm(new Trigger("Query", false, 2, Integer.MAX_VALUE), Fault.throttle());
    try (PreparedStatement delete = connection.prepareStatement("DELETE FROM files WHERE account = ?")) {
      for (String account : new String[] {"c1", "c2", "c3"}) {
        delete.setString(1, account);
        delete.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, delete::executeBatch);
      assertEquals("53000", e.getSQLState(), e.getMessage());
      assertEquals(List.of(BatchWriteItem.MAX_WRITES, Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED),
          Arrays.stream(e.getUpdateCounts()).boxed().toList(), e.getMessage());
      assertTrue(e.getMessage().contains("25 of at least 25 rows were written; the first row not written is one "
          + "of execution 2"), e.getMessage());
    }
    Set<String> left = new TreeSet<>();
    tables.items(tables.drive).forEach(item -> left.add(item.get("PK").s() + " " + item.get("SK").s()));
    assertEquals(Set.of("DRIVE#c2 root/f0", "DRIVE#c2 root/f1", "DRIVE#c3 root/f0", "DRIVE#c3 root/f1"), left);
  }

  @Test
  void aBatchWhoseEntryFailsInItsReadBeforeAnythingWasSentWritesNothing() throws SQLException {
    for (String account : new String[] {"c1", "c2"}) {
      for (int i = 0; i < 2; i++) {
        tables.put(tables.drive, Map.of("PK", AttributeValue.fromS("DRIVE#" + account),
            "SK", AttributeValue.fromS("root/f" + i)));
      }
    }
    // The first entry's two deletes are still gathering into a BatchWriteItem when the second
    // entry's Query is throttled on every attempt: nothing has been sent, so nothing is.
    proxy.arm(new Trigger("Query", false, 2, Integer.MAX_VALUE), Fault.throttle());
    try (PreparedStatement delete = connection.prepareStatement("DELETE FROM files WHERE account = ?")) {
      for (String account : new String[] {"c1", "c2"}) {
        delete.setString(1, account);
        delete.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, delete::executeBatch);
      assertEquals("53000", e.getSQLState(), e.getMessage());
      assertEquals(List.of(Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED),
          Arrays.stream(e.getUpdateCounts()).boxed().toList(), e.getMessage());
    }
    Set<String> left = new TreeSet<>();
    tables.items(tables.drive).forEach(item -> left.add(item.get("PK").s() + " " + item.get("SK").s()));
    assertEquals(Set.of("DRIVE#c1 root/f0", "DRIVE#c1 root/f1", "DRIVE#c2 root/f0", "DRIVE#c2 root/f1"), left);
  }

  @Test
  void anInsertWhoseAnswerWasLostCountsOnceAndIsNoDuplicate() throws SQLException {
    // The first attempt reaches the server and writes the item; its answer never comes back.
    proxy.arm(Trigger.on("PutItem").first(1), Fault.resetBeforeResponse());
    assertEquals(1, connection.createStatement().executeUpdate(
        "INSERT INTO files (account, path, size) VALUES ('a91', 'root/once', 1)"));
    assertEquals(2, proxy.requests("PutItem").size(), "the SDK sent the PutItem again");
    assertEquals(1, tables.items(tables.drive).size());
  }

  @Test
  void aWriteWhoseAnswerCameTooLateSaysItsOutcomeIsNotKnown() throws SQLException {
    // The server takes the row; half its answer comes, then nothing until the query timeout has passed.
    proxy.arm(Trigger.on("PutItem").first(1), Fault.stallMidBody(Duration.ofSeconds(3)));
    try (Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(1);
      SQLException e = assertThrows(SQLException.class, () -> statement.executeUpdate(
          "INSERT INTO files (account, path, size) VALUES ('a91', 'root/late', 1)"));
      assertEquals("HYT00", e.getSQLState(), e.toString());
      assertTrue(e.getMessage().endsWith("Whether the row was written is not known: its request may have reached "
          + "DynamoDB, and no answer came back; read it by its key to know"), e.getMessage());
    }
    assertEquals(List.of("root/late"), tables.items(tables.drive).stream().map(i -> i.get("SK").s()).toList(),
        "the row was written: its answer, not its request, was late");
  }

  @Test
  void aBatchWhoseAnswerCameTooLateNamesTheRowWhoseOutcomeIsNotKnown() throws SQLException {
    // The rows' UpdateItems are sent side by side: the first to reach the server is taken by it, and
    // its answer stalls past the query timeout.
    BatchUpdateException e = lateBatch("UPDATE files SET size = size + 1 WHERE account = 'a91' AND path = ?",
        "UpdateItem", 1);
    assertTrue(Pattern.compile("1 of 2 rows were written for certain; whether the row that has key "
        + "\\{PK=DRIVE#a91, SK=root/b[12]} was is not known: its request may have reached DynamoDB, and no answer "
        + "came back").matcher(e.getMessage()).find(), e.getMessage());
    assertEquals(List.of("2", "2"), tables.items(tables.drive).stream().map(i -> i.get("size").n()).toList(),
        "both rows were incremented: the one whose answer never came too");
  }

  @Test
  void aBatchWhoseAnswersAllCameTooLateClaimsNoRowEitherWay() throws SQLException {
    BatchUpdateException e = lateBatch("DELETE FROM files WHERE account = 'a91' AND path = ?", "DeleteItem", 2);
    assertTrue(Pattern.compile("0 of 2 rows were written for certain; whether 2 rows were, the row that has key "
        + "\\{PK=DRIVE#a91, SK=root/b[12]} among them, is not known").matcher(e.getMessage()).find(), e.getMessage());
    assertTrue(!e.getMessage().contains("not written"), e.getMessage());
    assertEquals(List.of(), tables.items(tables.drive), "both rows were deleted, though no answer came");
  }

  /**
   * A batch of {@code sql} for rows root/b1 and root/b2 (with a query timeout of 1 s) whose first
   * {@code stalled} requests of {@code operation} the server takes, and whose answers then stall.
   */
  private BatchUpdateException lateBatch(String sql, String operation, int stalled) throws SQLException {
    connection.createStatement().executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/b1', 1), "
        + "('a91', 'root/b2', 1)");
    proxy.arm(Trigger.on(operation).first(stalled), Fault.stallMidBody(Duration.ofSeconds(3)));
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setQueryTimeout(1);
      for (String path : List.of("root/b1", "root/b2")) {
        statement.setString(1, path);
        statement.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, statement::executeBatch);
      assertEquals("HYT00", e.getSQLState(), e.toString());
      return e;
    }
  }

  @Test
  void anUpdateWhoseAnswerWasLostCountsOnce() throws SQLException {
    connection.createStatement().executeUpdate("INSERT INTO files (account, path, size) VALUES ('a91', 'root/u', 1)");
    proxy.arm(Trigger.on("UpdateItem").first(1), Fault.resetBeforeResponse());
    assertEquals(1, connection.createStatement().executeUpdate(
        "UPDATE files SET size = 2 WHERE account = 'a91' AND path = 'root/u'"));
    assertEquals("2", tables.items(tables.drive).get(0).get("size").n());
  }
}
