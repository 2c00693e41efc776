package dev.keycond.sqltests.transactions;

import static dev.keycond.sqltests.transactions.TransactionsTest.file;
import static dev.keycond.sqltests.transactions.TransactionsTest.operations;
import static dev.keycond.sqltests.transactions.TransactionsTest.transactions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.OnFreshTables;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * An UPDATE or DELETE with an EXISTS or NOT EXISTS subquery that reads one item by its whole key,
 * against moto: the item is read when the statement runs, and when the subquery holds, the write
 * and a ConditionCheck of the item go in one TransactWriteItems, even in auto-commit mode; when it
 * does not, the statement changes no row and sends nothing more. The items are read back with the
 * raw SDK.
 */
@ExtendWith(MotoExtension.class)
class ExistenceChecksTest extends OnFreshTables {
  private static final Map<String, AttributeValue> WORKSPACE = Map.of("EntityRef", AttributeValue.fromS("WS#w1"),
      "Detail", AttributeValue.fromS("META"), "name", AttributeValue.fromS("one"));
  private static final String IF_W1 = " AND EXISTS (SELECT * FROM workspaces WHERE id = 'w1')";
  private static final String UNLESS_W1 = " AND NOT EXISTS (SELECT * FROM workspaces WHERE id = 'w1')";
  private static final String FILE_A = "WHERE account = 'a91' AND path = 'root/a'";

