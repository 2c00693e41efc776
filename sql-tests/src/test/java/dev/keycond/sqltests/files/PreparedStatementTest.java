package dev.keycond.sqltests.files;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * PreparedStatements: planned once when prepared, then executed many times, each time
 * as the key read for that execution's values, which travel in the request's values, never baked
 * into a new plan.
 */
@ExtendWith(DynaliteExtension.class)
class PreparedStatementTest {
  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    // raw's tables are not in the files mapping; keycond shows them as DynamoDB stores them.
    Fixtures.load(server, "raw");
    connection = Keycond.loadAndConnect(server, "files");
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
  void onePlanRunsForManyValuesEachAsItsOwnKeyRead() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT path FROM files WHERE account = ? AND path LIKE 'root/photos/2026/%'")) {
      statement.setString(1, "a91");
      assertEquals(List.of("root/photos/2026/", "root/photos/2026/beach.jpg",
          "root/photos/2026/sunset.jpg"), run(statement));
      assertOneQuery("PK = 'DRIVE#a91' AND begins_with(SK, 'root/photos/2026/')");

      statement.setString(1, "b22");
      assertEquals(List.of("root/photos/2026/", "root/photos/2026/beach.jpg"), run(statement));
      assertOneQuery("PK = 'DRIVE#b22' AND begins_with(SK, 'root/photos/2026/')");

