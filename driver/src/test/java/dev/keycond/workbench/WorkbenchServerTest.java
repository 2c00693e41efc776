package dev.keycond.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.KeycondStatement;
import dev.keycond.demo.Dynalite;
import dev.keycond.demo.RecordingProxy;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.testing.DemoDatabase;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The workbench's API and its guard, over HTTP against dynalite with the demo's data: what each
 * call answers, which DynamoDB requests it sends, what it refuses, and that no answer ever holds
 * the connection's secret key.
 */
class WorkbenchServerTest {
  private static final String SECRET = "wB-s3cret-Key-9f1c0e";
  private static final String PREFIX = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  /** Every answer of every test, checked at the end for the secret and for CORS headers. */
  private static final List<HttpResponse<String>> ANSWERS = new ArrayList<>();

  private static DemoDatabase db;
  private static Connection connection;
  private static WorkbenchServer server;
  private static String origin;
  private static String token;

  @BeforeAll
  static void start() throws Exception {
    db = DemoDatabase.get();
    String url = db.url().replace("password=test", "password=" + SECRET);
    assertTrue(url.contains(SECRET), url);
    connection = DriverManager.getConnection(url);
    server = WorkbenchServer.start(connection.unwrap(KeycondConnection.class), 0);
    origin = server.address().substring(0, server.address().indexOf("/?token="));
    token = server.address().substring(server.address().indexOf("?token=") + "?token=".length());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    connection.close();
    assertFalse(ANSWERS.isEmpty());
    for (HttpResponse<String> answer : ANSWERS) {
      assertFalse(answer.body().contains(SECRET), answer.uri() + " answered the secret key: " + answer.body());
      answer.headers().map().keySet().forEach(header ->
          assertFalse(header.toLowerCase().startsWith("access-control-"), answer.uri() + " sent " + header));
    }
  }

