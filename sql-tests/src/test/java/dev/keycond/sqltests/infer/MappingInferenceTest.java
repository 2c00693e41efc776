package dev.keycond.sqltests.infer;

import static dev.keycond.sqltests.infer.InferredMappings.assertRoundTrip;
import static dev.keycond.sqltests.infer.InferredMappings.connect;
import static dev.keycond.sqltests.infer.InferredMappings.json;
import static dev.keycond.sqltests.infer.InferredMappings.texts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.keycond.planner.infer.MappingInference;
import dev.keycond.planner.infer.ProposedMapping;
import dev.keycond.planner.infer.SampleBounds;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code keycond mapping infer}, on tables made to mislead it (fixture {@code infer}): entities
 * mixed in one partition and sharing the {@code WS#} prefix, digits stored as text, items of no
 * entity, entities told apart only by a type attribute, paths in sort keys, a key copied into an
 * attribute, number keys. Every proposal must load and read the items back as rows, and the sample
 * must be bounded: the requests sent are asserted.
 */
@ExtendWith(DynaliteExtension.class)
class MappingInferenceTest {
  private static final String MANY = "infer_Many";
  private static final int MANY_ITEMS = 25;

  @BeforeAll
  static void load(DynamoServer server) {
    Fixtures.load(server, "infer");
    if (!server.client().listTables().tableNames().contains(MANY)) {
      server.client().createTable(b -> b.tableName(MANY).billingMode(BillingMode.PAY_PER_REQUEST)
          .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S)
              .build())
          .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build()));
      for (int i = 0; i < MANY_ITEMS; i++) {
        int n = i;
        server.client().putItem(p -> p.tableName(MANY).item(Map.of("PK", AttributeValue.fromS("EVT#" + n),
            "seen", AttributeValue.fromN(Integer.toString(n * 10)))));
      }
    }
  }

  private static ProposedMapping infer(DynamoServer server, SampleBounds bounds, String... tables) {
    return MappingInference.infer(server.client(), List.of(tables), bounds);
  }

  /** The proposal for a table whose sample makes one SQL table, which must load. */
  private static ProposedMapping loaded(DynamoServer server, String table) {
    ProposedMapping proposal = infer(server, SampleBounds.DEFAULT, table);
    assertTrue(proposal.loads(), proposal.allNotes()::toString);
    return proposal;
  }

  @Test
  void entitiesMixedInOnePartitionBecomeOneTableEachWithTheirIndexTemplates(DynamoServer server) throws Exception {
    ProposedMapping proposal = infer(server, SampleBounds.DEFAULT, "infer_Control");
    assertTrue(proposal.loads(), proposal.allNotes()::toString);
    assertEquals(List.of("member", "ws", "proj"), proposal.tableNames(), "in the order of their key shapes");
    JsonNode tables = json(proposal).get("tables");
    assertEquals(Map.of("EntityRef", "WS#{ws_id}", "Detail", "META", "GSI1PK", "PLAN#{plan}", "GSI1SK", "{ws_id}"),
        texts(tables.at("/ws/keys")));
    assertEquals(Map.of("EntityRef", "WS#{ws_id}", "Detail", "PROJ#{proj_id}", "GSI1PK", "STATUS#{status}",
        "GSI1SK", "{proj_id}"), texts(tables.at("/proj/keys")));
    assertEquals(Map.of("EntityRef", "WS#{ws_id}", "Detail", "MEMBER#{member_id}"), texts(tables.at("/member/keys")));
    assertEquals(Map.of("ws_id", "VARCHAR", "name", "VARCHAR", "plan", "VARCHAR", "created", "DATE"),
        texts(tables.at("/ws/columns")));
    assertEquals(Map.of("ws_id", "VARCHAR", "proj_id", "VARCHAR", "name", "VARCHAR", "status", "VARCHAR",
        "code", "VARCHAR", "budget", "DECIMAL", "tags", "STRING SET"), texts(tables.at("/proj/columns")));
    assertEquals(Map.of("ws_id", "VARCHAR", "member_id", "VARCHAR", "role", "VARCHAR", "joined", "TIMESTAMP",
        "prefs", "JSON", "seats", "JSON"), texts(tables.at("/member/columns")));
    List<String> notes = proposal.allNotes();
    assertEquals(List.of("a column in a slot of a key template is VARCHAR: a slot of another type would skip, as "
        + "another entity's, every item whose key text is not of that type", "not placed: the item with key EntityRef='ORPHAN', Detail='x-1' of table "
        + "'infer_Control' is the only one of its key shape in the sample", "not placed: the item with key "
        + "EntityRef='junk-7', Detail='META' of table 'infer_Control' is the only one of its key shape in the sample"),
        proposal.notes());
    assertTrue(notes.stream().anyMatch(n -> n.startsWith("proj: column code VARCHAR: all 3 values seen are digits "
        + "stored as text (S), such as '007'")), notes::toString);
    assertTrue(notes.contains("proj: column budget DECIMAL: all 3 values seen are numbers, not all whole"),
        notes::toString);
    assertTrue(notes.contains("member: column seats JSON: maps or lists (1 of 2 items have it)"), notes::toString);
    assertRoundTrip(server, proposal, "infer_Control", Map.of("ws", 2, "proj", 3, "member", 2));
    try (Connection connection = connect(server, proposal)) {
      RequestRecorder.clear();
      assertEquals(List.of(List.of("p1", "007", "1200.5"), List.of("p2", "042", "300")), Keycond.query(connection,
          "SELECT proj_id, code, budget FROM proj WHERE ws_id = 'acme' ORDER BY proj_id"));
      RecordedRequest query = Keycond.onlyRequest();
      assertEquals("Query", query.operation());
      assertEquals("EntityRef = 'WS#acme' AND begins_with(Detail, 'PROJ#')", query.keyCondition());
      RequestRecorder.clear();
      assertEquals(List.of(List.of("Acme", "p1"), List.of("Acme", "p2")), Keycond.query(connection,
          "SELECT w.name, p.proj_id FROM ws w JOIN proj p ON p.ws_id = w.ws_id WHERE w.ws_id = 'acme' "
              + "ORDER BY p.proj_id"));
      assertEquals("EntityRef = 'WS#acme'", Keycond.onlyRequest().keyCondition(), "one Query of the collection");
      RequestRecorder.clear();
      assertEquals(List.of(List.of("p1"), List.of("p3")),
          Keycond.query(connection, "SELECT proj_id FROM proj WHERE status = 'active' ORDER BY proj_id"));
      assertEquals("GSI1", Keycond.onlyRequest().indexName(), "the inferred index template is used");
    }
  }

  @Test
  void theSampleIsBoundedByItsPagesAndLimitAndSaysWhatItRead(DynamoServer server) {
    RequestRecorder.clear();
    ProposedMapping proposal = infer(server, new SampleBounds(5, 2, false), MANY);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(2, sent.size(), sent::toString);
    for (RecordedRequest request : sent) {
      assertEquals("Scan", request.operation());
      assertEquals(MANY, request.tableName());
      assertEquals(5, request.limit());
      assertNull(request.filter());
    }
    assertNull(sent.get(0).exclusiveStartKey());
    assertTrue(sent.get(1).exclusiveStartKey() != null, "the second page goes on from the first");
    assertEquals("Sampled at most 2 Scan pages of 5 items per table:", proposal.report().get(0));
    assertEquals("  10 items of table 'infer_Many' in 2 Scan pages: the table has more items, which the sample "
        + "leaves out", proposal.report().get(1));
    assertTrue(proposal.report().get(2).startsWith("Cost: 2 Scan, 10 items read, "), proposal.report()::toString);
    assertEquals(List.of("evt"), proposal.tableNames());
  }

  @Test
  void theWholeTableIsReadOnlyWhenAskedForAndStillPageByPage(DynamoServer server) throws Exception {
    RequestRecorder.clear();
    ProposedMapping proposal = infer(server, new SampleBounds(10, 1, true), MANY);
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertTrue(sent.size() >= 3 && sent.size() <= 4, sent::toString);
    assertTrue(sent.stream().allMatch(r -> r.operation().equals("Scan") && r.limit() == 10), sent::toString);
    assertEquals("  25 items of table 'infer_Many' in " + sent.size() + " Scan pages: the whole table",
        proposal.report().get(1));
    assertEquals(Map.of("PK", "EVT#{evt_id}"), texts(json(proposal).at("/tables/evt/keys")));
    assertEquals(Map.of("evt_id", "VARCHAR", "seen", "BIGINT"), texts(json(proposal).at("/tables/evt/columns")));
    assertRoundTrip(server, proposal, MANY, Map.of("evt", MANY_ITEMS));
  }

  @Test
  void entitiesOfOneKeyShapeAreToldApartByTheirTypeAttribute(DynamoServer server) throws Exception {
    ProposedMapping proposal = infer(server, SampleBounds.DEFAULT, "infer_Typed");
    assertEquals(List.of("order", "refund"), proposal.tableNames());
    JsonNode tables = json(proposal).get("tables");
    assertEquals(Map.of("EntityType", "Order"), texts(tables.at("/order/constants")));
    assertEquals(Map.of("EntityType", "Refund"), texts(tables.at("/refund/constants")));
    assertEquals(Map.of("item_id", "VARCHAR", "item_id_2", "VARCHAR", "total", "BIGINT"),
        texts(tables.at("/order/columns")));
    assertEquals(Map.of("PK", "ITEM#{item_id}", "SK", "ITEM#{item_id_2}"), texts(tables.at("/order/keys")));
    assertTrue(proposal.allNotes().contains("order: the keys of its items have the same shape as another table's, "
        + "so every item of it holds EntityType = 'Order' (\"constants\")"), proposal.allNotes()::toString);
    // Constant attributes are a mapping feature of their own (issue 24, point 2); where this keycond
    // has it, the proposal loads and reads each entity's items alone.
    assertTrue(proposal.loads(), "the proposal with \"constants\" loads");
    assertRoundTrip(server, proposal, "infer_Typed", Map.of("order", 2, "refund", 2));
  }

  @Test
  void aTemplateThatAlsoMatchesAnotherEntitysItemsIsReported(DynamoServer server) throws Exception {
    ProposedMapping proposal = infer(server, SampleBounds.DEFAULT, "infer_Loose");
    assertTrue(proposal.loads(), proposal.allNotes()::toString);
    assertEquals(List.of("acct", "acct_2"), proposal.tableNames());
    assertEquals(Map.of("PK", "ACCT#{acct_id}", "SK", "META"), texts(json(proposal).at("/tables/acct/keys")));
    assertEquals(Map.of("PK", "ACCT#{acct_id}", "SK", "{sk}"), texts(json(proposal).at("/tables/acct_2/keys")));
    assertTrue(proposal.allNotes().contains("acct_2: its keys also match 2 sampled items taken for table acct, "
        + "which a read of it returns too"), proposal.allNotes()::toString);
    // What the note warns of: the events' table reads the account's item too.
    try (Connection connection = connect(server, proposal)) {
      assertEquals(List.of(List.of("2026-01-05", "10"), List.of("2026-01-06", "12"), Arrays.asList("META", null)),
          Keycond.query(connection, "SELECT sk, amount FROM acct_2 WHERE acct_id = 'a1' ORDER BY sk"));
    }
  }

  @Test
  void pathsInSortKeysWithTheirParentsBecomeAHierarchy(DynamoServer server) throws Exception {
    ProposedMapping proposal = loaded(server, "infer_Drive");
    JsonNode drive = json(proposal).at("/tables/drive");
    assertEquals(Map.of("PK", "DRIVE#{drive_id}", "SK", "{path}"), texts(drive.get("keys")));
    assertEquals(Map.of("path", "path", "delimiter", "/", "parent", "parent"), texts(drive.get("hierarchy")));
    assertRoundTrip(server, proposal, "infer_Drive", Map.of("drive", 4));
    try (Connection connection = connect(server, proposal)) {
      assertEquals(List.of(List.of("root/photos/"), List.of("root/photos/beach.jpg")), Keycond.query(connection,
          "WITH RECURSIVE t AS (SELECT drive_id, path FROM drive WHERE drive_id = 'a1' AND path = 'root/photos/' "
              + "UNION ALL SELECT d.drive_id, d.path FROM drive d JOIN t ON d.parent = t.path "
              + "AND d.drive_id = t.drive_id) SELECT path FROM t ORDER BY path"));
    }
  }

  @Test
  void aKeyValueAlsoStoredInAnAttributeIsOneColumnNamedAfterIt(DynamoServer server) throws Exception {
    ProposedMapping proposal = loaded(server, "infer_Users");
    JsonNode user = json(proposal).at("/tables/user");
    assertEquals(Map.of("PK", "USER#{id}", "SK", "PROFILE"), texts(user.get("keys")));
    assertEquals(Map.of("id", "{\"type\":\"VARCHAR\",\"attribute\":\"id\"}", "email", "VARCHAR"),
        texts(user.get("columns")));
    try (Connection connection = connect(server, proposal)) {
      assertEquals(List.of(List.of("u2", "bob@example.com")),
          Keycond.query(connection, "SELECT id, email FROM \"user\" WHERE id = 'u2'"));
    }
  }

  @Test
  void numberKeysAreColumnsOfTheirOwnTyped(DynamoServer server) throws Exception {
    ProposedMapping proposal = loaded(server, "infer_Readings");
    JsonNode readings = json(proposal).at("/tables/infer_readings");
    assertEquals(Map.of("device", "{device}", "seq", "{seq}"), texts(readings.get("keys")));
    assertEquals(Map.of("device", "VARCHAR", "seq", "BIGINT", "temp", "DECIMAL"), texts(readings.get("columns")));
    assertTrue(proposal.allNotes().contains("infer_readings: column seq BIGINT is key seq itself: all 3 values seen "
        + "are whole numbers"), proposal.allNotes()::toString);
    assertRoundTrip(server, proposal, "infer_Readings", Map.of("infer_readings", 3));
  }
}
