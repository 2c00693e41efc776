package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.FaultProxy;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * What the connections of one JVM share: the DynamoDB client (and its pool of HTTP connections) of
 * the same endpoint, region, credentials and {@code maxConnections}, closed with the last connection
 * that uses it; and the descriptions of their tables and the list of the account's tables, reused
 * for {@code descriptionReuseSeconds} and dropped when a request's error shows one stale. Each test has tables of its own, since what
 * is shared outlives a connection.
 */
@ExtendWith(DynaliteExtension.class)
class SharedConnectionStateTest {
  private static final AtomicInteger NEXT = new AtomicInteger();
  /** The table's one item, by its key. */
  private static final String POINT_READ = "SELECT v FROM t WHERE a = 'a1' AND s = 's1'";

  private static DynamoServer server;

  @BeforeAll
  static void keepServer(DynamoServer dynamo) {
    server = dynamo;
  }

  @Test
  void aSecondConnectionDescribesNothingAndBuildsNoClient() throws SQLException {
    String table = createTable();
    RequestRecorder.clear();
    try (Connection first = connect(table)) {
      assertEquals(describing(table), metadataRequests());
      RequestRecorder.clear();
      int clients = RequestRecorder.clientsBuilt();

      try (Connection second = connect(table)) {
        assertEquals(List.of(), metadataRequests(), "the second connection reuses the first one's description");
        assertEquals(clients, RequestRecorder.clientsBuilt(), "the second connection shares the first one's client");
        assertEquals(List.of("x"), values(second, POINT_READ));
        assertEquals(List.of("x"), values(first, POINT_READ), "both read through the one client");
        assertEquals(List.of("GetItem " + table, "GetItem " + table), operations(RequestRecorder.requests()));
        assertEquals(clients, RequestRecorder.clientsBuilt());
      }
    }
  }

  @Test
  void aReuseTimeOfZeroDescribesEveryTable() throws SQLException {
    String table = createTable();
    connect(table).close();
    RequestRecorder.clear();
    try (Connection second = connect(table, "descriptionReuseSeconds=0")) {
      assertEquals(describing(table), metadataRequests());
      assertEquals(List.of("x"), values(second, POINT_READ));
    }
  }

  @Test
  void anIndexAddedToATableCreatedAgainIsSeenOnceTheReuseTimeIsOver() throws Exception {
    String table = createTable();
    connect(table).close();
    recreate(table, "ByV");
    try (Connection reusing = connect(table)) {
      // The description is a few milliseconds old: the connection does not know the index yet.
      SQLException e = assertThrows(SQLException.class, () -> values(reusing, "SELECT s FROM t WHERE v = 'x'"));
      assertTrue(e.getSQLState().startsWith("42"), e.getSQLState() + ": " + e.getMessage());
    }
    Thread.sleep(1_100);
    RequestRecorder.clear();
    try (Connection later = connect(table, "descriptionReuseSeconds=1")) {
      assertEquals(describing(table), metadataRequests());
      RequestRecorder.clear();
      assertEquals(List.of("s1"), values(later, "SELECT s FROM t WHERE v = 'x'"));
      assertEquals(List.of("Query " + table + " ByV"), operations(RequestRecorder.requests()));
    }
  }

  @Test
  void aQueryOfAnIndexTheTableNoLongerHasDropsTheSharedDescription() throws SQLException {
    String table = createTable("ByV");
    try (Connection first = connect(table)) {
      assertEquals(List.of("s1"), values(first, "SELECT s FROM t WHERE v = 'x'"));
      recreate(table, "ByW");
      try (Connection reusing = connect(table)) {
        RequestRecorder.clear();
        SQLException e = assertThrows(SQLException.class, () -> values(reusing, "SELECT s FROM t WHERE v = 'x'"));
        // DynamoDB and dynalite answer a ValidationException, moto a ResourceNotFoundException.
        assertTrue(e.getMessage().contains("index 'ByV' failed"), e::getMessage);
        assertEquals(List.of("Query " + table + " ByV"), operations(RequestRecorder.requests()));
      }
      RequestRecorder.clear();
      try (Connection later = connect(table)) {
        assertEquals(describing(table), metadataRequests(),
            "the failed Query dropped the description, well within the reuse time");
        RequestRecorder.clear();
        assertEquals(List.of("s1"), values(later, "SELECT s FROM t WHERE w = 'y'"));
        assertEquals(List.of("Query " + table + " ByW"), operations(RequestRecorder.requests()));
      }
    }
  }

  @Test
  void aTableDroppedDropsTheSharedDescriptionAtItsFirstRequest() throws SQLException {
    String table = createTable();
    try (Connection first = connect(table)) {
      server.client().deleteTable(b -> b.tableName(table));
      SQLException e = assertThrows(SQLException.class,
          () -> values(first, POINT_READ));
      assertEquals("42S02", e.getSQLState(), e::getMessage);
      createNamedTable(table);
      RequestRecorder.clear();
      try (Connection later = connect(table)) {
        assertEquals(describing(table), metadataRequests());
        assertEquals(List.of("x"), values(later, POINT_READ));
      }
    }
  }

