package dev.keycond.sqltests.singletable;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * What a .sqltest cannot see of index reads (issue 3 point 6): the ProjectionExpression of an index
 * Query and of the BatchGetItem that fetches the missing columns from the table, ConsistentRead
 * inside a BatchGetItem, and refusal messages. Fixture {@code single-table}: index ByName
 * (GSI2PK = 'PNAME#{name}') is KEYS_ONLY, ByOwner (owner, due) INCLUDEs name, GSI1 is ALL and
 * ByCreated is an LSI.
 */
@ExtendWith(DynaliteExtension.class)
class IndexReadTest {
  private static DynamoServer server;
  private static Connection control;

  @BeforeAll
  static void connect(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    control = Keycond.loadAndConnect(server, "single-table");
  }

  @AfterAll
  static void close() throws SQLException {
    control.close();
  }

  @Test
  void aKeysOnlyIndexIsAskedForKeysAndTheTableForTheRest() throws SQLException {
    List<List<String>> rows = query(control, "SELECT id, status, owner FROM projects WHERE name = 'Borealis'");

    assertEquals(List.of(List.of("2026-0042", "active", "bob")), rows);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(2, sent.size(), sent::toString);
    QueryRequest index = sent.get(0).raw(QueryRequest.class);
    assertEquals("ByName", index.indexName());
    // A KEYS_ONLY index returns only key attributes: asking it for more is a ValidationException.
    assertEquals(Set.of("EntityRef", "Detail"), resolve(index.projectionExpression(), index.expressionAttributeNames()));
    KeysAndAttributes fetch = fetch(sent.get(1));
    Set<String> fetched = resolve(fetch.projectionExpression(), fetch.expressionAttributeNames());
    assertTrue(fetched.containsAll(Set.of("status", "owner")), fetched::toString);
    assertFalse(fetched.contains("created"), fetched::toString);
  }

  @Test
  void anIncludeIndexIsAskedOnlyForWhatItCarries() throws SQLException {
    List<List<String>> rows = query(control, "SELECT id, due FROM projects WHERE owner = 'ann' ORDER BY id");

    assertEquals(List.of(List.of("2026-0001", "2026-06-30"), List.of("2026-0107", "2026-03-01")), rows);
    RecordedRequest only = onlyRequest();
    QueryRequest index = only.raw(QueryRequest.class);
    assertEquals("ByOwner", index.indexName());
    Set<String> projected = resolve(index.projectionExpression(), index.expressionAttributeNames());
    assertTrue(projected.containsAll(Set.of("EntityRef", "Detail", "due")), projected::toString);
    assertFalse(projected.contains("status"), projected::toString);
  }

