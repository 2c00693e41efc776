package dev.keycond.sqltests.hierarchy;

import static dev.keycond.sqltests.support.Keycond.joined;
import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A recursive walk prepared once and executed for many starting points (issue 4; a
 * PreparedStatement is planned once and executed many times): each execution reads its own
 * partition and root (down) or its own path's prefixes (up), however deep the bound path is.
 * Data: the hierarchy fixture (see hierarchy-subtree.sqltest).
 */
@ExtendWith(DynaliteExtension.class)
class WalkPreparedStatementTest {
  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    connection = Keycond.loadAndConnect(server, "hierarchy");
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @BeforeEach
  void forgetEarlierRequests() {
    RequestRecorder.clear();
  }

  @Test
  void oneWalkDownRunsForManyRoots() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("""
        WITH RECURSIVE t AS (
          SELECT account, path, 0 AS lvl FROM files WHERE account = ? AND path = ?
          UNION ALL
          SELECT f.account, f.path, t.lvl + 1 FROM files f
          JOIN t ON f.parent = t.path AND f.account = t.account)
        SELECT path, lvl FROM t ORDER BY path""")) {
      assertEquals(List.of("root/photos/2026/ 0", "root/photos/2026/beach.jpg 1",
              "root/photos/2026/raw/ 1", "root/photos/2026/raw/beach.dng 2",
              "root/photos/2026/sunset.jpg 1"),
          joined(query(statement, "a91", "root/photos/2026/")));
      assertOneRequest("Query", "PK = 'DRIVE#a91' AND begins_with(SK, 'root/photos/2026/')");

      assertEquals(List.of("root/photos/ 0", "root/photos/2026/ 1", "root/photos/2026/beach.jpg 2",
              "root/photos/b22only.jpg 1"),
          joined(query(statement, "b22", "root/photos/")));
      assertOneRequest("Query", "PK = 'DRIVE#b22' AND begins_with(SK, 'root/photos/')");

      // A root at another depth: the level counter is relative to this execution's root.
      assertEquals(List.of("root/trash/ 0", "root/trash/kept.txt 1"),
          joined(query(statement, "a91", "root/trash/")));
      assertOneRequest("Query", "PK = 'DRIVE#a91' AND begins_with(SK, 'root/trash/')");

      assertEquals(List.of("root/d01/d02/d03/d04/d05/d06/d07/d08/d09/d10/d11/ 0",
              "root/d01/d02/d03/d04/d05/d06/d07/d08/d09/d10/d11/leaf.txt 1"),
          joined(query(statement, "deep", "root/d01/d02/d03/d04/d05/d06/d07/d08/d09/d10/d11/")));
      assertOneRequest("Query",
          "PK = 'DRIVE#deep' AND begins_with(SK, 'root/d01/d02/d03/d04/d05/d06/d07/d08/d09/d10/d11/')");

      assertEquals(List.of(), joined(query(statement, "nobody", "root/")));
      assertOneRequest("Query", "PK = 'DRIVE#nobody' AND begins_with(SK, 'root/')");
    }
  }

  @Test
  void oneWalkUpRunsForPathsOfDifferentDepths() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("""
        WITH RECURSIVE u AS (
          SELECT account, path, parent, 0 AS lvl FROM files WHERE account = ? AND path = ?
          UNION ALL
          SELECT f.account, f.path, f.parent, u.lvl + 1 FROM files f
          JOIN u ON f.path = u.parent AND f.account = u.account)
        SELECT path, lvl FROM u""")) {
      assertEquals(List.of("root/photos/2026/raw/beach.dng 0", "root/photos/2026/raw/ 1",
              "root/photos/2026/ 2", "root/photos/ 3", "root/ 4"),
          joined(query(statement, "a91", "root/photos/2026/raw/beach.dng")));
      assertOneBatchGet("{PK: 'DRIVE#a91', SK: 'root/'}; {PK: 'DRIVE#a91', SK: 'root/photos/'}; "
          + "{PK: 'DRIVE#a91', SK: 'root/photos/2026/'}; {PK: 'DRIVE#a91', SK: 'root/photos/2026/raw/'}; "
          + "{PK: 'DRIVE#a91', SK: 'root/photos/2026/raw/beach.dng'}");

      assertEquals(List.of("root/photos/b22only.jpg 0", "root/photos/ 1", "root/ 2"),
          joined(query(statement, "b22", "root/photos/b22only.jpg")));
      assertOneBatchGet("{PK: 'DRIVE#b22', SK: 'root/'}; {PK: 'DRIVE#b22', SK: 'root/photos/'}; "
          + "{PK: 'DRIVE#b22', SK: 'root/photos/b22only.jpg'}");

      // A path with no prefixes is one key: a GetItem.
      assertEquals(List.of("root/ 0"), joined(query(statement, "a91", "root/")));
      RecordedRequest request = onlyRequest();
      assertEquals("GetItem", request.operation(), request::toString);
      assertEquals(List.of("{PK: 'DRIVE#a91', SK: 'root/'}"), request.keys());
    }
  }

  private static void assertOneRequest(String operation, String keyCondition) {
    RecordedRequest request = onlyRequest();
    assertEquals(operation, request.operation(), request::toString);
    assertEquals(keyCondition, request.keyCondition(), request::toString);
  }

  /** One BatchGetItem of exactly these keys, written sorted and joined by "; ". */
  private static void assertOneBatchGet(String keys) {
    RecordedRequest request = onlyRequest();
    assertEquals("BatchGetItem", request.operation(), request::toString);
    assertEquals(keys, String.join("; ", request.keys().stream().sorted().toList()), request::toString);
  }
}