  @BeforeEach
  void aFile() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
  }

  @Test
  void anUpdateWhoseSubqueryFindsItsItemIsOneTransactWriteItemsWithAConditionCheck() throws SQLException {
    tables.put(tables.control, WORKSPACE);
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE files SET size = 5 " + FILE_A + IF_W1));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("GetItem", "GetItem", "TransactWriteItems"), operations(sent));
    List<TransactWriteItem> actions = sent.get(2).raw(TransactWriteItemsRequest.class).transactItems();
    assertEquals(2, actions.size(), actions.toString());
    assertEquals("attribute_exists(#a1) AND #a0 = :v1", actions.get(0).update().conditionExpression());
    assertWorkspaceChecked(actions.get(1).conditionCheck(), "attribute_exists(#a0)");
    assertEquals(List.of(file("root/a", 5)), tables.items(tables.drive));
    assertEquals(List.of(WORKSPACE), tables.items(tables.control));
  }

  @Test
  void aDeleteWithParametersInItsSubqueryDeletesWhenTheItemExists() throws SQLException {
    tables.put(tables.control, WORKSPACE);
    try (PreparedStatement delete = connection.prepareStatement("DELETE FROM files WHERE account = ? AND "
        + "EXISTS (SELECT * FROM workspaces WHERE id = ?) AND path = ?")) {
      assertEquals(3, delete.getParameterMetaData().getParameterCount());
      delete.setString(1, "a91");
      delete.setString(2, "w1");
      delete.setString(3, "root/a");
      RequestRecorder.clear();
      assertEquals(1, delete.executeUpdate());
    }
    List<TransactWriteItem> actions = transactions().get(0).transactItems();
    assertEquals(2, actions.size(), actions.toString());
    assertEquals(AttributeValue.fromS("root/a"), actions.get(0).delete().key().get("SK"));
    assertWorkspaceChecked(actions.get(1).conditionCheck(), "attribute_exists(#a0)");
    assertEquals(List.of(), tables.items(tables.drive));
  }

  @Test
  void aSubqueryThatFindsNothingChangesNoRowAndSendsOnlyItsGetItem() throws SQLException {
    RequestRecorder.clear();
    assertEquals(0, update("UPDATE files SET size = 5 " + FILE_A + IF_W1));
    assertEquals(0, update("DELETE FROM files " + FILE_A + IF_W1));
    assertEquals(List.of("GetItem", "GetItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(file("root/a", 1)), tables.items(tables.drive));
  }

  @Test
  void notExistsWritesWhenTheItemIsMissingAndChecksItStillIs() throws SQLException {
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE files SET size = 7 " + FILE_A + UNLESS_W1));
    List<TransactWriteItem> actions = transactions().get(0).transactItems();
    assertEquals(2, actions.size(), actions.toString());
    assertWorkspaceChecked(actions.get(1).conditionCheck(), "attribute_not_exists(#a0)");
    assertEquals(List.of(file("root/a", 7)), tables.items(tables.drive));

    tables.put(tables.control, WORKSPACE);
    RequestRecorder.clear();
    assertEquals(0, update("DELETE FROM files " + FILE_A + UNLESS_W1));
    assertEquals(List.of("GetItem"), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(file("root/a", 7)), tables.items(tables.drive));
  }

  @Test
  void aRowThatIsMissingKeepsNoCheckAndSendsNoTransaction() throws SQLException {
    tables.put(tables.control, WORKSPACE);
    RequestRecorder.clear();
    assertEquals(0, update("UPDATE files SET size = 5 WHERE account = 'a91' AND path = 'root/none'" + IF_W1));
    assertEquals(List.of("GetItem", "GetItem"), operations(RequestRecorder.dataRequests()));
  }

  @Test
  void anItemDeletedBeforeTheCommitCancelsItWith40001AndNothingIsWritten() throws SQLException {
    tables.put(tables.control, WORKSPACE);
    connection.setAutoCommit(false);
    assertEquals(1, update("UPDATE files SET size = 5 " + FILE_A + IF_W1));
    try (Connection other = tables.connect(); Statement statement = other.createStatement()) {
      assertEquals(1, statement.executeUpdate("DELETE FROM workspaces WHERE id = 'w1'"));
    }
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class, connection::commit);
    assertEquals("40001", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains(tables.control), e.getMessage());
    assertEquals(2, transactions().get(0).transactItems().size());
    assertEquals(List.of(file("root/a", 1)), tables.items(tables.drive));
    assertEquals(List.of(), tables.items(tables.control));
  }

  @Test
  void aSubqueryThatIsNotAWholeKeyLookupIsRefusedBeforeAnythingIsSent() throws SQLException {
    tables.put(tables.control, WORKSPACE);
    RequestRecorder.clear();
    SQLException byName = assertThrows(SQLException.class, () -> update("UPDATE files SET size = 5 " + FILE_A
        + " AND EXISTS (SELECT * FROM workspaces WHERE name = 'one')"));
    assertEquals("0A000", byName.getSQLState(), byName.getMessage());
    assertTrue(byName.getMessage().contains("the subquery must read one table by its whole key"), byName.getMessage());
    SQLException correlated = assertThrows(SQLException.class, () -> update("DELETE FROM files " + FILE_A
        + " AND EXISTS (SELECT * FROM workspaces WHERE id = files.account)"));
    assertTrue(correlated.getMessage().contains("nor refer to the row being changed"), correlated.getMessage());
    assertEquals("42S02", correlated.getSQLState(), correlated.getMessage());
    assertEquals(List.of(), operations(RequestRecorder.dataRequests()));
    assertEquals(List.of(file("root/a", 1)), tables.items(tables.drive));
  }

  @Test
  void explainShowsTheConditionCheckInATransactWriteItems() throws SQLException {
    List<String> lines = new ArrayList<>();
    try (ResultSet plan = connection.createStatement().executeQuery(
        "EXPLAIN PLAN FOR UPDATE files SET size = 5 " + FILE_A + IF_W1)) {
      while (plan.next()) {
        lines.add(plan.getString(1));
      }
    }
    String text = String.join("\n", lines);
    assertTrue(text.contains("TransactWriteItems"), text);
    assertTrue(text.contains("ConditionCheck"), text);
    assertTrue(text.contains("attribute_exists(#a0)"), text);
  }

  private void assertWorkspaceChecked(ConditionCheck check, String condition) {
    assertEquals(tables.control, check.tableName());
    assertEquals(Map.of("EntityRef", AttributeValue.fromS("WS#w1"), "Detail", AttributeValue.fromS("META")),
        check.key());
    assertEquals(condition, check.conditionExpression());
    assertEquals(Map.of("#a0", "EntityRef"), check.expressionAttributeNames());
  }

  private long update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }
}
