package dev.keycond.sqltests.singletable;

import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Lookup joins with many outer keys (issue 3 point 4), too many to list in
 * a .sqltest: team "big" of fixture {@code fanout} has 150 members u000..u149, each with a profile
 * in {@code fanout_Users}; u000..u002 also have one login each. A fully bound inner key is read with
 * BatchGetItem, at most 100 keys a request; otherwise one Query per distinct key, at most maxFanOut.
 */
@ExtendWith(DynaliteExtension.class)
class LookupFanOutTest {
  private static final String PROFILES = "SELECT m.user_id, u.name FROM team_members m "
      + "JOIN users u ON u.id = m.user_id WHERE m.team = 'big'";
  private static final String LOGINS = "SELECT m.user_id, l.device FROM team_members m "
      + "JOIN logins l ON l.user_id = m.user_id WHERE m.team = 'big'";

  private static DynamoServer server;
  private static Connection fanout;

  @BeforeAll
  static void connect(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    fanout = Keycond.loadAndConnect(server, "fanout");
  }

  @AfterAll
  static void close() throws SQLException {
    fanout.close();
  }

  @Test
  void batchGetItemSendsAtMost100KeysARequestAndEveryKeyOnce() throws SQLException {
    List<List<String>> rows = query(fanout, PROFILES);

    assertEquals(150, rows.size());
    assertEquals(List.of("u000", "User 0"), rows.stream()
        .filter(r -> r.get(0).equals("u000")).findFirst().orElseThrow());
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals("Query", sent.get(0).operation(), sent::toString);
    assertEquals("PK = 'TEAM#big' AND begins_with(SK, 'MEMBER#')", sent.get(0).keyCondition());
    List<RecordedRequest> batches = sent.subList(1, sent.size());
    assertEquals(2, batches.size(), "150 keys are two BatchGetItem requests: " + summary(sent));
    List<String> keys = new ArrayList<>();
    for (RecordedRequest batch : batches) {
      assertEquals("BatchGetItem", batch.operation());
      assertEquals(List.of("fanout_Users"), batch.tableNames());
      assertTrue(batch.keys().size() <= 100, "more than 100 keys in one request: " + batch.keys().size());
      keys.addAll(batch.keys());
    }
    Set<String> expected = IntStream.range(0, 150)
        .mapToObj(i -> String.format("{PK: 'USER#u%03d', SK: 'PROFILE'}", i))
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(150, keys.size(), "a key was asked for twice");
    assertEquals(expected, new TreeSet<>(keys));
  }

  @Test
  void batchGetItemProjectsTheJoinedColumns() throws SQLException {
    query(fanout, PROFILES);

    for (RecordedRequest request : RequestRecorder.dataRequests()) {
      if (!request.operation().equals("BatchGetItem")) {
        continue;
      }
      KeysAndAttributes keys = request.raw(BatchGetItemRequest.class).requestItems().get("fanout_Users");
      Set<String> projected = new HashSet<>();
      for (String placeholder : keys.projectionExpression().split(", ")) {
        projected.add(keys.expressionAttributeNames().getOrDefault(placeholder, placeholder));
      }
      assertTrue(projected.containsAll(Set.of("PK", "SK", "name")), projected::toString);
    }
  }

  @Test
  void batchGetItemLookupsAreConsistentWhenAsked() throws SQLException {
    try (Connection consistent = Keycond.connect(server, "fanout", "consistentRead=true")) {
      query(consistent, PROFILES);
    }

    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(Boolean.TRUE, sent.get(0).consistentRead(), summary(sent));
    for (RecordedRequest request : sent.subList(1, sent.size())) {
      KeysAndAttributes keys = request.raw(BatchGetItemRequest.class).requestItems().get("fanout_Users");
      assertEquals(Boolean.TRUE, keys.consistentRead(), "BatchGetItem on a table with consistentRead=true");
    }
  }

  @Test
  void batchGetItemRequestsCountAgainstMaxFanOut() throws SQLException {
    try (Connection one = Keycond.connect(server, "fanout", "maxFanOut=1")) {
      SQLException refused = assertThrows(SQLException.class, () -> query(one, PROFILES));

      assertEquals("42Z02", refused.getSQLState(), refused.getMessage());
      assertTrue(refused instanceof SQLSyntaxErrorException, refused.getClass().getName());
      assertTrue(refused.getMessage().contains("'users'"), refused.getMessage());
      assertTrue(refused.getMessage().contains("2 requests"), refused.getMessage());
      assertTrue(refused.getMessage().contains("maxFanOut=1"), refused.getMessage());
    }
    // Only the outer read was sent: the lookups were refused before any of them went out.
    assertEquals(List.of("Query"), operations(RequestRecorder.dataRequests()));
  }

  @Test
  void oneQueryPerDistinctKeyBeyondTheDefaultMaxFanOutIsRefused() {
    SQLException refused = assertThrows(SQLException.class, () -> query(fanout, LOGINS));

    assertEquals("42Z02", refused.getSQLState(), refused.getMessage());
    assertTrue(refused.getMessage().contains("'logins'"), refused.getMessage());
    assertTrue(refused.getMessage().contains("150 requests"), refused.getMessage());
    assertTrue(refused.getMessage().contains("maxFanOut=100"), refused.getMessage());
    assertEquals(List.of("Query"), operations(RequestRecorder.dataRequests()));
  }

  @Test
  void oneQueryPerDistinctKeyWithinARaisedMaxFanOut() throws SQLException {
    List<List<String>> rows;
    try (Connection wide = Keycond.connect(server, "fanout", "maxFanOut=150")) {
      rows = query(wide, LOGINS);
    }

    assertEquals(Set.of(List.of("u000", "laptop"), List.of("u001", "laptop"), List.of("u002", "laptop")),
        Set.copyOf(rows));
    assertEquals(3, rows.size());
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(151, sent.size(), "the team's Query and one Query per member");
    Set<String> conditions = new TreeSet<>();
    for (RecordedRequest lookup : sent.subList(1, sent.size())) {
      assertEquals("Query", lookup.operation());
      assertEquals("fanout_Users", lookup.tableName());
      conditions.add(lookup.keyCondition());
    }
    Set<String> expected = IntStream.range(0, 150)
        .mapToObj(i -> String.format("PK = 'USER#u%03d' AND begins_with(SK, 'LOGIN#')", i))
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(expected, conditions);
  }

  @Test
  void explainShowsTheLookupAndItsBound() throws SQLException {
    List<String> lines;
    RequestRecorder.clear();
    try (Statement statement = fanout.createStatement();
        ResultSet result = statement.executeQuery("EXPLAIN PLAN FOR " + LOGINS)) {
      lines = Keycond.column(result);
    }

    assertTrue(RequestRecorder.dataRequests().isEmpty(), "EXPLAIN sent " + RequestRecorder.dataRequests());
    String text = String.join("\n", lines);
    assertTrue(text.contains("one Query per key"), text);
    assertTrue(text.contains("maxFanOut=100"), text);
  }


  private static List<String> operations(List<RecordedRequest> requests) {
    return requests.stream().map(RecordedRequest::operation).toList();
  }

  private static String summary(List<RecordedRequest> requests) {
    return requests.stream().map(r -> r.operation() + " " + r.tableNames() + " " + r.keys().size() + " keys")
        .collect(Collectors.joining("; "));
  }
}
