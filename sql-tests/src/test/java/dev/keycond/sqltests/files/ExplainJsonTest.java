package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.SdkJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@code EXPLAIN PLAN AS JSON} gives each request as DynamoDB JSON. The JSON, read into the SDK's
 * request as the AWS CLI reads {@code --cli-input-json} ({@link SdkJson}), is the request the
 * statement sends, and sent as it is with the raw SDK it returns the items the statement's rows
 * come from. Writes: {@code writes.WriteExplainJsonTest}.
 */
@ExtendWith(DynaliteExtension.class)
class ExplainJsonTest {
  private static DynamoServer server;
  private static Connection files;
  private static Connection raw;
  private static Connection rawScans;
  private static Connection control;

  @BeforeAll
  static void connect(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    files = Keycond.loadAndConnect(server, "files");
    Fixtures.load(server, "raw");
    raw = Keycond.connect(server, null);
    rawScans = Keycond.connect(server, null, "scan=allow");
    control = Keycond.loadAndConnect(server, "single-table");
  }

  @AfterAll
  static void close() throws SQLException {
    for (Connection c : List.of(files, raw, rawScans, control)) {
      c.close();
    }
  }

  /** One row of EXPLAIN PLAN AS JSON. */
  record Emitted(String operation, String request, String note) {}

