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
 * Pages are followed lazily through LastEvaluatedKey as the ResultSet advances.
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
  void readingTheFirstRowSendsExactlyOneQuery() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(SUBTREE)) {
      assertTrue(result.next());
      assertEquals("root/big/f01", result.getString(1));
      assertTrue(result.next());
      assertEquals("root/big/f02", result.getString(1));
    }
    RecordedRequest request = onlyRequest();
    assertEquals(KEY_CONDITION, request.keyCondition());
    assertNull(request.exclusiveStartKey());
  }

  @Test
  void readingEveryRowFollowsLastEvaluatedKeyOnePageAtATime() throws SQLException {
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
    for (int page = 1; page < requests.size(); page++) {
      RecordedRequest request = requests.get(page);
      assertEquals(KEY_CONDITION, request.keyCondition(), request::toString);
      // Sent only once the rows of the previous page were used up, resuming right after the
      // last of them.
      int rowsBefore = sentAfterRows.get(page);
      assertTrue(rowsBefore > sentAfterRows.get(page - 1),
          "page " + page + " was requested before the previous page was read: " + sentAfterRows);
      assertEquals("{PK: 'DRIVE#big', SK: '" + paths.get(rowsBefore - 1) + "'}",
          request.exclusiveStartKey(), request::toString);
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