  @Test
  void anIncludeIndexThatLacksTheIndexKeyAColumnMayLiveInIsFollowedByAFetch() throws SQLException {
    // name is read from its attribute, else from GSI2PK = PNAME#{name}: ByOwner INCLUDEs name, not
    // GSI2PK, so the items are fetched from the table with both.
    List<List<String>> rows = query(control, "SELECT id, name, due FROM projects WHERE owner = 'ann' ORDER BY id");

    assertEquals(List.of(List.of("2026-0001", "Apollo", "2026-06-30"), List.of("2026-0107", "Cygnus", "2026-03-01")),
        rows);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList());
    assertEquals("ByOwner", sent.get(0).raw(QueryRequest.class).indexName());
    KeysAndAttributes fetch = fetch(sent.get(1));
    Set<String> fetched = resolve(fetch.projectionExpression(), fetch.expressionAttributeNames());
    assertTrue(fetched.containsAll(Set.of("name", "GSI2PK", "due")), fetched::toString);
  }

  @Test
  void anIncludeIndexLackingAColumnIsFollowedByAFetchOfThatColumn() throws SQLException {
    List<List<String>> rows = query(control, "SELECT id, status FROM projects WHERE owner = 'ann' ORDER BY id");

    assertEquals(List.of(List.of("2026-0001", "active"), List.of("2026-0107", "done")), rows);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList());
    QueryRequest index = sent.get(0).raw(QueryRequest.class);
    assertFalse(resolve(index.projectionExpression(), index.expressionAttributeNames()).contains("status"),
        "status is not in index ByOwner: asking for it there is a ValidationException on DynamoDB");
    KeysAndAttributes fetch = fetch(sent.get(1));
    assertTrue(resolve(fetch.projectionExpression(), fetch.expressionAttributeNames()).contains("status"));
  }

  @Test
  void aGsiIsNeverReadConsistently() throws SQLException {
    try (Connection consistent = Keycond.connect(server, "single-table", "consistentRead=true")) {
      query(consistent, "SELECT id FROM projects WHERE status = 'done'");
    }

    QueryRequest index = onlyRequest().raw(QueryRequest.class);
    assertEquals("GSI1", index.indexName());
    assertNotEquals(Boolean.TRUE, index.consistentRead(), "DynamoDB rejects ConsistentRead on a GSI");
  }

  @Test
  void aFetchFromTheTableAfterAGsiIsConsistentWhenAsked() throws SQLException {
    try (Connection consistent = Keycond.connect(server, "single-table", "consistentRead=true")) {
      query(consistent, "SELECT id, status FROM projects WHERE name = 'Cygnus'");
    }

    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(2, sent.size(), sent::toString);
    assertNotEquals(Boolean.TRUE, sent.get(0).raw(QueryRequest.class).consistentRead());
    assertEquals(Boolean.TRUE, fetch(sent.get(1)).consistentRead(),
        "the fetch reads the table, which consistentRead=true reads strongly consistently");
  }

  @Test
  void anLsiIsReadConsistentlyWhenAsked() throws SQLException {
    try (Connection consistent = Keycond.connect(server, "single-table", "consistentRead=true")) {
      query(consistent, "SELECT id FROM projects WHERE workspace_id = 'acme' AND created >= '2026-03'");
    }

    QueryRequest index = onlyRequest().raw(QueryRequest.class);
    assertEquals("ByCreated", index.indexName());
    assertEquals(Boolean.TRUE, index.consistentRead());
  }

  @Test
  void pinningAnIndexTheMappingCannotComputeSaysSoInPlainWords() {
    SQLException refused = assertThrows(SQLException.class,
        () -> query(control, "SELECT id FROM \"workspaces@ByName\" WHERE name = 'Acme'"));

    assertEquals("42S02", refused.getSQLState());
    String message = refused.getMessage();
    assertTrue(message.contains("'ByName'") && message.contains("GSI2PK"), message);
    // The key attributes are shown as a person would write them, not as a Java record.
    assertFalse(message.contains("KeySchema["), message);
    assertFalse(message.contains("Optional"), message);
    assertTrue(RequestRecorder.dataRequests().isEmpty());
  }

  @Test
  void explainOfTheCollectionJoinIsTheQuerySent() throws SQLException {
    String sql = "SELECT w.name, p.id FROM workspaces w JOIN projects p ON p.workspace_id = w.id "
        + "WHERE w.id = 'acme' ORDER BY p.id DESC";
    RequestRecorder.clear();
    List<String> lines;
    try (Statement statement = control.createStatement();
        ResultSet result = statement.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      lines = Keycond.column(result).stream().map(String::strip).toList();
    }
    assertTrue(RequestRecorder.dataRequests().isEmpty(), "EXPLAIN sent item requests");
    assertEquals("DynamoDB requests: 1", lines.get(0), () -> String.join("\n", lines));

    List<List<String>> rows = query(control, sql);
    assertEquals(List.of(List.of("Acme", "2026-0107"), List.of("Acme", "2026-0042"), List.of("Acme", "2026-0001")),
        rows);
    QueryRequest sent = onlyRequest().raw(QueryRequest.class);
    assertEquals("KeyConditionExpression: " + sent.keyConditionExpression(), field(lines, "KeyConditionExpression"));
    assertEquals("ProjectionExpression: " + sent.projectionExpression(), field(lines, "ProjectionExpression"));
    assertEquals(Set.of("EntityRef", "Detail", "name"),
        resolve(sent.projectionExpression(), sent.expressionAttributeNames()));
  }


  private static KeysAndAttributes fetch(RecordedRequest request) {
    assertEquals("BatchGetItem", request.operation());
    return request.raw(BatchGetItemRequest.class).requestItems().get("singletable_Control");
  }

  /** An EXPLAIN line "Label: value" with its run of spaces collapsed. */
  private static String field(List<String> lines, String label) {
    return lines.stream().filter(l -> l.startsWith(label + ":")).findFirst()
        .map(l -> l.replaceFirst(":\\s+", ": ")).orElseThrow(() -> new AssertionError("no " + label + " in " + lines));
  }

  private static Set<String> resolve(String projection, Map<String, String> names) {
    Set<String> attributes = new HashSet<>();
    for (String placeholder : projection.split(", ")) {
      attributes.add(names.getOrDefault(placeholder, placeholder));
    }
    return attributes;
  }
}