  private static List<Emitted> explainJson(Connection connection, String sql) throws SQLException {
    RequestRecorder.clear();
    List<Emitted> emitted = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("EXPLAIN PLAN AS JSON FOR " + sql)) {
      ResultSetMetaData meta = rows.getMetaData();
      assertEquals(List.of("OPERATION", "REQUEST", "NOTE"),
          List.of(meta.getColumnLabel(1), meta.getColumnLabel(2), meta.getColumnLabel(3)));
      while (rows.next()) {
        emitted.add(new Emitted(rows.getString(1), rows.getString(2), rows.getString(3)));
      }
    }
    assertEquals(List.of(), RequestRecorder.dataRequests(), "EXPLAIN sends nothing");
    return emitted;
  }

  /**
   * Checks that every request the statement sends first (a Query's later pages aside) is one the
   * EXPLAIN gave, and that the EXPLAIN's requests, sent with the raw SDK, give the statement's rows.
   *
   * @param rowOf the row the statement makes of an item, as getString gives its columns
   */
  private static void assertCopyable(Connection connection, String sql,
      Function<Map<String, AttributeValue>, List<String>> rowOf) throws SQLException {
    assertCopyableRows(connection, sql, items -> items.stream().map(rowOf).toList());
  }

  /** {@link #assertCopyable}, with the rows the statement makes of all the items together. */
  private static void assertCopyableRows(Connection connection, String sql,
      Function<List<Map<String, AttributeValue>>, List<List<String>>> rowsOf) throws SQLException {
    List<Emitted> emitted = explainJson(connection, sql);
    List<List<String>> rows = Keycond.query(connection, sql);
    List<DynamoDbRequest> sent = RequestRecorder.dataRequests().stream()
        .filter(r -> r.exclusiveStartKey() == null).map(r -> r.raw(DynamoDbRequest.class)).toList();

    List<DynamoDbRequest> parsed = new ArrayList<>();
    for (Emitted e : emitted) {
      assertNull(e.note(), e::toString);
      parsed.add(SdkJson.request(e.operation(), e.request()));
    }
    assertEquals(sent.size(), parsed.size(), () -> "sent " + sent + ", emitted " + emitted);
    for (DynamoDbRequest request : sent) {
      assertTrue(parsed.stream().anyMatch(request::equalsBySdkFields), () -> request + " is not among " + parsed);
    }
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (DynamoDbRequest request : parsed) {
      items.addAll(send(server.client(), request));
    }
    assertEquals(sorted(rows), sorted(rowsOf.apply(items)));
  }

  /**
   * The items a request returns, sent with the raw SDK as the AWS CLI sends it: a Query or Scan
   * without a Limit page after page, one with a Limit (the CLI's --no-paginate) one page.
   */
  static List<Map<String, AttributeValue>> send(DynamoDbClient client, DynamoDbRequest request) {
    if (request instanceof GetItemRequest get) {
      return client.getItem(get).hasItem() ? List.of(client.getItem(get).item()) : List.of();
    }
    if (request instanceof BatchGetItemRequest batch) {
      return client.batchGetItem(batch).responses().values().stream().flatMap(List::stream).toList();
    }
    if (request instanceof QueryRequest query) {
      if (query.limit() != null) {
        return client.query(query).items();
      }
      return client.queryPaginator(query).items().stream().toList();
    }
    ScanRequest scan = (ScanRequest) request;
    return scan.limit() != null ? client.scan(scan).items() : client.scanPaginator(scan).items().stream().toList();
  }

  private static List<String> sorted(List<List<String>> rows) {
    return rows.stream().map(String::valueOf).sorted(Comparator.naturalOrder()).toList();
  }

  private static String s(Map<String, AttributeValue> item, String name) {
    return item.containsKey(name) ? item.get(name).s() : null;
  }

  private static String n(Map<String, AttributeValue> item, String name) {
    return item.containsKey(name) ? item.get(name).n() : null;
  }

  @Test
  void aGetItem() throws SQLException {
    assertCopyable(files, "SELECT path, size FROM files WHERE account = 'a91' AND path = 'root/photos/2026/beach.jpg'",
        item -> List.of(s(item, "SK"), n(item, "size")));
  }

  @Test
  void aBatchGetItem() throws SQLException {
    assertCopyable(files, "SELECT account, path FROM files WHERE account IN ('a91', 'b22') AND path = 'root/photos/'",
        item -> List.of(s(item, "PK").substring("DRIVE#".length()), s(item, "SK")));
  }

  @Test
  void aQueryInReverseKeyOrderWithALimit() throws SQLException {
    String sql = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%' "
        + "ORDER BY path DESC LIMIT 2";
    assertCopyable(files, sql, item -> List.of(s(item, "SK"), n(item, "size")));
    assertEquals(List.of(new Emitted("Query", "{\"TableName\":\"files_Drive\",\"Limit\":2,\"ScanIndexForward\":false,"
        + "\"ReturnConsumedCapacity\":\"INDEXES\",\"ProjectionExpression\":\"#a0, #a1, #a2\","
        + "\"KeyConditionExpression\":\"#a0 = :v0 AND begins_with(#a1, :v1)\","
        + "\"ExpressionAttributeNames\":{\"#a0\":\"PK\",\"#a1\":\"SK\",\"#a2\":\"size\"},"
        + "\"ExpressionAttributeValues\":{\":v0\":{\"S\":\"DRIVE#a91\"},\":v1\":{\"S\":\"root/photos/\"}}}", null)),
        explainJson(files, sql));
  }

  @Test
  void aQueryOfAGlobalIndex() throws SQLException {
    assertCopyable(raw, "SELECT device, seq FROM raw_Readings WHERE status = 'ok'",
        item -> List.of(s(item, "device"), n(item, "seq")));
  }

  @Test
  void oneQueryPerPartitionOfAnInList() throws SQLException {
    String sql = "SELECT device, seq FROM raw_Readings WHERE device IN ('d1', 'd2') AND seq >= 2";
    assertCopyable(raw, sql, item -> List.of(s(item, "device"), n(item, "seq")));
    assertEquals(2, explainJson(raw, sql).size());
  }

  @Test
  void aQueryOfAnItemCollectionThatTwoTablesShare() throws SQLException {
    // The workspace is the item whose Detail is META, its projects those whose Detail is PROJ#{id};
    // the partition holds other entities too (members, a project's tasks).
    assertCopyableRows(control, "SELECT w.name, p.id FROM workspaces w JOIN projects p ON p.workspace_id = w.id "
        + "WHERE w.id = 'acme'", items -> {
          String workspace = items.stream().filter(i -> s(i, "Detail").equals("META")).findFirst()
              .map(i -> s(i, "name")).orElseThrow();
          return items.stream().filter(i -> s(i, "Detail").matches("PROJ#[^#]+"))
              .map(i -> List.of(workspace, s(i, "Detail").substring("PROJ#".length()))).toList();
        });
  }

  @Test
  void aPermittedScan() throws SQLException {
    assertCopyable(rawScans, "SELECT device, seq FROM raw_Readings", item -> List.of(s(item, "device"), n(item, "seq")));
  }

  @Test
  void aCountBySelectCount() throws SQLException {
    String sql = "SELECT COUNT(*) FROM raw_Readings WHERE device = 'd1'";
    List<Emitted> emitted = explainJson(raw, sql);
    QueryRequest query = (QueryRequest) SdkJson.request("Query", emitted.get(0).request());
    assertEquals(List.of(List.of("4")), Keycond.query(raw, sql));
    assertTrue(RequestRecorder.dataRequests().get(0).raw(QueryRequest.class).equalsBySdkFields(query));
    QueryResponse response = server.client().query(query);
    assertEquals(4, response.count());
    assertEquals("COUNT", query.selectAsString());
  }

  @Test
  void aRefusedStatementStillGivesTheRequestItWouldNeedAndSaysItIsRefused() throws SQLException {
    List<Emitted> emitted = explainJson(raw, "SELECT seq FROM raw_Readings");
    assertEquals(1, emitted.size());
    ScanRequest scan = (ScanRequest) SdkJson.request("Scan", emitted.get(0).request());
    assertEquals("raw_Readings", scan.tableName());
    assertTrue(emitted.get(0).note().startsWith("keycond refuses the statement: Reading table 'raw_Readings' needs a "
        + "full Scan"), emitted.get(0).note());
  }

  @Test
  void aRequestWhoseKeysComeFromRowsReadIsNotGivenAndTheNoteSaysWhy() throws SQLException {
    List<Emitted> join = explainJson(control, "SELECT m.user_id, u.name FROM members m JOIN users u ON u.id = m.user_id "
        + "WHERE m.workspace_id = 'acme'");
    // The lookup is shown as the BatchGetItem it sends, its keys those of the rows found.
    assertEquals(List.of("BatchGetItem", "Query"), join.stream().map(Emitted::operation).sorted().toList());
    Emitted lookup = join.stream().filter(e -> e.operation().equals("BatchGetItem")).findFirst().orElseThrow();
    assertEquals(new Emitted("BatchGetItem", null, "its key values come from the rows of the other side of the join, "
        + "read by BatchGetItem, 100 keys a request"), lookup);

    List<Emitted> fetch = explainJson(control, "SELECT id, status, owner FROM projects WHERE name = 'Borealis'");
    assertEquals("Query", fetch.get(0).operation());
    assertTrue(fetch.get(0).request().contains("\"IndexName\":\"ByName\""), fetch.get(0).request());
    assertEquals(new Emitted("BatchGetItem", null, "its keys are those the index returns"), fetch.get(1));
  }

  @Test
  void aPreparedStatementGivesItsRequestOnceItsParametersAreSet() throws SQLException {
    try (PreparedStatement explain = files.prepareStatement("EXPLAIN PLAN AS JSON FOR "
        + "SELECT path FROM files WHERE account = ? AND path LIKE ?")) {
      List<Emitted> unset = rows(explain);
      assertEquals(List.of(new Emitted("Query", null, "Parameter 'DRIVE#' || ?1 is not set; the request is shown "
          + "once every parameter of the PreparedStatement is set")), unset);

      explain.setString(1, "a91");
      explain.setString(2, "root/photos/%");
      List<Emitted> set = rows(explain);
      QueryRequest query = (QueryRequest) SdkJson.request("Query", set.get(0).request());
      assertEquals(Map.of(":v0", AttributeValue.fromS("DRIVE#a91"), ":v1", AttributeValue.fromS("root/photos/")),
          query.expressionAttributeValues());
    }
  }

  private static List<Emitted> rows(PreparedStatement explain) throws SQLException {
    List<Emitted> emitted = new ArrayList<>();
    try (ResultSet rows = explain.executeQuery()) {
      while (rows.next()) {
        emitted.add(new Emitted(rows.getString(1), rows.getString(2), rows.getString(3)));
      }
    }
    return emitted;
  }

  @Test
  void calcitesOtherExplainFormatsAreRefused() {
    for (String format : List.of("XML", "DOT")) {
      SQLException e = assertThrows(SQLException.class, () -> files.createStatement().executeQuery(
          "EXPLAIN PLAN AS " + format + " FOR SELECT path FROM files WHERE account = 'a91'"));
      assertEquals("0A000", e.getSQLState());
      assertTrue(e.getMessage().startsWith("EXPLAIN PLAN AS " + format + " is not supported: keycond explains a "
          + "statement as text (EXPLAIN PLAN FOR ...), or lists its DynamoDB requests as JSON (EXPLAIN PLAN AS JSON "
          + "FOR ...)"), e.getMessage());
    }
  }
}