  @Test
  void aRawTableAnotherConnectionListedIsFoundWithoutListingTheTablesAgain() throws Exception {
    String table = createTable();
    String raw = createTable();
    String pointRead = "SELECT PK FROM " + raw + " WHERE PK = 'a1' AND SK = 's1'";
    // The proxy's endpoint is one no other test uses: its connections share a list of their own, and
    // it counts only their requests, whatever other tests send meanwhile.
    try (FaultProxy proxy = FaultProxy.start(server.endpoint())) {
      try (Connection first = connectThrough(proxy.endpoint(), table)) {
        assertTrue(tableNames(first).contains(raw));
        assertEquals(1, listings(proxy), "the first connection lists the tables");
      }
      proxy.clearRequests();
      try (Connection second = connectThrough(proxy.endpoint(), table)) {
        assertEquals(List.of("a1"), values(second, pointRead));
        assertEquals(0, listings(proxy),
            "the second connection finds the raw table in the first one's list");
        assertEquals(1, proxy.requests("GetItem").size());
      }
      proxy.clearRequests();
      try (Connection third = connectThrough(proxy.endpoint(), table, "descriptionReuseSeconds=0")) {
        assertEquals(List.of("a1"), values(third, pointRead));
        assertEquals(1, listings(proxy), "a reuse time of 0 lists the tables itself");
      }
    }
  }

  @Test
  void aTableCreatedAfterAnotherConnectionListedTheTablesIsFoundByNameAndListed() throws Exception {
    String table = createTable();
    try (FaultProxy proxy = FaultProxy.start(server.endpoint())) {
      try (Connection first = connectThrough(proxy.endpoint(), table)) {
        tableNames(first);
      }
      String created = createTable();
      proxy.clearRequests();
      try (Connection reusing = connectThrough(proxy.endpoint(), table)) {
        assertEquals(List.of("a1"), values(reusing, "SELECT PK FROM " + created + " WHERE PK = 'a1' AND SK = 's1'"),
            "a name missing from the list another connection made is looked for in a list of the connection's own");
        assertEquals(1, listings(proxy));
        assertEquals(1, proxy.requests("GetItem").size());
        proxy.clearRequests();
        SQLException e = assertThrows(SQLException.class, () -> values(reusing, "SELECT PK FROM no_such_table"));
        assertEquals("42S02", e.getSQLState(), e::getMessage);
        assertTrue(tableNames(reusing).contains(created), "the catalog lists the connection's own list");
        assertEquals(0, listings(proxy), "the connection lists the tables at most once");
      }
    }
  }

  @Test
  void twoCredentialSetsShareNeitherClientNorDescriptions() throws SQLException {
    String table = createTable();
    try (Connection first = connect(table)) {
      RequestRecorder.clear();
      int clients = RequestRecorder.clientsBuilt();
      // dynalite takes any credentials: only the secret tells these two apart.
      try (Connection other = connect(table, "password=another-secret")) {
        assertEquals(describing(table), metadataRequests());
        assertEquals(clients + 1, RequestRecorder.clientsBuilt());
        assertEquals(List.of("x"), values(other, POINT_READ), "the other client reads as well");
        assertEquals(List.of("x"), values(first, POINT_READ), "and so does the first one's");
      }
    }
  }

  @Test
  void anotherPoolSizeBuildsAClientOfItsOwnButReusesTheDescriptions() throws SQLException {
    String table = createTable();
    try (Connection first = connect(table)) {
      RequestRecorder.clear();
      int clients = RequestRecorder.clientsBuilt();
      try (Connection other = connect(table, "maxConnections=3")) {
        assertEquals(List.of(), metadataRequests());
        assertEquals(clients + 1, RequestRecorder.clientsBuilt());
        assertEquals(List.of("x"), values(other, POINT_READ));
        assertEquals(List.of("x"), values(first, POINT_READ));
      }
    }
  }

