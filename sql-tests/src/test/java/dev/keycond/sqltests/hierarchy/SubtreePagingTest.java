package dev.keycond.sqltests.hierarchy;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.hierarchy.GeneratedTree.Reached;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A walk down a subtree that spans several of DynamoDB's 1 MB pages (issue 4): still one Query,
 * followed page by page through LastEvaluatedKey as the rows are read, with the
 * recursion's rows across page boundaries (a child on a later page than its parent; an orphan).
 *
 * <p>Account {@code big} of table tree_Pages: root/p/ holds folders a/, a/sub/, b/ and z/ with
 * files of about 100 KB each (an attribute {@code blob}), and three orphans under ghost/, which is
 * not an item. Outside the slice lie the sibling file root/p and the sibling folder root/pX/ with
 * big files of their own. The number of pages is what the raw SDK client gets for the same Query.
 */
@ExtendWith(DynaliteExtension.class)
class SubtreePagingTest {
  private static final int BLOB = 100_000;
  private static final String ROOT = "root/p/";
  private static final String KEY_CONDITION = "PK = 'DRIVE#big' AND begins_with(SK, 'root/p/')";
  private static final String WALK = """
      WITH RECURSIVE t AS (
        SELECT account, path, 0 AS lvl FROM files WHERE account = 'big' AND path = 'root/p/'
        UNION ALL
        SELECT f.account, f.path, t.lvl + 1 FROM files f
        JOIN t ON f.parent = t.path AND f.account = t.account)
      SELECT path, lvl FROM t""";

  static final GeneratedTree TREE = generate();

  /** The raw client's pages of the slice: the last key of each page, and the page of each path. */
  private static final List<String> PAGE_ENDS = new ArrayList<>();
  private static final Map<String, Integer> PAGE_OF = new HashMap<>();

  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    TREE.writeTo(server);
    paginate(server);
    connection = Keycond.connect(server, "tree-pages");
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @BeforeEach
  void forgetEarlierRequests() {
    RequestRecorder.clear();
  }

  private static GeneratedTree generate() {
    GeneratedTree tree = new GeneratedTree("tree_Pages");
    tree.add("big", "root/", null, false, 0);
    tree.add("big", "root/p", 1L, false, BLOB);
    tree.add("big", ROOT, null, false, 0);
    tree.add("big", ROOT + "a/", null, false, 0);
    for (int i = 1; i <= 12; i++) {
      tree.add("big", String.format(ROOT + "a/f%02d", i), (long) BLOB, false, BLOB);
    }
    tree.add("big", ROOT + "a/sub/", null, false, 0);
    for (int i = 1; i <= 6; i++) {
      tree.add("big", String.format(ROOT + "a/sub/g%02d", i), (long) BLOB, false, BLOB);
    }
    tree.add("big", ROOT + "b/", null, false, 0);
    for (int i = 1; i <= 10; i++) {
      tree.add("big", String.format(ROOT + "b/h%02d", i), (long) BLOB, false, BLOB);
    }
    for (int i = 1; i <= 3; i++) {
      tree.add("big", String.format(ROOT + "ghost/lost%02d", i), (long) BLOB, false, BLOB);
    }
    tree.add("big", ROOT + "z/", null, false, 0);
    for (int i = 1; i <= 5; i++) {
      tree.add("big", String.format(ROOT + "z/last%02d", i), (long) BLOB, false, BLOB);
    }
    tree.add("big", "root/pX/", null, false, 0);
    for (int i = 1; i <= 5; i++) {
      tree.add("big", String.format("root/pX/x%02d", i), (long) BLOB, false, BLOB);
    }
    return tree;
  }

