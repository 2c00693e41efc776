package dev.keycond.sqltests.files;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * EXPLAIN PLAN FOR sends no item request, and what it shows is exactly what running
 * the statement sends: each field of the EXPLAIN block is compared with the recorded request.
 */
@ExtendWith(DynaliteExtension.class)
class ExplainTest {
  private static final Set<String> METADATA = Set.of("DescribeTable", "DescribeTimeToLive", "ListTables");
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Connection files;
  private static Connection scans;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    files = Keycond.loadAndConnect(server, "files");
    scans = Keycond.loadAndConnect(server, "scan", "scan=allow");
  }

  @AfterAll
  static void close() throws SQLException {
    files.close();
    scans.close();
  }

  @Test
  void aQueryIsExplainedAsItIsSent() throws SQLException {
    String sql = "SELECT path, size FROM files WHERE account = 'a91' "
        + "AND path LIKE 'root/photos/%' ORDER BY path DESC LIMIT 2";
    Map<String, String> explained = explainOneRequest(files, sql);
    QueryRequest sent = runOneRequest(files, sql, QueryRequest.class);

    assertEquals("Query on table 'files_Drive'", explained.get("request"));
    assertEquals(sent.keyConditionExpression(), explained.get("KeyConditionExpression"));
    assertEquals(sent.projectionExpression(), explained.get("ProjectionExpression"));
    assertEquals(sent.expressionAttributeNames(), names(explained));
    assertEquals(values(sent.expressionAttributeValues()),
        json(explained.get("ExpressionAttributeValues")));
    assertEquals("false", explained.get("ScanIndexForward"));
    assertEquals(Boolean.FALSE, sent.scanIndexForward());
    assertEquals("2", explained.get("Limit"));
    assertEquals(2, sent.limit());
    // Nothing is filtered on the server, and EXPLAIN shows only what the request carries.
    assertEquals(null, sent.filterExpression());
    assertFalse(explained.containsKey("FilterExpression"));
  }

  @Test
  void aGetItemIsExplainedWithItsKey() throws SQLException {
    String sql = "SELECT size FROM files WHERE account = 'a91' AND path = 'root/photos'";
    Map<String, String> explained = explainOneRequest(files, sql);
    GetItemRequest sent = runOneRequest(files, sql, GetItemRequest.class);

    assertEquals("GetItem on table 'files_Drive'", explained.get("request"));
    assertEquals(values(sent.key()), json(explained.get("Key")));
    assertEquals(sent.projectionExpression(), explained.get("ProjectionExpression"));
    assertEquals(sent.expressionAttributeNames(), names(explained));
  }

  @Test
  void aResidualIsExplainedAsWorkAfterTheRead() throws SQLException {
    String sql = "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/ph_tos/%'";
    List<String> lines = explain(files, sql);

    assertTrue(lines.stream().anyMatch(line -> line.contains("Driver after the read")
        && line.contains("path LIKE 'root/ph_tos/%'")), () -> String.join("\n", lines));
    Map<String, String> explained = block(lines);
    QueryRequest sent = runOneRequest(files, sql, QueryRequest.class);
    assertEquals(sent.keyConditionExpression(), explained.get("KeyConditionExpression"));
    assertEquals(values(sent.expressionAttributeValues()),
        json(explained.get("ExpressionAttributeValues")));
  }

  @Test
  void aPermittedScanIsExplainedAsAScan() throws SQLException {
    String sql = "SELECT COUNT(*) FROM big";
    Map<String, String> explained = explainOneRequest(scans, sql);
    ScanRequest sent = runOneRequest(scans, sql, ScanRequest.class);

    assertEquals("Scan on table 'scan_Big'", explained.get("request"));
    assertEquals("COUNT", explained.get("Select"));
    assertEquals("COUNT", sent.selectAsString());
  }

  /** Nor does it warn that the Scan it refuses reads the table, or of the filter the Scan would have. */
  @Test
  void explainingARefusedStatementSendsNothingAndSaysWhy() throws SQLException {
    String sql = "SELECT path FROM files WHERE size > 10";
    List<String> lines = explain(files, sql);

    assertTrue(lines.stream().anyMatch(line -> line.startsWith("REFUSED: ")
        && line.contains("filling in <account>: SELECT path FROM files WHERE account = <account> AND size > 10;")),
        () -> String.join("\n", lines));
    try (Statement statement = files.createStatement();
        ResultSet result = statement.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      assertTrue(result.next());
      assertEquals(null, statement.getWarnings());
    }
  }

  /** EXPLAIN's lines, asserting it sent only metadata calls. */
  private static List<String> explain(Connection connection, String sql) throws SQLException {
    RequestRecorder.clear();
    List<String> lines;
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      assertEquals("PLAN", result.getMetaData().getColumnLabel(1));
      lines = Keycond.column(result);
    }
    List<RecordedRequest> sent = RequestRecorder.requests();
    assertTrue(sent.stream().allMatch(r -> METADATA.contains(r.operation())),
        "EXPLAIN may only send metadata calls: " + sent);
    return lines;
  }

  private static Map<String, String> explainOneRequest(Connection connection, String sql)
      throws SQLException {
    List<String> lines = explain(connection, sql);
    assertEquals("DynamoDB requests: 1", lines.get(0), () -> String.join("\n", lines));
    return block(lines);
  }

  /**
   * The first request block: its heading line (the one naming the operation and table) under
   * "request", then each "Label: value" line below it.
   */
  private static Map<String, String> block(List<String> lines) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String line : lines) {
      String text = line.strip();
      if (!fields.containsKey("request")) {
        if (text.matches("(Query|GetItem|Scan|BatchGetItem) on table .*")) {
          fields.put("request", text);
        }
        continue;
      }
      int colon = text.indexOf(": ");
      if (colon < 0 || !text.substring(0, colon).matches("[A-Za-z]+")) {
        break;
      }
      fields.putIfAbsent(text.substring(0, colon), text.substring(colon + 2).strip());
    }
    assertTrue(fields.containsKey("request"), "no request block in:\n" + String.join("\n", lines));
    return fields;
  }

  private static <T extends SdkRequest> T runOneRequest(Connection connection, String sql,
      Class<T> type) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      assertTrue(result.next(), "the statement must return rows");
    }
    return onlyRequest().raw(type);
  }

  private static Map<String, String> names(Map<String, String> explained) {
    try {
      Map<?, ?> parsed = JSON.readValue(explained.get("ExpressionAttributeNames"), Map.class);
      Map<String, String> names = new LinkedHashMap<>();
      parsed.forEach((k, v) -> names.put((String) k, (String) v));
      return names;
    } catch (JsonProcessingException e) {
      throw new AssertionError("ExpressionAttributeNames is not JSON: " + explained, e);
    }
  }

  /** Values in the JSON of the DynamoDB API and the AWS CLI, e.g. {":v0":{"S":"x"}}. */
  private static JsonNode values(Map<String, AttributeValue> values) {
    Map<String, Map<String, String>> json = new LinkedHashMap<>();
    values.forEach((name, value) -> json.put(name, value.type() == AttributeValue.Type.N
        ? Map.of("N", value.n()) : Map.of("S", value.s())));
    return JSON.valueToTree(json);
  }

  /** Parsed, so that comparing ignores the order of keys. */
  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new AssertionError("not JSON: " + text, e);
    }
  }
}