  @Test
  void theSharedClientClosesWhenItsLastConnectionCloses() throws Exception {
    String table = createTable();
    try (FaultProxy proxy = FaultProxy.start(server.endpoint())) {
      // The proxy's endpoint is one no other connection uses, so these two share a client of their own.
      Connection first = connectThrough(proxy.endpoint(), table);
      Connection second = connectThrough(proxy.endpoint(), table);
      assertEquals(List.of("x"), values(first, POINT_READ));
      assertTrue(proxy.openConnections() > 0, "the client keeps its HTTP connections alive");

      first.close();
      Thread.sleep(300);
      assertTrue(proxy.openConnections() > 0, "the client stays open for the second connection");
      proxy.clearRequests();
      assertEquals(List.of("x"), values(second, POINT_READ));
      assertEquals(1, proxy.requests("GetItem").size());

      second.close();
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (proxy.openConnections() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(0, proxy.openConnections(), "closing the client closed its HTTP connections");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "86401", "soon", "1.5"})
  void aReuseTimeOutsideItsRangeIsRefusedWith22023(String value) {
    String table = "never_described";
    SQLException e = assertThrows(SQLException.class,
        () -> connect(table, "descriptionReuseSeconds=" + value).close());

    assertEquals("22023", e.getSQLState(), e::getMessage);
    assertEquals("Invalid value '" + value + "' for property descriptionReuseSeconds: use a whole number of at "
        + "least 0 and at most 86400", e.getMessage());
  }

  private static Connection connect(String table, String... properties) throws SQLException {
    return connectThrough(server.endpoint(), table, properties);
  }

  private static Connection connectThrough(String endpoint, String table, String... properties) throws SQLException {
    Properties info = Keycond.properties(properties);
    info.setProperty("mapping", mapping(table));
    return DriverManager.getConnection(Keycond.url(endpoint), info);
  }

  /** One SQL table {@code t} over the table, its columns in attributes of their own names. */
  private static String mapping(String table) {
    return "inline:{\"tables\": {\"t\": {\"source\": \"" + table + "\", \"keys\": {\"PK\": \"{a}\", \"SK\": \"{s}\"}, "
        + "\"columns\": {\"a\": \"VARCHAR\", \"s\": \"VARCHAR\", \"v\": \"VARCHAR\", \"w\": \"VARCHAR\"}}}}";
  }

  /** A new table with one item, (a1, s1) with v = 'x' and w = 'y', and global indexes on those attributes. */
  private static String createTable(String... indexes) {
    String table = "shared_T" + NEXT.incrementAndGet();
    createNamedTable(table, indexes);
    return table;
  }

  private static void createNamedTable(String table, String... indexes) {
    DynamoDbClient client = server.client();
    List<AttributeDefinition> attributes = new ArrayList<>(List.of(string("PK"), string("SK")));
    List<GlobalSecondaryIndex> globals = new ArrayList<>();
    for (String index : indexes) {
      String attribute = index.equals("ByV") ? "v" : "w";
      attributes.add(string(attribute));
      globals.add(GlobalSecondaryIndex.builder().indexName(index)
          .keySchema(KeySchemaElement.builder().attributeName(attribute).keyType(KeyType.HASH).build())
          .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build());
    }
    client.createTable(b -> {
      b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST).attributeDefinitions(attributes)
          .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
              KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build());
      if (!globals.isEmpty()) {
        b.globalSecondaryIndexes(globals);
      }
    });
    client.putItem(b -> b.tableName(table).item(Map.of("PK", AttributeValue.fromS("a1"), "SK",
        AttributeValue.fromS("s1"), "v", AttributeValue.fromS("x"), "w", AttributeValue.fromS("y"))));
  }

  /** Drops the table and creates it again, with these indexes and its one item. */
  private static void recreate(String table, String... indexes) {
    server.client().deleteTable(b -> b.tableName(table));
    createNamedTable(table, indexes);
  }

  private static AttributeDefinition string(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static List<String> values(Connection connection, String sql) throws SQLException {
    List<String> values = new ArrayList<>();
    try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        values.add(rows.getString(1));
      }
    }
    return values;
  }

  /** The names DatabaseMetaData.getTables gives, in its order. */
  private static List<String> tableNames(Connection connection) throws SQLException {
    List<String> names = new ArrayList<>();
    try (ResultSet tables = connection.getMetaData().getTables(null, null, "%", null)) {
      while (tables.next()) {
        names.add(tables.getString("TABLE_NAME"));
      }
    }
    return names;
  }

  /**
   * How many times the tables were listed through the proxy: ListTables requests for a first page
   * (the server holds every test's tables, so one listing may take several pages).
   */
  private static long listings(FaultProxy proxy) {
    return proxy.requests("ListTables").stream().filter(r -> !r.laterPage()).count();
  }

  /** What {@link #metadataRequests()} are when a connection describes the table. */
  private static List<String> describing(String table) {
    return List.of("DescribeTable " + table, "DescribeTimeToLive " + table);
  }

  /** The DescribeTable and DescribeTimeToLive requests recorded, as operation and table, sorted. */
  private static List<String> metadataRequests() {
    return operations(RequestRecorder.requests()).stream()
        .filter(r -> r.startsWith("DescribeTable ") || r.startsWith("DescribeTimeToLive ")).sorted().toList();
  }

  /** Each request as its operation, its table and the index it reads, if any. */
  private static List<String> operations(List<RecordedRequest> requests) {
    return requests.stream().map(r -> String.join(" ", Arrays.stream(new String[] {r.operation(),
        String.join(",", r.tableNames()), r.indexName()}).filter(p -> p != null && !p.isEmpty()).toList())).toList();
  }
}
