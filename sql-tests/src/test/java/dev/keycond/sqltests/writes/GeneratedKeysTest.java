package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.OnFreshTables;
import dev.keycond.sqltests.support.Keycond;
import java.sql.BatchUpdateException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * getGeneratedKeys: DynamoDB generates no keys, so an INSERT that asks for them gets the key columns
 * of the rows it inserted (the table's primary-key columns, or the columns named), as written, and
 * nothing more is sent; without asking, an empty result.
 */
@ExtendWith(DynaliteExtension.class)
class GeneratedKeysTest extends OnFreshTables {
  @Test
  void returnGeneratedKeysGivesThePrimaryKeyColumnsOfTheInsertedRows() throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement()) {
      assertEquals(2, statement.executeUpdate("INSERT INTO files (account, path, size) VALUES "
          + "('a91', 'root/x', 1), ('a91', 'root/y/z', 2)", Statement.RETURN_GENERATED_KEYS));
      try (ResultSet keys = statement.getGeneratedKeys()) {
        assertEquals(List.of("account", "path"), labels(keys));
        assertEquals(List.of(List.of("a91", "root/x"), List.of("a91", "root/y/z")), Keycond.objects(keys));
      }
    }
    assertEquals(List.of("PutItem", "PutItem"), operations());
    assertEquals(2, tables.items(tables.drive).size());
  }

  @Test
  void namedColumnsAfterABatchIncludeADerivedColumnAsWritten() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path) VALUES (?, ?)", new String[] {"PATH", "parent"})) {
      for (String path : List.of("root/a/1", "root/b/2")) {
        insert.setString(1, "a91");
        insert.setString(2, path);
        insert.addBatch();
      }
      RequestRecorder.clear();
      assertArrayEquals(new int[] {1, 1}, insert.executeBatch());
      try (ResultSet keys = insert.getGeneratedKeys()) {
        assertEquals(List.of(List.of("root/a/1", "root/a/"), List.of("root/b/2", "root/b/")), Keycond.objects(keys));
      }
    }
    assertEquals(List.of("PutItem", "PutItem"), operations());
    assertEquals(2, tables.items(tables.drive).size());
  }

  @Test
  void aBatchThatFailsPartWayGivesTheKeysOfTheRowsItWrote() throws SQLException {
    tables.put(tables.drive, Map.of("PK", AttributeValue.fromS("DRIVE#a91"), "SK", AttributeValue.fromS("root/taken")));
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path) VALUES (?, ?)", Statement.RETURN_GENERATED_KEYS)) {
      // The taken key comes last: once a row fails no more are sent, so a row after it would be
      // written or not depending on whether its request left before the failure came back.
      for (String path : List.of("root/k1", "root/k2", "root/taken")) {
        insert.setString(1, "a91");
        insert.setString(2, path);
        insert.addBatch();
      }
      BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
      assertEquals("23505", e.getSQLState(), e.getMessage());
      assertArrayEquals(new int[] {1, 1, Statement.EXECUTE_FAILED}, e.getUpdateCounts());
      try (ResultSet keys = insert.getGeneratedKeys()) {
        assertEquals(List.of("account", "path"), labels(keys));
        assertEquals(List.of(List.of("a91", "root/k1"), List.of("a91", "root/k2")), Keycond.objects(keys));
      }
    }
    assertEquals(3, tables.items(tables.drive).size());
  }

  @Test
  void columnIndexesAndUpsert() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      assertEquals(1, statement.executeUpdate("UPSERT INTO files (account, path, size) VALUES ('a91', 'root/u', 4)",
          new int[] {2, 4}));
      try (ResultSet keys = statement.getGeneratedKeys()) {
        assertEquals(List.of("path", "size"), labels(keys));
        assertEquals(List.of(List.of("root/u", 4L)), Keycond.objects(keys));
      }
    }
    assertEquals(1, tables.items(tables.drive).size());
  }

  @Test
  void withoutAskingTheResultIsEmpty() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("INSERT INTO files (account, path) VALUES ('a91', 'root/x')",
          Statement.RETURN_GENERATED_KEYS);
      statement.executeUpdate("INSERT INTO files (account, path) VALUES ('a91', 'root/y')");
      try (ResultSet keys = statement.getGeneratedKeys()) {
        assertEquals(0, keys.getMetaData().getColumnCount());
        assertEquals(List.of(), Keycond.objects(keys));
      }
      statement.executeUpdate("UPDATE files SET size = 1 WHERE account = 'a91' AND path = 'root/x'",
          Statement.RETURN_GENERATED_KEYS);
      try (ResultSet keys = statement.getGeneratedKeys()) {
        assertEquals(List.of(), Keycond.objects(keys));
      }
    }
    assertEquals(2, tables.items(tables.drive).size());
  }

  @Test
  void anUnknownColumnIsRefusedBeforeAnyRequest() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class, () -> statement.executeUpdate(
          "INSERT INTO files (account, path) VALUES ('a91', 'root/x')", new String[] {"nope"}));
      assertEquals("42S22", e.getSQLState(), e.getMessage());
      e = assertThrows(SQLException.class, () -> statement.executeUpdate(
          "INSERT INTO files (account, path) VALUES ('a91', 'root/x')", new int[] {9}));
      assertEquals("22023", e.getSQLState(), e.getMessage());
      e = assertThrows(SQLException.class, () -> statement.executeUpdate(
          "INSERT INTO files (account, path) VALUES ('a91', 'root/x')", 7));
      assertEquals("22023", e.getSQLState(), e.getMessage());
    }
    assertEquals(List.of(), RequestRecorder.dataRequests());
    assertEquals(List.of(), tables.items(tables.drive));
  }

  private static List<String> labels(ResultSet rows) throws SQLException {
    List<String> labels = new ArrayList<>();
    for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
      labels.add(rows.getMetaData().getColumnLabel(i));
    }
    return labels;
  }

  private static List<String> operations() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
  }
}