  /** Reads the slice with the raw client, as the driver's Query would be paged. */
  private static void paginate(DynamoServer server) {
    Map<String, AttributeValue> start = null;
    do {
      QueryRequest.Builder query = QueryRequest.builder().tableName(TREE.table())
          .keyConditionExpression("PK = :p AND begins_with(SK, :s)")
          .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("DRIVE#big"),
              ":s", AttributeValue.fromS(ROOT)));
      if (start != null) {
        query.exclusiveStartKey(start);
      }
      QueryResponse page = server.client().query(query.build());
      int number = PAGE_ENDS.size() + 1;
      page.items().forEach(item -> PAGE_OF.put(item.get("SK").s(), number));
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
          ? page.lastEvaluatedKey() : null;
      PAGE_ENDS.add(start == null ? null : start.get("SK").s());
    } while (start != null);
  }

  @Test
  void theSliceReallySpansSeveralPages() {
    assertTrue(PAGE_ENDS.size() >= 3, "pages: " + PAGE_ENDS);
    assertEquals(TREE.slice("big", ROOT).size(), PAGE_OF.size());
  }

  @Test
  void theWalkSendsOneQueryPerPageAndStreamsTheRecursionsRows() throws SQLException {
    List<Reached> expected = TREE.walkDown("big", ROOT, n -> true, n -> true);
    List<String> rows = new ArrayList<>();
    // For each row: how many requests had been sent when it was returned.
    List<Integer> requestsAtRow = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(WALK)) {
      while (result.next()) {
        requestsAtRow.add(RequestRecorder.dataRequests().size());
        rows.add(result.getString(1) + " " + result.getString(2));
      }
    }
    assertEquals(GeneratedTree.pathsAndLevels(expected), rows);
    assertTrue(rows.stream().noneMatch(r -> r.contains("/ghost/") || r.startsWith("root/pX/")),
        rows::toString);

    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertEquals(PAGE_ENDS.size(), requests.size(),
        "one Query per page of the slice; the raw pages end at " + PAGE_ENDS + "; sent " + requests);
    for (int page = 0; page < requests.size(); page++) {
      RecordedRequest request = requests.get(page);
      assertEquals("Query", request.operation(), request::toString);
      assertEquals(KEY_CONDITION, request.keyCondition(), request::toString);
      assertNull(request.limit(), request::toString);
      assertFalse(String.valueOf(request.projection()).contains("blob"),
          "the walk does not read the 100 KB attribute it does not need: " + request);
      String resumeAt = page == 0 ? null : "{PK: 'DRIVE#big', SK: '" + PAGE_ENDS.get(page - 1) + "'}";
      assertEquals(resumeAt, request.exclusiveStartKey(), request::toString);
    }

    // Lazily: a row is returned once its page has been requested, and before the page after next.
    for (int i = 0; i < rows.size(); i++) {
      String path = expected.get(i).node().path();
      int page = PAGE_OF.get(path);
      int sent = requestsAtRow.get(i);
      assertTrue(sent >= page && sent <= page + 1, "row " + path + " (page " + page
          + ") was returned after " + sent + " requests: " + requestsAtRow);
    }
  }

  @Test
  void readingTheFirstRowsReadsAtMostOnePageAhead() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(WALK)) {
      assertTrue(result.next());
      assertEquals(ROOT, result.getString(1));
      atMostOnePageAhead();
      assertTrue(result.next());
      assertEquals(ROOT + "a/", result.getString(1));
      atMostOnePageAhead();
    }
    atMostOnePageAhead();
  }

  /**
   * The requests sent while the first page's rows are read, or after the result is closed there:
   * the first page, and at most the second, read ahead from where the first ended.
   */
  private static void atMostOnePageAhead() {
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertTrue(requests.size() == 1 || requests.size() == 2, requests::toString);
    assertNull(requests.get(0).exclusiveStartKey());
    if (requests.size() == 2) {
      assertEquals("{PK: 'DRIVE#big', SK: '" + PAGE_ENDS.get(0) + "'}", requests.get(1).exclusiveStartKey());
    }
    assertTrue(requests.stream().allMatch(r -> KEY_CONDITION.equals(r.keyCondition())), requests::toString);
  }

  @Test
  void limitOverThePagedWalkStopsAfterTheFirstPage() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(WALK + " LIMIT 3")) {
      assertEquals(List.of(ROOT, ROOT + "a/", ROOT + "a/f01"), Keycond.column(result));
    }
    assertEquals(KEY_CONDITION, onlyRequest().keyCondition());
  }

  @Test
  void orderByPathWithLimitOverThePagedWalkStopsAfterTheFirstPage() throws SQLException {
    // The walk already yields path order, so ORDER BY path needs no sort that reads every page.
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(WALK + " ORDER BY path LIMIT 3")) {
      assertEquals(List.of(ROOT, ROOT + "a/", ROOT + "a/f01"), Keycond.column(result));
    }
    assertEquals(KEY_CONDITION, onlyRequest().keyCondition());
  }

  @Test
  void countingThePagedWalkReadsEveryPageOnce() throws SQLException {
    String count = WALK.replace("SELECT path, lvl FROM t", "SELECT COUNT(*), MAX(lvl) FROM t");
    List<Reached> expected = TREE.walkDown("big", ROOT, n -> true, n -> true);
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(count)) {
      assertEquals(List.of(List.of(Integer.toString(expected.size()), "3")), Keycond.rows(result));
    }
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertEquals(PAGE_ENDS.size(), requests.size(), requests::toString);
    assertTrue(requests.stream().allMatch(r -> KEY_CONDITION.equals(r.keyCondition())),
        requests::toString);
  }
}
