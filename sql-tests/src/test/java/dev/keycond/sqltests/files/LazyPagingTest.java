package dev.keycond.sqltests.files;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Pages are followed through LastEvaluatedKey as the ResultSet advances, at most one page ahead of
 * the rows returned.
 *
 * <p>The paging fixture's account {@code big} holds root/big/f01..f25, each with a 100 KB
 * attribute, so the subtree spans three of DynamoDB's 1 MB pages (dynalite sizes pages like
 * DynamoDB, before projection, so selecting only {@code path} does not shrink them).
 */
@ExtendWith(DynaliteExtension.class)
class LazyPagingTest {
  private static final String SUBTREE =
      "SELECT path FROM files WHERE account = 'big' AND path LIKE 'root/big/f%'";
  private static final String KEY_CONDITION =
      "PK = 'DRIVE#big' AND begins_with(SK, 'root/big/f')";
  private static final List<String> ALL_PATHS = IntStream.rangeClosed(1, 25)
      .mapToObj(i -> String.format("root/big/f%02d", i)).toList();

  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    connection = Keycond.loadAndConnect(server, "paging");
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
  void readingTheFirstRowsReadsAtMostOnePageAhead() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(SUBTREE)) {
      assertTrue(result.next());
      assertEquals("root/big/f01", result.getString(1));
      assertTrue(result.next());
      assertEquals("root/big/f02", result.getString(1));
    }
    // The first page, and at most the second, read ahead while the first page's rows were read;
    // closing the result sends nothing more.
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertTrue(requests.size() == 1 || requests.size() == 2, requests::toString);
    assertNull(requests.get(0).exclusiveStartKey());
    assertTrue(requests.stream().allMatch(r -> KEY_CONDITION.equals(r.keyCondition())), requests::toString);
  }

  @Test
  void readingEveryRowFollowsLastEvaluatedKeyAtMostOnePageAhead() throws SQLException {
    List<String> paths = new ArrayList<>();
    // For each request: how many rows had been returned when it was sent.
    List<Integer> sentAfterRows = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(SUBTREE)) {
      int seen = RequestRecorder.dataRequests().size();
      for (int i = 0; i < seen; i++) {
        sentAfterRows.add(0);
      }
      while (result.next()) {
        int now = RequestRecorder.dataRequests().size();
        for (int i = seen; i < now; i++) {
          sentAfterRows.add(paths.size());
        }
        seen = now;
        paths.add(result.getString(1));
      }
      // A last page may come back empty, when the previous one ended exactly at 1 MB.
      for (int i = seen; i < RequestRecorder.dataRequests().size(); i++) {
        sentAfterRows.add(paths.size());
      }
    }

    assertEquals(ALL_PATHS, paths);
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertTrue(requests.size() >= 3, "25 items of 100 KB need at least 3 pages: " + requests);
    assertNull(requests.get(0).exclusiveStartKey());
    assertEquals(0, sentAfterRows.get(0));
    // Each page resumes right after the last row of the one before it, and is read at most one
    // page ahead: page p is sent only once every row of page p - 2 has been returned.
    List<Integer> pageEnds = new ArrayList<>();
    for (int page = 1; page < requests.size(); page++) {
      RecordedRequest request = requests.get(page);
      assertEquals(KEY_CONDITION, request.keyCondition(), request::toString);
      String startKey = request.exclusiveStartKey();
      int end = IntStream.range(0, paths.size())
          .filter(i -> ("{PK: 'DRIVE#big', SK: '" + paths.get(i) + "'}").equals(startKey)).findFirst()
          .orElseThrow(() -> new AssertionError("page resumes after no row returned: " + request));
      assertTrue(pageEnds.isEmpty() || end > pageEnds.get(pageEnds.size() - 1), "pages overlap: " + requests);
      pageEnds.add(end);
      if (page >= 2) {
        int rowsOfEarlierPages = pageEnds.get(page - 2) + 1;
        assertTrue(sentAfterRows.get(page) >= rowsOfEarlierPages,
            "page " + page + " was sent more than one page ahead: " + sentAfterRows + ", pages end at " + pageEnds);
      }
    }
  }

  @Test
  void limitIsOneRequestWhateverThePageSize() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(SUBTREE + " LIMIT 3")) {
      assertEquals(List.of("root/big/f01", "root/big/f02", "root/big/f03"),
          Keycond.column(result));
    }
    assertEquals(3, onlyRequest().limit());
  }

  @Test
  void countFollowsEveryPageAndAddsThemUp() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT COUNT(*) FROM files WHERE account = 'big' AND path LIKE 'root/big/f%'")) {
      assertEquals(List.of("25"), Keycond.column(result));
    }
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertTrue(requests.size() >= 3, requests::toString);
    assertTrue(requests.stream().allMatch(r -> "COUNT".equals(r.select())), requests::toString);
    assertTrue(requests.stream().skip(1).allMatch(r -> r.exclusiveStartKey() != null),
        requests::toString);
  }
}
