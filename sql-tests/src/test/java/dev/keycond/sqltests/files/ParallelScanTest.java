package dev.keycond.sqltests.files;

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
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * A parallel Scan whose segments span several pages. The paging fixture's 27 items (25 of them
 * with a 100 KB attribute) fill three of DynamoDB's 1 MB pages in one Scan, so each of two
 * segments reads more than one page.
 */
@ExtendWith(DynaliteExtension.class)
class ParallelScanTest {
  private static final String EVERY_PATH = "SELECT path FROM files";
  private static final int SEGMENTS = 2;

  private static Connection sequential;
  private static Connection parallel;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    sequential = Keycond.loadAndConnect(server, "paging", "scan=allow");
    parallel = Keycond.connect(server, "paging", "scan=allow", "scanSegments=" + SEGMENTS);
  }

  @AfterAll
  static void close() throws SQLException {
    sequential.close();
    parallel.close();
  }

  @BeforeEach
  void forgetEarlierRequests() {
    RequestRecorder.clear();
  }

  @Test
  void theSegmentsReturnTheRowsOfOneScanEachOnceFollowingTheirOwnPages() throws SQLException {
    List<String> once = sorted(Keycond.column(sequential.createStatement().executeQuery(EVERY_PATH)));
    RequestRecorder.clear();

    List<String> rows = Keycond.column(parallel.createStatement().executeQuery(EVERY_PATH));

    assertEquals(27, once.size());
    assertEquals(once, sorted(rows));
    Map<Integer, List<RecordedRequest>> bySegment = new TreeMap<>(RequestRecorder.dataRequests().stream()
        .collect(Collectors.groupingBy(r -> r.raw(ScanRequest.class).segment())));
    assertEquals(List.of(0, 1), List.copyOf(bySegment.keySet()), RequestRecorder.dataRequests()::toString);
    // Which items fall in which segment is the server's choice; together they span several pages.
    assertTrue(bySegment.values().stream().anyMatch(pages -> pages.size() > 1), bySegment::toString);
    for (List<RecordedRequest> pages : bySegment.values()) {
      assertNull(pages.get(0).exclusiveStartKey());
      pages.subList(1, pages.size()).forEach(p -> assertTrue(p.exclusiveStartKey() != null, p::toString));
      pages.forEach(p -> assertEquals(SEGMENTS, p.raw(ScanRequest.class).totalSegments()));
    }
  }

  @Test
  void orderBySortsTheRowsOfEverySegment() throws SQLException {
    List<String> rows = Keycond.column(parallel.createStatement().executeQuery(EVERY_PATH + " ORDER BY path"));

    assertEquals(sorted(rows), rows);
    assertEquals(27, rows.size());
  }

  @Test
  void countStarCountsTheRowsOfEverySegment() throws SQLException {
    assertEquals(List.of("27"), Keycond.column(parallel.createStatement()
        .executeQuery("SELECT COUNT(*) AS n FROM files")));
    // files is an entity table (PK 'DRIVE#{account}'): the driver checks each item's key, so it
    // reads the keys only and counts them itself.
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertTrue(requests.stream().allMatch(r -> "PK, SK".equals(r.projection())), requests::toString);
    assertEquals(List.of(0, 1), requests.stream().filter(r -> r.exclusiveStartKey() == null)
        .map(r -> r.raw(ScanRequest.class).segment()).sorted().toList(), requests::toString);
  }

  @Test
  void eachSegmentHasAtMostOnePageWaitingBeyondTheOneBeingRead() throws SQLException, InterruptedException {
    try (Statement statement = parallel.createStatement();
        ResultSet result = statement.executeQuery(EVERY_PATH)) {
      assertTrue(result.next());
      // Whenever it is looked at, and however fast the pages arrive: the page being read and one
      // more per segment, never the whole table.
      assertTrue(RequestRecorder.dataRequests().size() <= 2 * SEGMENTS, RequestRecorder.dataRequests()::toString);
      Thread.sleep(300);
      assertTrue(RequestRecorder.dataRequests().size() <= 2 * SEGMENTS, RequestRecorder.dataRequests()::toString);
    }
  }

  private static List<String> sorted(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    copy.sort(null);
    return copy;
  }
}