  private static HttpResponse<String> get(String path, boolean header) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin + path));
    if (header) {
      request.header(WorkbenchServer.tokenHeader(), token);
    }
    return answer(request.GET().build());
  }

  private static HttpResponse<String> post(String path, Map<String, Object> body, String from, String withToken)
      throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(origin + path))
        .header(WorkbenchServer.tokenHeader(), withToken).header("Origin", from)
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
    return answer(request);
  }

  private static HttpResponse<String> answer(HttpRequest request) throws Exception {
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    ANSWERS.add(response);
    return response;
  }

  private static JsonNode api(String path, Map<String, Object> body) throws Exception {
    HttpResponse<String> response = post(path, body, origin, token);
    assertEquals(200, response.statusCode(), response.body());
    return JSON.readTree(response.body());
  }

  private static List<String> operations() {
    return db.dataRequests().stream().map(RecordingProxy.Request::operation).toList();
  }

  /** The cost of {@link #PREFIX} on a connection, every row read. */
  private static StatementCost prefixCost(Connection on) throws Exception {
    try (Statement statement = on.createStatement(); ResultSet rows = statement.executeQuery(PREFIX)) {
      int read = 0;
      while (rows.next()) {
        read++;
      }
      assertTrue(read > 0, PREFIX + " returned no rows");
      return statement.unwrap(KeycondStatement.class).cost();
    }
  }

  @Test
  void theWorkbenchAsksForTheUnitsWhateverTheUrlSays() throws Exception {
    String notAsking = db.url("consumedCapacity=none");
    try (Connection plain = DriverManager.getConnection(notAsking);
        Connection workbench = Workbench.connect(notAsking)) {
      assertFalse(prefixCost(plain).unitsReported(), "the URL's property is in effect on other connections");
      StatementCost cost = prefixCost(workbench);
      assertTrue(cost.unitsReported());
      assertTrue(cost.readCapacityUnits() > 0, cost::summary);
      assertTrue(cost.summary().endsWith(" RCU"), cost::summary);
    }
  }

  @Test
  void thePageAndItsAssetsNeedTheTokenInTheirAddress() throws Exception {
    assertEquals(401, get("/", false).statusCode());
    assertEquals(401, get("/?token=" + token + "x", false).statusCode());
    assertEquals(401, get("/assets/app.js", false).statusCode());
    HttpResponse<String> page = get("/?token=" + token, false);
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("<title>keycond workbench</title>"), page.body());
    assertEquals("no-referrer", page.headers().firstValue("Referrer-Policy").orElseThrow());
    assertTrue(page.headers().firstValue("Content-Security-Policy").orElseThrow().contains("default-src 'self'"));
    HttpResponse<String> app = get("/assets/app.js?token=" + token, false);
    assertEquals(200, app.statusCode());
    assertTrue(app.headers().firstValue("Content-Type").orElseThrow().startsWith("text/javascript"));
    assertEquals(404, get("/assets/../WorkbenchServer.class?token=" + token, false).statusCode());
  }

  /**
   * A request from another address of this machine reaches the loopback socket (Linux routes it),
   * and is refused though it carries the token. Without such an address the test is skipped, and
   * AccessGuardTest still checks the decision.
   */
  @Test
  void aRequestFromANonLoopbackAddressIsRefused() throws Exception {
    Optional<InetAddress> other = NetworkInterface.networkInterfaces()
        .flatMap(NetworkInterface::inetAddresses)
        .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress()).findFirst();
    Assumptions.assumeTrue(other.isPresent(), "this machine has no non-loopback IPv4 address to send from");
    URI page = URI.create(server.address());
    try (Socket socket = new Socket()) {
      socket.bind(new InetSocketAddress(other.get(), 0));
      socket.connect(new InetSocketAddress("127.0.0.1", page.getPort()), 5000);
      socket.getOutputStream().write(("GET /?token=" + token + " HTTP/1.1\r\nHost: 127.0.0.1:" + page.getPort()
          + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(answer.startsWith("HTTP/1.1 403"), answer);
      assertFalse(answer.contains(SECRET));
      assertFalse(answer.contains("<title>"), answer);
    }
  }

  @Test
  void theApiNeedsTheTokenInItsHeader() throws Exception {
    assertEquals(401, get("/api/mapping", false).statusCode());
    assertEquals(401, get("/api/mapping?token=" + token, false).statusCode());
    HttpResponse<String> mapping = get("/api/mapping", true);
    assertEquals(200, mapping.statusCode());
    JsonNode tables = JSON.readTree(mapping.body()).get("tables");
    assertEquals("Drive", tables.get(0).get("name").asText());
    assertEquals("DRIVE#{account}", tables.get(0).get("entities").get(0).get("keys").get("PK").asText());
    assertEquals("workspaces", tables.get(1).get("entities").get(1).get("references").get(0).get("table").asText());
  }

  @Test
  void aPostWithoutTheTokenOrFromAnotherOriginRunsNothing() throws Exception {
    db.clearRequests();
    assertEquals(401, post("/api/run", Map.of("sql", PREFIX), origin, "wrong").statusCode());
    assertEquals(403, post("/api/run", Map.of("sql", PREFIX), "http://evil.example", token).statusCode());
    assertEquals(List.of(), operations());
  }

  @Test
  void aRunGivesTheRowsTheRequestsAsExplainGivesThemAndTheCost() throws Exception {
    db.clearRequests();
    JsonNode answer = api("/api/run", Map.of("sql", PREFIX));
    assertEquals("rows", answer.get("status").asText(), answer.toString());
    assertEquals(List.of("Query"), operations());
    assertEquals("[[\"root/photos/\",\"0\"],[\"root/photos/2026/\",\"0\"],[\"root/photos/2026/beach.jpg\",\"2483017\"],"
        + "[\"root/photos/2026/sunset.jpg\",\"3120456\"]]", answer.get("rows").toString());
    assertEquals("[{\"name\":\"path\",\"type\":\"VARCHAR\"},{\"name\":\"size\",\"type\":\"BIGINT\"}]",
        answer.get("columns").toString());
    assertEquals("1 Query, 4 items read, 0.5 RCU", answer.get("cost").get("summary").asText());
    JsonNode card = answer.get("requests").get(0);
    assertEquals(1, answer.get("requests").size());
    try (Statement statement = connection.createStatement();
        ResultSet explained = statement.executeQuery("EXPLAIN PLAN AS JSON FOR " + PREFIX)) {
      assertTrue(explained.next());
      assertEquals(explained.getString("REQUEST"), card.get("json").asText());
    }
    assertTrue(card.get("json").asText().contains("begins_with"));
  }

  @Test
  void theSliceIsReadByKeyReadsListedApart() throws Exception {
    db.clearRequests();
    JsonNode answer = api("/api/slice", Map.of("sql", PREFIX));
    List<String> sent = operations();
    assertEquals(answer.get("keyReads").size(), sent.size(), answer.toString());
    assertTrue(sent.stream().allMatch("Query"::equals), sent.toString());
    JsonNode slice = answer.get("slices").get(0);
    List<String> read = new ArrayList<>();
    List<String> all = new ArrayList<>();
    for (JsonNode item : slice.get("items")) {
      all.add(item.get("sort").asText());
      if (item.get("read").asBoolean()) {
        read.add(item.get("sort").asText());
      }
      assertEquals("files", item.get("entity").asText());
    }
    assertEquals(List.of("root/photos/", "root/photos/2026/", "root/photos/2026/beach.jpg",
        "root/photos/2026/sunset.jpg"), read);
    assertEquals(List.of("root/", "root/docs/", "root/docs/cv.pdf", "root/photos", "root/photos/", "root/photos/2026/",
        "root/photos/2026/beach.jpg", "root/photos/2026/sunset.jpg", "root/photosX/", "root/photosX/raw.dng"), all);
    assertEquals(0, slice.get("countBefore").asLong());
    assertEquals(0, slice.get("countAfter").asLong());
  }

  @Test
  void theSliceMarksWhatTheFilterExpressionDropped() throws Exception {
    JsonNode slice = api("/api/slice", Map.of("sql",
        "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%' AND size > 0")).get("slices").get(0);
    List<String> filtered = new ArrayList<>();
    for (JsonNode item : slice.get("items")) {
      if (item.get("filtered").asBoolean()) {
        filtered.add(item.get("sort").asText());
      }
    }
    assertEquals(List.of("root/photos/", "root/photos/2026/"), filtered);
    assertEquals(4, slice.get("readCount").asInt());
    assertEquals(2, slice.get("returnedCount").asInt());
  }

  @Test
  void aBodyThatIsNotJsonIsRefused() throws Exception {
    HttpResponse<String> answer = answer(HttpRequest.newBuilder(URI.create(origin + "/api/run"))
        .header(WorkbenchServer.tokenHeader(), token).header("Origin", origin)
        .POST(HttpRequest.BodyPublishers.ofString("{\"sql\": ")).build());
    assertEquals(400, answer.statusCode());
    assertEquals(404, post("/api/nothing", Map.of(), origin, token).statusCode());
  }

  @Test
  void aRefusedScanSendsNothingAndGivesTheCorrectedStatement() throws Exception {
    db.clearRequests();
    JsonNode answer = api("/api/run", Map.of("sql", "SELECT path, size FROM files WHERE size > 1000000"));
    assertEquals("refused", answer.get("status").asText());
    assertTrue(answer.get("message").asText().startsWith("Reading table 'files' needs a full Scan"));
    assertEquals("[\"SELECT path, size FROM files WHERE account = <account> AND size > 1000000\"]",
        answer.get("fixes").toString());
    assertEquals("Scan", answer.get("requests").get(0).get("operation").asText());
    assertEquals(List.of(), operations());
  }

  @Test
  void anErrorNamesItsSqlState() throws Exception {
    JsonNode answer = api("/api/run", Map.of("sql", "SELECT nope FROM files WHERE account = 'a91'"));
    assertEquals("error", answer.get("status").asText());
    assertTrue(answer.get("sqlState").asText().startsWith("42"), answer.toString());
    assertTrue(answer.get("message").asText().contains("nope"), answer.toString());
  }

  @Test
  void explainGivesTheTextAndSendsNothing() throws Exception {
    db.clearRequests();
    JsonNode answer = api("/api/explain", Map.of("sql", PREFIX));
    assertEquals("explained", answer.get("status").asText());
    assertEquals("DynamoDB requests: 1", answer.get("lines").get(0).asText());
    assertEquals(List.of(), operations());
  }

  @Test
  void aWriteRunsOnlyOnceConfirmed() throws Exception {
    DynamoDbClient raw = Dynalite.client(db.endpoint());
    Map<String, AttributeValue> key = Map.of("EntityRef", AttributeValue.fromS("WS#wb-test"),
        "Detail", AttributeValue.fromS("META"));
    String insert = "INSERT INTO workspaces (id, name, plan) VALUES ('wb-test', 'Workbench', 'free')";
    db.clearRequests();
    JsonNode unconfirmed = api("/api/run", Map.of("sql", insert));
    assertEquals("confirm", unconfirmed.get("status").asText());
    assertEquals("PutItem", unconfirmed.get("requests").get(0).get("operation").asText());
    assertEquals(List.of(), operations());
    assertFalse(raw.getItem(b -> b.tableName("Control").key(key).consistentRead(true)).hasItem());

    JsonNode confirmed = api("/api/run", Map.of("sql", insert, "confirm", true));
    assertEquals("done", confirmed.get("status").asText(), confirmed.toString());
    assertEquals(1, confirmed.get("updated").asInt());
    assertEquals("Workbench", raw.getItem(b -> b.tableName("Control").key(key).consistentRead(true)).item()
        .get("name").s());

    JsonNode deleted = api("/api/run", Map.of("sql", "DELETE FROM workspaces WHERE id = 'wb-test'", "confirm", true));
    assertEquals(1, deleted.get("updated").asInt(), deleted.toString());
    assertFalse(raw.getItem(b -> b.tableName("Control").key(key).consistentRead(true)).hasItem());
  }

  @Test
  void aClosedResultHasNoNextPage() throws Exception {
    JsonNode answer = api("/api/run", Map.of("sql", PREFIX));
    assertFalse(answer.get("more").asBoolean());
    ObjectNode next = (ObjectNode) api("/api/page", Map.of("cursor", answer.get("cursor").asLong()));
    assertEquals("error", next.get("status").asText());
  }
}
