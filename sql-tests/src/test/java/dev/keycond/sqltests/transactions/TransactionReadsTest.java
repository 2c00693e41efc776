package dev.keycond.sqltests.transactions;

import static dev.keycond.sqltests.transactions.TransactionsTest.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.OnFreshTables;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Queries in a transaction see its writes, against moto: the rows it inserted, the new values of
 * the rows it updated, and not the rows it deleted, on the table and its indexes, counted, walked
 * and read by a set-based write; another connection sees none of it before commit.
 */
@ExtendWith(MotoExtension.class)
class TransactionReadsTest extends OnFreshTables {
  private static final String PREFIX = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/%' "
      + "ORDER BY path";

  @Test
  void aPrefixQuerySeesTheInsertedRowInKeyOrderAndAnotherConnectionDoesNot() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    tables.put(tables.drive, file("root/c", 3));
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/b', 2)");
    RequestRecorder.clear();
    assertEquals(List.of(List.of("root/a", "1"), List.of("root/b", "2"), List.of("root/c", "3")),
        Keycond.query(connection, PREFIX));
    assertEquals(List.of("Query"), operations(), "the Query's own page, nothing more");
    // Descending with a LIMIT: the inserted row takes its place in the order before the LIMIT applies.
    assertEquals(List.of(List.of("root/c", "3"), List.of("root/b", "2")), Keycond.query(connection,
        "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/%' ORDER BY path DESC LIMIT 2"));
    assertEquals(List.of(List.of("root/b")), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/%' AND size = 2"));
    assertEquals(List.of(), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'other/%'"), "not in the Query's key range");
    try (Connection other = tables.connect()) {
      assertEquals(List.of(List.of("root/a", "1"), List.of("root/c", "3")), Keycond.query(other, PREFIX));
    }
    connection.rollback();
    assertEquals(List.of(List.of("root/a", "1"), List.of("root/c", "3")), Keycond.query(connection, PREFIX));
  }

  @Test
  void aQuerySeesUpdatedValuesAndNotDeletedRowsAndCountsThem() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    tables.put(tables.drive, file("root/b", 2));
    tables.put(tables.drive, file("root/c", 3));
    connection.setAutoCommit(false);
    update("UPDATE files SET size = 10 WHERE account = 'a91' AND path = 'root/a'");
    update("DELETE FROM files WHERE account = 'a91' AND path = 'root/c'");
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/d', 4)");
    RequestRecorder.clear();
    assertEquals(List.of(List.of("root/a", "10"), List.of("root/b", "2"), List.of("root/d", "4")),
        Keycond.query(connection, PREFIX));
    assertEquals(List.of("Query"), operations());

    assertEquals(List.of(List.of("3")), Keycond.query(connection,
        "SELECT COUNT(*) FROM files WHERE account = 'a91' AND path LIKE 'root/%'"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query"), TransactionsTest.operations(sent));
    RequestRecorder.clear();
    // DynamoDB would count the server's items: the items are read and counted by the driver.
    assertNull(sent.get(0).raw(QueryRequest.class).select());

    // The server's root/a is 1, which the filter rejects: the updated item is read by key to be checked.
    assertEquals(List.of(List.of("root/a", "10")), Keycond.query(connection,
        "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/%' AND size > 5"));
    assertEquals(List.of("Query", "GetItem"), operations());
    assertEquals(List.of(List.of("root/b")), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/%' AND size BETWEEN 2 AND 3"));
    try (Connection other = tables.connect()) {
      assertEquals(List.of(List.of("3")), Keycond.query(other,
          "SELECT COUNT(*) FROM files WHERE account = 'a91' AND path LIKE 'root/%'"));
    }
  }

  @Test
  void anIndexQueryFindsARowUpdatedIntoItsKeyAndLosesOneUpdatedOutOfIt() throws SQLException {
    update("INSERT INTO workspaces (id, name, plan) VALUES ('w1', 'one', 'free')");
    update("INSERT INTO projects (workspace_id, id, name, status) VALUES ('w1', 'p1', 'a', 'active'), "
        + "('w1', 'p2', 'b', 'active')");
    connection.setAutoCommit(false);
    update("UPDATE projects SET status = 'done' WHERE workspace_id = 'w1' AND id = 'p1'");
    RequestRecorder.clear();
    assertEquals(List.of(List.of("p1", "a")), Keycond.query(connection,
        "SELECT id, name FROM projects WHERE status = 'done'"));
    assertEquals(List.of("Query", "GetItem"), operations(), "the updated item is read by key to be checked");
    assertEquals(List.of(List.of("p2")), Keycond.query(connection, "SELECT id FROM projects WHERE status = 'active'"));
    try (Connection other = tables.connect()) {
      assertEquals(List.of(), Keycond.query(other, "SELECT id FROM projects WHERE status = 'done'"));
    }
  }

  @Test
  void aJoinOfAnItemCollectionSeesTheTransactionsWritesToEveryTableOfIt() throws SQLException {
    update("INSERT INTO workspaces (id, name, plan) VALUES ('w1', 'one', 'free'), ('w2', 'two', 'free')");
    update("INSERT INTO projects (workspace_id, id, name, status) VALUES ('w1', 'p1', 'a', 'active'), "
        + "('w1', 'p2', 'b', 'active')");
    connection.setAutoCommit(false);
    update("UPDATE workspaces SET name = 'renamed' WHERE id = 'w1'");
    update("DELETE FROM projects WHERE workspace_id = 'w1' AND id = 'p1'");
    update("INSERT INTO projects (workspace_id, id, name, status) VALUES ('w1', 'p3', 'c', 'active')");
    // Another partition's new project is no row of w1's collection, though projects has no condition of its own.
    update("INSERT INTO projects (workspace_id, id, name, status) VALUES ('w2', 'p9', 'z', 'active')");
    String join = "SELECT w.name, p.id, p.name FROM workspaces w JOIN projects p ON p.workspace_id = w.id "
        + "WHERE w.id = 'w1' ORDER BY p.id";
    List<List<String>> expected = List.of(List.of("renamed", "p2", "b"), List.of("renamed", "p3", "c"));
    RequestRecorder.clear();
    assertEquals(expected, Keycond.query(connection, join));
    assertEquals(List.of("Query"), operations(), "the collection's one Query");
    assertEquals(List.of(List.of("renamed", "p3")), Keycond.query(connection,
        "SELECT w.name, p.id FROM projects p JOIN workspaces w ON w.id = p.workspace_id "
            + "WHERE p.workspace_id = 'w1' AND p.name = 'c'"));
    // Two collections, one Query each: each sees the new project of its own partition.
    assertEquals(List.of(List.of("renamed", "p2"), List.of("renamed", "p3"), List.of("two", "p9")),
        Keycond.query(connection, "SELECT w.name, p.id FROM workspaces w JOIN projects p ON p.workspace_id = w.id "
            + "WHERE w.id IN ('w1', 'w2') ORDER BY w.id, p.id"));
    assertEquals(List.of("Query", "Query"), operations());
    try (Connection other = tables.connect()) {
      assertEquals(List.of(List.of("one", "p1", "a"), List.of("one", "p2", "b")), Keycond.query(other, join));
    }
    connection.commit();
    assertEquals(expected, Keycond.query(connection, join));
    assertEquals(List.of("WS#w1|META", "WS#w1|PROJ#p2", "WS#w1|PROJ#p3", "WS#w2|META", "WS#w2|PROJ#p9"),
        tables.items(tables.control).stream().map(i -> i.get("EntityRef").s() + "|" + i.get("Detail").s()).toList());
  }

  @Test
  void aWalkDownSeesAnInsertedChild() throws SQLException {
    tables.put(tables.drive, folder("root/photos/", "root/"));
    tables.put(tables.drive, folder("root/photos/a.jpg", "root/photos/"));
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/photos/b.jpg', 7)");
    RequestRecorder.clear();
    assertEquals(List.of(List.of("root/photos/", "0"), List.of("root/photos/a.jpg", "1"),
        List.of("root/photos/b.jpg", "1")), Keycond.query(connection, """
        WITH RECURSIVE t AS (
          SELECT account, path, 0 AS lvl FROM files WHERE account = 'a91' AND path = 'root/photos/'
          UNION ALL
          SELECT f.account, f.path, t.lvl + 1 FROM files f
          JOIN t ON f.parent = t.path AND f.account = t.account)
        SELECT path, lvl FROM t ORDER BY path"""));
    assertEquals(List.of("Query"), operations());
  }

  @Test
  void aFilteredWalkDownSeesRowsAnUpdateMovedInOrOut() throws SQLException {
    tables.put(tables.drive, folder("root/photos/", "root/"));
    tables.put(tables.drive, child("root/photos/a.jpg", "root/photos/", 1));
    tables.put(tables.drive, child("root/photos/b.jpg", "root/photos/", 10));
    connection.setAutoCommit(false);
    update("UPDATE files SET size = 20 WHERE account = 'a91' AND path = 'root/photos/a.jpg'");
    update("UPDATE files SET size = 2 WHERE account = 'a91' AND path = 'root/photos/b.jpg'");
    RequestRecorder.clear();
    String walk = """
        WITH RECURSIVE t AS (
          SELECT account, path, size FROM files WHERE account = 'a91' AND path = 'root/photos/'
          UNION ALL
          SELECT f.account, f.path, f.size FROM files f
          JOIN t ON f.parent = t.path AND f.account = t.account WHERE f.size > 5)
        SELECT path, size FROM t ORDER BY path""";
    assertEquals(List.of(List.of("root/photos/", "null"), List.of("root/photos/a.jpg", "20")),
        Keycond.query(connection, walk).stream().map(row -> row.stream().map(String::valueOf).toList()).toList());
    assertEquals(List.of("Query"), operations());
    try (Connection other = tables.connect()) {
      assertEquals(List.of(List.of("root/photos/", "null"), List.of("root/photos/b.jpg", "10")),
          Keycond.query(other, walk).stream().map(row -> row.stream().map(String::valueOf).toList()).toList());
    }
  }

  @Test
  void aFilterOnAnAttributeTheQueryDoesNotReturnKeepsAnUpdatedRow() throws SQLException {
    tables.put(tables.drive, file("root/a", 1));
    tables.put(tables.drive, file("root/b", 2));
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size, name) VALUES ('a91', 'root/c', 3, 'new')");
    update("UPDATE files SET name = 'renamed' WHERE account = 'a91' AND path = 'root/a'");
    update("DELETE FROM files WHERE account = 'a91' AND path = 'root/b'");
    RequestRecorder.clear();
    // The Query of the slice filters name on the server and does not return the server's root/a,
    // which has no name, so the updated root/a is read whole to be checked.
    assertEquals(List.of(List.of("root/a", "1", "renamed")), Keycond.query(connection,
        "SELECT path, size, name FROM files WHERE account = 'a91' AND name LIKE 'ren%' ORDER BY path"));
    assertEquals(List.of("Query", "GetItem"), operations(), "root/a is read whole: the Query did not return it");
  }

  @Test
  void aKeysOnlyIndexReadGivesTheWholeRowsOfTheTransactionsWrites() throws SQLException {
    update("INSERT INTO files (account, path, size, shared_with, name) VALUES ('a91', 'root/s1', 1, 'bob', 'one'), "
        + "('a91', 'root/s2', 2, 'bob', 'two')");
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size, shared_with, name) VALUES ('a91', 'root/s3', 3, 'bob', 'three')");
    update("UPDATE files SET name = 'uno' WHERE account = 'a91' AND path = 'root/s1'");
    update("DELETE FROM files WHERE account = 'a91' AND path = 'root/s2'");
    RequestRecorder.clear();
    // Shared projects only the keys: the other columns come from the table, by key, as the transaction leaves them.
    assertEquals(List.of(List.of("root/s1", "1", "uno"), List.of("root/s3", "3", "three")), Keycond.query(connection,
        "SELECT path, size, name FROM files WHERE shared_with = 'bob' ORDER BY path"));
    // shared_with is also in SHARED = SHARED#{shared_with}: the fetch carries it (and SHARED) so that
    // the driver checks again what the index key said, which is all the updated root/s1 needs too.
    assertEquals(List.of("Query", "BatchGetItem"), operations(),
        "the index's keys, then the table's items by key, the updated root/s1 checked on what they carry");
  }

  @Test
  void aWalkUpSeesTheAncestorsAsTheTransactionLeavesThem() throws SQLException {
    tables.put(tables.drive, folder("root/", ""));
    tables.put(tables.drive, folder("root/photos/", "root/"));
    tables.put(tables.drive, folder("root/photos/2026/", "root/photos/"));
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/photos/2026/b.jpg', 7)");
    update("UPDATE files SET size = 5 WHERE account = 'a91' AND path = 'root/photos/2026/'");
    update("DELETE FROM files WHERE account = 'a91' AND path = 'root/'");
    RequestRecorder.clear();
    String up = """
        WITH RECURSIVE u AS (
          SELECT account, path, parent, size FROM files WHERE account = 'a91' AND path = 'root/photos/2026/b.jpg'
          UNION ALL
          SELECT f.account, f.path, f.parent, f.size FROM files f JOIN u ON f.path = u.parent AND f.account = u.account)
        SELECT path, size FROM u ORDER BY path""";
    assertEquals(List.of(List.of("root/photos/", "null"), List.of("root/photos/2026/", "5"),
        List.of("root/photos/2026/b.jpg", "7")), Keycond.query(connection, up).stream()
        .map(row -> row.stream().map(String::valueOf).toList()).toList());
    assertEquals(List.of("BatchGetItem"), operations(), "the start and its ancestors, read by key together");
    try (Connection other = tables.connect()) {
      assertEquals(List.of(), Keycond.query(other, up), "another connection sees no b.jpg to start from");
    }
  }

  @Test
  void aSetBasedUpdateChangesARowInsertedEarlierInTheTransaction() throws SQLException {
    tables.put(tables.drive, file("root/x1", 1));
    connection.setAutoCommit(false);
    update("INSERT INTO files (account, path, size) VALUES ('a91', 'root/x2', 2)");
    assertEquals(2, update("UPDATE files SET size = 99 WHERE account = 'a91' AND path LIKE 'root/x%'"));
    assertEquals(List.of(List.of("root/x1", "99"), List.of("root/x2", "99")), Keycond.query(connection, PREFIX));
    assertEquals(List.of(file("root/x1", 1)), tables.items(tables.drive), "nothing is written before commit");
    connection.commit();
    assertEquals(List.of(file("root/x1", 99), file("root/x2", 99)), tables.items(tables.drive));
  }

  private long update(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }

  /** The operations sent since the last call. */
  private static List<String> operations() {
    List<String> operations = TransactionsTest.operations(RequestRecorder.dataRequests());
    RequestRecorder.clear();
    return operations;
  }

  /** A file of account a91 in a folder. */
  private static Map<String, AttributeValue> child(String path, String parent, long size) {
    Map<String, AttributeValue> item = new java.util.HashMap<>(folder(path, parent));
    item.put("size", AttributeValue.fromN(Long.toString(size)));
    return item;
  }

  /** An item of account a91 with no size. */
  private static Map<String, AttributeValue> folder(String path, String parent) {
    return Map.of("PK", AttributeValue.fromS("DRIVE#a91"), "SK", AttributeValue.fromS(path),
        "parent", AttributeValue.fromS(parent), "GPK", AttributeValue.fromS("DRIVE#a91#" + parent));
  }
}