      statement.setString(1, "nobody");
      assertEquals(List.of(), run(statement));
      assertOneQuery("PK = 'DRIVE#nobody' AND begins_with(SK, 'root/photos/2026/')");
    }
  }

  @Test
  void boundValuesTravelAsExpressionAttributeValues() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT path FROM files WHERE account = ? AND path BETWEEN ? AND ?")) {
      statement.setString(1, "a91");
      statement.setString(2, "root/photos/");
      statement.setString(3, "root/photos/2026/beach.jpg");

      assertEquals(List.of("root/photos/", "root/photos/2026/", "root/photos/2026/beach.jpg"),
          run(statement));
    }
    QueryRequest query = assertOneQuery(
        "PK = 'DRIVE#a91' AND SK BETWEEN 'root/photos/' AND 'root/photos/2026/beach.jpg'");
    // The template is applied to the bound value: 'a91' is sent as 'DRIVE#a91'.
    assertEquals(List.of("DRIVE#a91", "root/photos/", "root/photos/2026/beach.jpg"),
        query.expressionAttributeValues().values().stream().map(AttributeValue::s).sorted()
            .toList());
  }

  @Test
  void numericParametersBindANumericKey() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT device, seq FROM raw_Readings WHERE device = ? AND seq = ?")) {
      statement.setString(1, "d1");
      statement.setLong(2, 3);
      assertEquals(List.of("d1"), run(statement));
    }
    GetItemRequest get = onlyRequest().raw(GetItemRequest.class);
    assertEquals(Map.of("device", AttributeValue.fromS("d1"), "seq", AttributeValue.fromN("3")),
        get.key());
  }

  @Test
  void limitAsAParameterBecomesTheRequestLimit() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT path FROM files WHERE account = ? ORDER BY path DESC LIMIT ?")) {
      statement.setString(1, "a91");
      statement.setInt(2, 2);
      assertEquals(List.of("root/photosX/notes.txt", "root/photosX/"), run(statement));
      RecordedRequest request = RequestRecorder.dataRequests().get(0);
      assertEquals(2, request.limit());
      assertEquals(Boolean.FALSE, request.scanIndexForward());

      RequestRecorder.clear();
      statement.setInt(2, 1);
      assertEquals(List.of("root/photosX/notes.txt"), run(statement));
      assertEquals(1, RequestRecorder.dataRequests().get(0).limit());
    }
  }

  @Test
  void setMaxRowsOnAPreparedStatementLimitsTheRead() throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement("SELECT path FROM files WHERE account = ?")) {
      statement.setString(1, "b22");
      statement.setMaxRows(2);
      assertEquals(List.of("root/", "root/docs/"), run(statement));
    }
    assertEquals(2, onlyRequest().limit());
  }

  @Test
  void theStatementIsPlannedWhenPrepared() throws SQLException {
    // Parameter types are known before anything runs: the statement is already planned.
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT path, size FROM files WHERE account = ? AND size > ?")) {
      ParameterMetaData parameters = statement.getParameterMetaData();
      assertEquals(2, parameters.getParameterCount());
      assertEquals(Types.VARCHAR, parameters.getParameterType(1));
      assertEquals(Types.BIGINT, parameters.getParameterType(2));
      assertEquals(List.of("path", "size"), List.of(statement.getMetaData().getColumnLabel(1),
          statement.getMetaData().getColumnLabel(2)));
    }
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  @Test
  void aScanShapedStatementIsRefusedWhenPreparedNotWhenRun() {
    SQLException refused = assertThrows(SQLException.class,
        () -> connection.prepareStatement("SELECT path FROM files WHERE size > ?"));

    assertEquals("42Z01", refused.getSQLState());
    assertTrue(refused.getMessage().contains("SELECT path FROM files WHERE account = <account> AND size > ?;"),
        refused::getMessage);
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  @Test
  void runningWithAParameterUnsetIsRefusedBeforeAnythingIsSent() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT path FROM files WHERE account = ? AND path = ?")) {
      statement.setString(1, "a91");

      SQLException unset = assertThrows(SQLException.class, statement::executeQuery);

      assertEquals("07001", unset.getSQLState());
      assertTrue(unset.getMessage().contains("2"), unset::getMessage);
    }
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  @Test
  void aNullPartitionKeyMatchesNothingAndNeverScans() throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement("SELECT path FROM files WHERE account = ?")) {
      statement.setNull(1, Types.VARCHAR);

      assertEquals(List.of(), run(statement));
    }
    // account = NULL is never true; reading anything for it, let alone a Scan, is waste.
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertFalse(requests.stream().anyMatch(r -> r.operation().equals("Scan")),
        requests::toString);
  }

  @Test
  void explainOfAPreparedStatementSendsNothingBoundOrNot() throws SQLException {
    try (PreparedStatement explain = connection.prepareStatement(
        "EXPLAIN PLAN FOR SELECT path FROM files WHERE account = ? AND path >= ?")) {
      String unbound = String.join("\n", run(explain));
      assertTrue(unbound.contains("?1") && unbound.contains("?2"),
          "unbound markers are shown as ?1, ?2:\n" + unbound);

      explain.setString(1, "b22");
      explain.setString(2, "root/p");
      String bound = String.join("\n", run(explain));
      assertTrue(bound.contains("{\"S\":\"DRIVE#b22\"}") && bound.contains("{\"S\":\"root/p\"}"),
          "bound values are shown as sent:\n" + bound);
    }
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  /**
   * A plain Statement cannot bind a marker: running it is refused as a parameter without a value,
   * as a PreparedStatement's would be, while EXPLAIN shows the plan with the markers unbound.
   */
  @Test
  void aPlainStatementWithAMarkerIsRefusedButExplained() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      SQLException unset = assertThrows(SQLException.class,
          () -> statement.executeQuery("SELECT path FROM files WHERE account = ? AND path = 'root/'"));
      assertEquals("07001", unset.getSQLState());
      assertTrue(unset.getMessage().contains("Connection.prepareStatement"), unset::getMessage);

      try (ResultSet result = statement.executeQuery(
          "EXPLAIN PLAN FOR SELECT path FROM files WHERE account = ? AND path = 'root/'")) {
        String plan = String.join("\n", Keycond.column(result));
        assertTrue(plan.contains("?1"), "the unbound marker is shown as ?1:\n" + plan);
      }
    }
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  /**
   * A LIKE pattern given as a parameter is a begins_with whose rest the driver may have to check;
   * once bound to a plain prefix, EXPLAIN says what the statement will do: DynamoDB counts, and
   * the driver checks nothing.
   */
  @Test
  void explainOfABoundLikeParameterShowsWhatTheDriverStillChecks() throws SQLException {
    try (PreparedStatement explain = connection.prepareStatement(
        "EXPLAIN PLAN FOR SELECT COUNT(*) FROM files WHERE account = 'a91' AND path LIKE ?")) {
      explain.setString(1, "root/photos/%");
      String prefixOnly = String.join("\n", run(explain));
      assertTrue(prefixOnly.contains("Select:                    COUNT"), prefixOnly);
      assertFalse(prefixOnly.contains("keeps items where"), prefixOnly);
      assertFalse(prefixOnly.contains("counts the rows"), prefixOnly);

      explain.setString(1, "root/ph_tos/%");
      String withWildcard = String.join("\n", run(explain));
      assertTrue(withWildcard.contains("Driver after the read: keeps items where path LIKE 'root/ph_tos/%'"),
          withWildcard);
      assertTrue(withWildcard.contains("Driver after the read: counts the rows"), withWildcard);
    }
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  /** The first column of every row. */
  private static List<String> run(PreparedStatement statement) throws SQLException {
    try (ResultSet result = statement.executeQuery()) {
      return Keycond.column(result);
    }
  }

  /** Asserts that exactly one Query with this key condition was sent, and forgets it. */
  private static QueryRequest assertOneQuery(String keyCondition) {
    RecordedRequest request = onlyRequest();
    RequestRecorder.clear();
    assertEquals("Query", request.operation());
    assertEquals(keyCondition, request.keyCondition());
    return request.raw(QueryRequest.class);
  }
}
