package dev.keycond.sqltests.designs;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A help desk's single-table design (issue 24 points 1 and 4): a ticket's agent lives only in its
 * index key ({@code GSI1PK = AGENT#{agent_id}}, {@code "attribute": null}), and its id both in its
 * sort key and, as a stored copy, in attribute {@code ticket_id}. Fixture {@code helpdesk}: index
 * ByAgent (ALL) and ByStatus (KEYS_ONLY); ticket t3 has no agent, so it is not in ByAgent.
 */
@ExtendWith(DynaliteExtension.class)
class HelpdeskDesignTest {
  private static DynamoServer server;
  private static Connection desk;

  @BeforeAll
  static void connect(DynamoServer dynamo) throws SQLException {
    server = dynamo;
    desk = Keycond.loadAndConnect(server, "helpdesk");
  }

  @AfterAll
  static void close() throws SQLException {
    desk.close();
  }

  @Test
  void aColumnKeptOnlyInAnIndexKeyIsDecodedFromIt() throws SQLException {
    assertEquals(List.of(List.of("t1", "a1", "open"), List.of("t2", "a2", "closed")),
        query(desk, "SELECT ticket_id, agent_id, status FROM tickets WHERE customer_id = 'c1'"));
    RecordedRequest only = onlyRequest();
    assertEquals("PK = 'CUST#c1' AND begins_with(SK, 'TICKET#')", only.keyCondition());
    // The agent is read from GSI1PK; ticket_id from SK, not from its stored copy; status from its
    // attribute, else from GSI2PK = STATUS#{status}.
    assertEquals("PK, SK, GSI1PK, status, GSI2PK", only.projection());
  }

  @Test
  void anItemOutOfTheIndexHasNoAgent() throws SQLException {
    assertEquals(List.of(Arrays.asList("t3", null), List.of("t4", "a1")),
        query(desk, "SELECT ticket_id, agent_id FROM tickets WHERE customer_id = 'c2'"));
  }

  @Test
  void theIndexIsQueriedByTheColumnAndGivesItBack() throws SQLException {
    assertEquals(List.of(List.of("t1", "a1", "2026-01-05"), List.of("t4", "a1", "2026-03-09")),
        query(desk, "SELECT ticket_id, agent_id, opened FROM tickets WHERE agent_id = 'a1'"));
    RecordedRequest only = onlyRequest();
    assertEquals("ByAgent", only.indexName());
    assertEquals("GSI1PK = 'AGENT#a1' AND begins_with(GSI1SK, 'TICKET#')", only.keyCondition());
  }

  @Test
  void aJoinOnTheIndexKeyColumnFindsTheAgents() throws SQLException {
    assertEquals(List.of(List.of("t1", "Ann"), List.of("t2", "Bob")),
        query(desk, "SELECT t.ticket_id, a.name FROM tickets t JOIN agents a ON a.id = t.agent_id "
            + "WHERE t.customer_id = 'c1' ORDER BY t.ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList(),
        sent::toString);
    assertEquals(List.of("{PK: 'AGENT#a1', SK: 'PROFILE'}", "{PK: 'AGENT#a2', SK: 'PROFILE'}"),
        sent.get(1).keys().stream().sorted().toList());
  }

  @Test
  void anIndexThatDoesNotCarryTheIndexKeyFetchesItFromTheTable() throws SQLException {
    // ByStatus is KEYS_ONLY: it carries GSI2PK and GSI2SK and the table's keys, not GSI1PK.
    assertEquals(List.of(List.of("t1", "a1"), Arrays.asList("t3", null), List.of("t4", "a1")),
        query(desk, "SELECT ticket_id, agent_id FROM tickets WHERE status = 'open' ORDER BY ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList(),
        sent::toString);
    assertEquals("ByStatus", sent.get(0).indexName());
    KeysAndAttributes fetch = sent.get(1).raw(BatchGetItemRequest.class).requestItems().values().iterator().next();
    List<String> fetched = Arrays.stream(fetch.projectionExpression().split(", "))
        .map(fetch.expressionAttributeNames()::get).sorted().toList();
    // The fetch carries status and GSI2PK too: the driver checks status = 'open' again on the value
    // it decodes, since an item's status attribute may contradict the index key it was found by.
    assertEquals(List.of("GSI1PK", "GSI2PK", "PK", "SK", "status"), fetched);
  }

  @Test
  void aStoredCopyIsWrittenWithTheKeyAndTheIndexKeyOnlyInTemplates() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "helpdesk");
    try (Connection c = copy.connect(); Statement s = c.createStatement()) {
      RequestRecorder.clear();
      assertEquals(1, s.executeUpdate("INSERT INTO tickets (customer_id, opened, ticket_id, agent_id, subject, status) "
          + "VALUES ('c9', DATE '2026-04-01', 't9', 'a2', 'Broken link', 'open')"));
      onlyRequest().raw(PutItemRequest.class);
      assertEquals(Map.of("PK", s("CUST#c9"), "SK", s("TICKET#2026-04-01#t9"), "ticket_id", s("t9"),
          "subject", s("Broken link"), "status", s("open"), "GSI1PK", s("AGENT#a2"),
          "GSI1SK", s("TICKET#2026-04-01#t9"), "GSI2PK", s("STATUS#open"), "GSI2SK", s("t9")),
          copy.item("CUST#c9", "TICKET#2026-04-01#t9"));

      // Reassigning the ticket rewrites the index key, and writes no agent_id attribute.
      RequestRecorder.clear();
      assertEquals(1, s.executeUpdate("UPDATE tickets SET agent_id = 'a1' WHERE customer_id = 'c9' "
          + "AND opened = DATE '2026-04-01' AND ticket_id = 't9'"));
      UpdateItemRequest update = onlyRequest().raw(UpdateItemRequest.class);
      assertEquals(false, update.expressionAttributeNames().containsValue("agent_id"), update::toString);
      Map<String, AttributeValue> item = copy.item("CUST#c9", "TICKET#2026-04-01#t9");
      assertEquals(s("AGENT#a1"), item.get("GSI1PK"));
      assertNull(item.get("agent_id"));

      // Unassigning takes the ticket out of ByAgent: GSI1PK and GSI1SK go.
      assertEquals(1, s.executeUpdate("UPDATE tickets SET agent_id = NULL WHERE customer_id = 'c9' "
          + "AND opened = DATE '2026-04-01' AND ticket_id = 't9'"));
      item = copy.item("CUST#c9", "TICKET#2026-04-01#t9");
      assertNull(item.get("GSI1PK"));
      assertNull(item.get("GSI1SK"));
      assertEquals(List.of(Arrays.asList("t9", null)),
          query(c, "SELECT ticket_id, agent_id FROM tickets WHERE customer_id = 'c9'"));
    }
  }

  @Test
  void theKeyWinsOverAStoredCopyThatDiffers() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "helpdesk");
    copy.put(Map.of("PK", s("CUST#c7"), "SK", s("TICKET#2026-05-01#t70"), "ticket_id", s("stale"),
        "subject", s("Copied by hand")));
    try (Connection c = copy.connect()) {
      assertEquals(List.of(List.of("t70", "Copied by hand")),
          query(c, "SELECT ticket_id, subject FROM tickets WHERE customer_id = 'c7'"));
    }
  }

  @Test
  void everyItemOfTheDesignIsWrittenBackAsItWasRead() throws SQLException {
    DesignCopy copy = DesignCopy.of(server, "helpdesk");
    List<Map<String, AttributeValue>> before = copy.items();
    try (Connection c = copy.connect(); Statement s = c.createStatement()) {
      // Rewrites every row of both tables from what it reads (UPSERT is a PutItem of the whole row).
      List<List<String>> tickets = query(c, "SELECT customer_id, opened, ticket_id, agent_id, subject, status "
          + "FROM tickets WHERE customer_id IN ('c1', 'c2')");
      assertEquals(4, tickets.size());
      for (List<String> t : tickets) {
        s.executeUpdate("DELETE FROM tickets WHERE customer_id = '" + t.get(0) + "' AND opened = DATE '"
            + t.get(1) + "' AND ticket_id = '" + t.get(2) + "'");
        s.executeUpdate("INSERT INTO tickets VALUES ('" + t.get(0) + "', DATE '" + t.get(1) + "', '" + t.get(2)
            + "', " + (t.get(3) == null ? "NULL" : "'" + t.get(3) + "'") + ", '" + t.get(4) + "', '" + t.get(5)
            + "')");
      }
    }
    assertEquals(before, copy.items());
  }

  @Test
  void aColumnKeptOnlyInATemplateWithANullableNeighbourIsRefused() {
    SQLException e = assertThrows(SQLException.class, () -> Keycond.connect(server, null,
        "mapping=inline:{\"tables\": {\"tickets\": {\"source\": \"helpdesk_Desk\", \"columns\": {"
            + "\"customer_id\": \"VARCHAR\", \"ticket_id\": \"VARCHAR\", \"status\": \"VARCHAR\","
            + " \"agent_id\": {\"type\": \"VARCHAR\", \"attribute\": null}},"
            + " \"keys\": {\"PK\": \"CUST#{customer_id}\", \"SK\": \"TICKET#{ticket_id}\","
            + " \"GSI1PK\": \"AGENT#{agent_id}\", \"GSI1SK\": \"{status}#{ticket_id}\"}}}}").close());
    assertEquals("42Z10", e.getSQLState());
    assertEquals("Invalid mapping: table 'tickets', field 'columns.agent_id' is kept only in 'GSI1PK' = "
        + "'AGENT#{agent_id}' (\"attribute\": null), but [index 'ByAgent'] also needs columns that may be NULL, or "
        + "keys that \"keys\" does not map; a NULL there leaves 'GSI1PK' out of the item, and the column's value "
        + "with it. Keep the column in an attribute as well (leave out \"attribute\": null)", e.getMessage());
  }

  @Test
  void aColumnKeptInNoTemplateIsRefused() {
    SQLException e = assertThrows(SQLException.class, () -> Keycond.connect(server, null,
        "mapping=inline:{\"tables\": {\"agents\": {\"source\": \"helpdesk_Desk\", \"columns\": {"
            + "\"id\": \"VARCHAR\", \"name\": {\"type\": \"VARCHAR\", \"attribute\": null}},"
            + " \"keys\": {\"PK\": \"AGENT#{id}\", \"SK\": \"PROFILE\"}}}}").close());
    assertEquals("42Z10", e.getSQLState());
    assertEquals("Invalid mapping: table 'agents', field 'columns.name' is kept only in key templates "
        + "(\"attribute\": null), but no template under \"keys\" uses it; put it in a template, or give it an "
        + "attribute", e.getMessage());
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }
}
