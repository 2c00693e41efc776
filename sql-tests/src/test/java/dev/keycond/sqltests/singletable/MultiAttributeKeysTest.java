package dev.keycond.sqltests.singletable;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.OrdersByTenantRegion;
import dev.keycond.sqltests.support.SdkJson;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Global secondary indexes whose keys have several attributes (issue 24 point 5), against moto
 * (dynalite has none): table Orders (HASH id) with index ByTenantRegion, partition key tenant +
 * region, sort key placed (N) + status, over plain columns. The Queries bind every partition
 * attribute and the sort attributes left to right, as DynamoDB's KeyConditionExpression takes them
 * ({@code #t = :t AND #r = :r AND #p = :p AND begins_with(#s, :s)}, which moto 5.2.5 accepts and
 * answers in sort key order); the rest is a filter.
 */
@ExtendWith(MotoExtension.class)
class MultiAttributeKeysTest {
  private static final AtomicInteger NEXT = new AtomicInteger();
  private static final Pattern CLI = Pattern.compile("aws dynamodb query --cli-input-json '(.*)'( --no-paginate)? "
      + "--endpoint-url \\S+ --region \\S+");

  private DynamoServer server;
  private String table;
  private Connection connection;

  @BeforeEach
  void freshTable(DynamoServer moto) throws SQLException {
    server = moto;
    table = "multikey_Orders" + NEXT.incrementAndGet();
    OrdersByTenantRegion.create(server.client(), table);
    connection = connect(mapping(""));
    RequestRecorder.clear();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  // ---------------------------------------------------------------- reads

  @Test
  void everyPartitionAttributeAndARangeOnTheFirstSortAttributeAreOneQuery() throws SQLException {
    List<List<String>> rows = query(connection,
        "SELECT id FROM orders WHERE tenant = 't1' AND region = 'eu' AND placed > 150");

    assertEquals(List.of(List.of("o2"), List.of("o3"), List.of("o4")), rows);
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("ByTenantRegion", sent.indexName());
    assertEquals("#a0 = :v0 AND #a1 = :v1 AND #a2 > :v2", sent.keyConditionExpression());
    assertEquals(Map.of("#a0", "tenant", "#a1", "region", "#a2", "placed"),
        names(sent, List.of("#a0", "#a1", "#a2")));
    assertEquals(List.of(AttributeValue.fromS("t1"), AttributeValue.fromS("eu"), AttributeValue.fromN("150")),
        List.of(sent.expressionAttributeValues().get(":v0"), sent.expressionAttributeValues().get(":v1"),
            sent.expressionAttributeValues().get(":v2")));
    assertNull(sent.filterExpression(), "the key condition expresses the whole WHERE");
  }

  @Test
  void anEqualityOnTheFirstSortAttributeLetsTheSecondTakeAPrefix() throws SQLException {
    List<List<String>> rows = query(connection, "SELECT id, status FROM orders WHERE region = 'eu' AND tenant = 't1' "
        + "AND placed = 200 AND status LIKE 'sh%'");

    assertEquals(List.of(List.of("o3", "shipped")), rows);
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    // Key order, not the statement's: tenant, region, placed, status.
    assertEquals("#a0 = :v0 AND #a1 = :v1 AND #a2 = :v2 AND begins_with(#a3, :v3)", sent.keyConditionExpression());
    assertEquals(Map.of("#a0", "tenant", "#a1", "region", "#a2", "placed", "#a3", "status"),
        names(sent, List.of("#a0", "#a1", "#a2", "#a3")));
    assertEquals(AttributeValue.fromS("sh"), sent.expressionAttributeValues().get(":v3"));
  }

  @Test
  void aConditionOnTheSecondSortAttributeWithoutTheFirstIsAFilter() throws SQLException {
    List<List<String>> rows = query(connection,
        "SELECT id FROM orders WHERE tenant = 't1' AND region = 'eu' AND status = 'open'");

    assertEquals(List.of(List.of("o1"), List.of("o2")), rows);
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("ByTenantRegion", sent.indexName());
    // DynamoDB refuses a condition on status while placed has none, and a FilterExpression on a key
    // attribute of the index read: the driver checks it.
    assertEquals("#a0 = :v0 AND #a1 = :v1", sent.keyConditionExpression());
    assertNull(sent.filterExpression());
  }

  @Test
  void aRangeOnTheFirstSortAttributeLeavesTheSecondToTheFilter() throws SQLException {
    List<List<String>> rows = query(connection,
        "SELECT id FROM orders WHERE tenant = 't1' AND region = 'eu' AND placed >= 200 AND status = 'open'");

    assertEquals(List.of(List.of("o2")), rows);
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("#a0 = :v0 AND #a1 = :v1 AND #a2 >= :v2", sent.keyConditionExpression());
    assertNull(sent.filterExpression(), "status is a key attribute of the index: the driver checks it");
  }

  @Test
  void anInListOnOnePartitionAttributeIsOneQueryPerValue() throws SQLException {
    List<List<String>> rows = query(connection,
        "SELECT id FROM orders WHERE tenant = 't1' AND region IN ('eu', 'us') AND placed = 200 ORDER BY id");

    assertEquals(List.of(List.of("o2"), List.of("o3"), List.of("o5")), rows);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "Query"), sent.stream().map(RecordedRequest::operation).toList());
    Set<AttributeValue> regions = new HashSet<>();
    for (RecordedRequest request : sent) {
      QueryRequest q = request.raw(QueryRequest.class);
      assertEquals("#a0 = :v0 AND #a1 = :v1 AND #a2 = :v2", q.keyConditionExpression());
      regions.add(q.expressionAttributeValues().get(":v1"));
    }
    assertEquals(Set.of(AttributeValue.fromS("eu"), AttributeValue.fromS("us")), regions);
  }

  @Test
  void inListsOnBothPartitionAttributesAreOneQueryPerCombination() throws SQLException {
    List<List<String>> rows = query(connection, "SELECT id FROM orders WHERE tenant IN ('t1', 't2') "
        + "AND region IN ('eu', 'us') AND placed = 200 AND status = 'open' ORDER BY id");

    assertEquals(List.of(List.of("o2"), List.of("o5"), List.of("o6")), rows);
    // The Queries of a fan-out are sent concurrently, in no fixed order.
    Set<List<AttributeValue>> partitions = new HashSet<>();
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(4, sent.size(), sent::toString);
    for (RecordedRequest request : sent) {
      QueryRequest q = request.raw(QueryRequest.class);
      assertEquals("#a0 = :v0 AND #a1 = :v1 AND #a2 = :v2 AND #a3 = :v3", q.keyConditionExpression());
      partitions.add(List.of(q.expressionAttributeValues().get(":v0"), q.expressionAttributeValues().get(":v1")));
    }
    assertEquals(Set.of(List.of(AttributeValue.fromS("t1"), AttributeValue.fromS("eu")),
        List.of(AttributeValue.fromS("t1"), AttributeValue.fromS("us")),
        List.of(AttributeValue.fromS("t2"), AttributeValue.fromS("eu")),
        List.of(AttributeValue.fromS("t2"), AttributeValue.fromS("us"))), partitions);
  }

  @Test
  void aTableWithoutAMappingIsReadByItsMultiAttributeIndex() throws SQLException {
    try (Connection raw = DriverManager.getConnection(Keycond.url(server), Keycond.properties())) {
      RequestRecorder.clear();
      List<List<String>> rows = query(raw, "SELECT id, placed FROM \"" + table + "\" "
          + "WHERE tenant = 't1' AND region = 'us'");

      assertEquals(List.of(List.of("o5", "200")), rows);
    }
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("ByTenantRegion", sent.indexName());
    assertEquals("#a0 = :v0 AND #a1 = :v1", sent.keyConditionExpression());
  }

  @Test
  void aTransactionsOwnInsertIsFoundByTheIndexQueryBeforeCommit() throws SQLException {
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate("INSERT INTO orders (id, tenant, region, placed, status) "
          + "VALUES ('o9', 't1', 'us', 250, 'open')");
      statement.executeUpdate("INSERT INTO orders (id, tenant, region, placed, status) "
          + "VALUES ('o10', 't1', 'ap', 250, 'open')");
    }
    RequestRecorder.clear();

    assertEquals(List.of(List.of("o5"), List.of("o9")),
        query(connection, "SELECT id FROM orders WHERE tenant = 't1' AND region = 'us' ORDER BY placed"));
    assertEquals("#a0 = :v0 AND #a1 = :v1", onlyRequest().raw(QueryRequest.class).keyConditionExpression());
    assertTrue(item("o9").isEmpty(), "nothing is written before commit");
    connection.rollback();
  }

  @Test
  void aJoinReadsTheIndexByBothPartitionAttributesOfEachOuterRow() throws SQLException {
    String tenants = table + "_Tenants";
    server.client().createTable(b -> b.tableName(tenants).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(OrdersByTenantRegion.attribute("id", ScalarAttributeType.S))
        .keySchema(OrdersByTenantRegion.key("id", KeyType.HASH)));
    server.client().putItem(b -> b.tableName(tenants).item(Map.of("id", AttributeValue.fromS("t1"),
        "home", AttributeValue.fromS("us"))));
    String mapping = mapping("").replace("}}}}", "}}, \"tenants\": {\"source\": \"" + tenants
        + "\", \"columns\": {\"id\": \"VARCHAR\", \"home\": \"VARCHAR\"}, \"keys\": {\"id\": \"{id}\"}}}}");
    try (Connection joined = connect(mapping)) {
      RequestRecorder.clear();
      List<List<String>> rows = query(joined, "SELECT o.id FROM tenants t JOIN orders o "
          + "ON o.tenant = t.id AND o.region = t.home WHERE t.id = 't1'");

      assertEquals(List.of(List.of("o5")), rows);
    }
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("GetItem", "Query"), sent.stream().map(RecordedRequest::operation).toList());
    QueryRequest inner = sent.get(1).raw(QueryRequest.class);
    assertEquals("ByTenantRegion", inner.indexName());
    assertEquals("#a0 = :v0 AND #a1 = :v1", inner.keyConditionExpression());
    assertEquals(List.of(AttributeValue.fromS("t1"), AttributeValue.fromS("us")),
        List.of(inner.expressionAttributeValues().get(":v0"), inner.expressionAttributeValues().get(":v1")));
  }

  @Test
  void orderByTheSortAttributesBackwardsReadsTheIndexBackwards() throws SQLException {
    List<List<String>> rows = query(connection, "SELECT id, placed, status FROM orders "
        + "WHERE tenant = 't1' AND region = 'eu' ORDER BY placed DESC, status DESC");

    assertEquals(List.of(List.of("o4", "300", "closed"), List.of("o3", "200", "shipped"),
        List.of("o2", "200", "open"), List.of("o1", "100", "open")), rows);
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("#a0 = :v0 AND #a1 = :v1", sent.keyConditionExpression());
    assertEquals(Boolean.FALSE, sent.scanIndexForward());
  }

  @Test
  void orderByTheSecondSortAttributeOnceTheFirstIsBoundReadsInKeyOrder() throws SQLException {
    List<List<String>> rows = query(connection, "SELECT id FROM orders "
        + "WHERE tenant = 't1' AND region = 'eu' AND placed = 200 ORDER BY status DESC FETCH FIRST 1 ROWS ONLY");

    assertEquals(List.of(List.of("o3")), rows);
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("#a0 = :v0 AND #a1 = :v1 AND #a2 = :v2", sent.keyConditionExpression());
    assertEquals(Boolean.FALSE, sent.scanIndexForward());
    assertEquals(1, sent.limit());
  }

  @Test
  void bindingOnlyPartOfThePartitionKeyIsRefusedNamingWhatIsMissing() {
    SQLException refused = assertThrows(SQLException.class,
        () -> query(connection, "SELECT id FROM orders WHERE tenant = 't1' AND placed > 150"));

    assertEquals("42Z01", refused.getSQLState());
    String message = refused.getMessage();
    assertTrue(message.contains("Index 'ByTenantRegion' has a partition key of several attributes (tenant, region)"),
        message);
    assertTrue(message.contains("no condition binds 'region'"), message);
    assertTrue(message.contains("use index 'ByTenantRegion', filling in <region>: SELECT id FROM orders WHERE "
        + "region = <region> AND tenant = 't1' AND placed > 150"), message);
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  @Test
  void aReferenceToTheIndexBindingPartOfItsPartitionKeyIsRefusedNamingWhatIsMissing() {
    SQLException refused = assertThrows(SQLException.class,
        () -> query(connection, "SELECT id FROM \"orders@ByTenantRegion\" WHERE region = 'eu'"));

    assertEquals("42Z01", refused.getSQLState());
    assertTrue(refused.getMessage().contains("No condition binds 'tenant' of the partition key (tenant, region) of "
        + "index 'ByTenantRegion'"), refused.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  // ---------------------------------------------------------------- EXPLAIN and metadata

  @Test
  void explainShowsTheKeyConditionSentAndItsJsonIsTheRequest() throws SQLException {
    String sql = "SELECT id FROM orders WHERE tenant = 't1' AND region = 'eu' AND placed BETWEEN 150 AND 250 "
        + "AND status = 'open'";
    List<String> text = explain(connection, "EXPLAIN PLAN FOR " + sql);
    List<String> json = explain(connection, "EXPLAIN PLAN AS JSON FOR " + sql);
    List<String> cli;
    try (Connection withCli = connect(mapping(""), "explain=cli")) {
      cli = explain(withCli, "EXPLAIN PLAN FOR " + sql);
    }

    assertEquals(List.of(List.of("o2")), query(connection, sql));
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("#a0 = :v0 AND #a1 = :v1 AND #a2 BETWEEN :v2 AND :v3", sent.keyConditionExpression());
    assertTrue(text.stream().anyMatch(l -> l.strip().replaceFirst(":\\s+", ": ")
        .equals("KeyConditionExpression: " + sent.keyConditionExpression())), text::toString);
    assertEquals(1, json.size(), json::toString);
    DynamoDbRequest fromJson = SdkJson.request("Query", json.get(0));
    assertTrue(sent.equalsBySdkFields(fromJson), () -> fromJson + " is not " + sent);
    Matcher command = cli.stream().map(l -> CLI.matcher(l.strip())).filter(Matcher::matches).findFirst()
        .orElseThrow(() -> new AssertionError("no AWS CLI command in " + cli));
    assertTrue(sent.equalsBySdkFields(SdkJson.request("Query", command.group(1))), command.group(1));
  }

  @Test
  void getIndexInfoListsTheKeyAttributesInKeyOrder() throws SQLException {
    List<String> rows = new ArrayList<>();
    try (ResultSet rs = connection.getMetaData().getIndexInfo(null, null, "orders", false, true)) {
      while (rs.next()) {
        rows.add(rs.getString("INDEX_NAME") + " " + rs.getShort("ORDINAL_POSITION") + " " + rs.getString("COLUMN_NAME"));
      }
    }

    assertEquals(List.of("ByTenantRegion 1 tenant", "ByTenantRegion 2 region", "ByTenantRegion 3 placed",
        "ByTenantRegion 4 status"), rows.stream().filter(r -> r.startsWith("ByTenantRegion")).toList());
  }

  // ---------------------------------------------------------------- writes

  @Test
  void anInsertWritesEachKeyAttributeAsItsOwnValueAndTheIndexFindsIt() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      assertEquals(1, statement.executeUpdate("INSERT INTO orders (id, tenant, region, placed, status) "
          + "VALUES ('o9', 't3', 'ap', 50, 'open')"));
    }

    assertEquals(Map.of("id", AttributeValue.fromS("o9"), "tenant", AttributeValue.fromS("t3"),
        "region", AttributeValue.fromS("ap"), "placed", AttributeValue.fromN("50"),
        "status", AttributeValue.fromS("open")), item("o9"));
    RequestRecorder.clear();
    assertEquals(List.of(List.of("o9")),
        query(connection, "SELECT id FROM orders WHERE tenant = 't3' AND region = 'ap' AND placed < 60"));
    assertEquals("ByTenantRegion", onlyRequest().raw(QueryRequest.class).indexName());
  }

  @Test
  void anUpdateOfASortAttributeMovesTheItemInTheIndex() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      assertEquals(1, statement.executeUpdate("UPDATE orders SET status = 'closed' WHERE id = 'o1'"));
    }

    assertEquals(AttributeValue.fromS("closed"), item("o1").get("status"));
    assertEquals(List.of(List.of("o1")), query(connection,
        "SELECT id FROM orders WHERE tenant = 't1' AND region = 'eu' AND placed = 100 AND status = 'closed'"));
  }

  @Test
  void anEmptyStringInAnIndexKeyAttributeIsRefusedBeforeAnythingIsSent() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      SQLException insert = assertThrows(SQLException.class, () -> statement.executeUpdate(
          "INSERT INTO orders (id, tenant, region, placed, status) VALUES ('o9', 't1', '', 50, 'open')"));
      assertEquals("22Z02", insert.getSQLState());
      assertTrue(insert.getMessage().contains("'region'"), insert.getMessage());
      SQLException update = assertThrows(SQLException.class,
          () -> statement.executeUpdate("UPDATE orders SET status = '' WHERE id = 'o1'"));
      assertEquals("22Z02", update.getSQLState());
      assertTrue(update.getMessage().contains("'status'"), update.getMessage());
    }

    assertFalse(RequestRecorder.dataRequests().stream()
        .anyMatch(r -> r.operation().equals("PutItem") || r.operation().equals("UpdateItem")),
        RequestRecorder.dataRequests()::toString);
    assertTrue(item("o9").isEmpty());
    assertEquals(AttributeValue.fromS("open"), item("o1").get("status"));
  }

  // ---------------------------------------------------------------- the mapping

  @Test
  void aTemplateOnAMultiAttributeKeyAttributeIsRefusedAtConnect() {
    SQLException refused = assertThrows(SQLException.class,
        () -> connect(mapping(", \"region\": \"R#{region}\"")).close());

    assertEquals("42Z10", refused.getSQLState());
    String message = refused.getMessage();
    assertTrue(message.contains("table 'orders', field 'keys.region'"), message);
    assertTrue(message.contains("multi-attribute key of index 'ByTenantRegion'"), message);
  }

  @Test
  void aColumnOfAnotherTypeThanItsKeyAttributeIsRefusedAtConnect() {
    // moto takes a string in the N attribute placed; DynamoDB does not, so neither does keycond.
    SQLException refused = assertThrows(SQLException.class,
        () -> connect(mapping("").replace("\"placed\": \"INTEGER\"", "\"placed\": \"VARCHAR\"")).close());

    assertEquals("42Z10", refused.getSQLState());
    assertTrue(refused.getMessage().contains("field 'columns.placed'"), refused.getMessage());
    assertTrue(refused.getMessage().contains("number (N) key of index 'ByTenantRegion'"), refused.getMessage());
  }

  // ---------------------------------------------------------------- support

  /** The mapping of plain columns, with {@code keys} (the table's {@code "id": "{id}"} and any more) under "keys". */
  private String mapping(String keys) {
    return "inline:{\"tables\": {\"orders\": {\"source\": \"" + table + "\", \"columns\": {\"id\": \"VARCHAR\", "
        + "\"tenant\": \"VARCHAR\", \"region\": \"VARCHAR\", \"placed\": \"INTEGER\", \"status\": \"VARCHAR\"}, "
        + "\"keys\": {\"id\": \"{id}\"" + keys + "}}}}";
  }

  private Connection connect(String mapping, String... properties) throws SQLException {
    List<String> all = new ArrayList<>(List.of(properties));
    all.add("mapping=" + mapping);
    return DriverManager.getConnection(Keycond.url(server), Keycond.properties(all.toArray(String[]::new)));
  }

  private void put(String id, String tenant, String region, int placed, String status) {
    OrdersByTenantRegion.put(server.client(), table, id, tenant, region, placed, status);
  }

  /** The item as the server holds it, read with the raw SDK; empty when there is none. */
  private Map<String, AttributeValue> item(String id) {
    return server.client().getItem(b -> b.tableName(table).key(Map.of("id", AttributeValue.fromS(id)))
        .consistentRead(true)).item();
  }

  private static List<String> explain(Connection connection, String sql) throws SQLException {
    RequestRecorder.clear();
    List<String> lines = new ArrayList<>();
    try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        lines.add(rows.getString(sql.contains("AS JSON") ? 2 : 1));
      }
    }
    assertEquals(List.of(), RequestRecorder.dataRequests(), "EXPLAIN sends nothing");
    return lines;
  }

  private static Map<String, String> names(QueryRequest request, List<String> placeholders) {
    Map<String, String> names = new java.util.HashMap<>();
    placeholders.forEach(p -> names.put(p, request.expressionAttributeNames().get(p)));
    return names;
  }

}
