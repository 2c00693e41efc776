package dev.keycond.sqltests.designs;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
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

/**
 * The help desk's items read through a mapping that keeps {@code agent_id} in an attribute of its
 * own (no {@code "attribute": null}): the fixture's tickets were written by another client with the
 * agent only in {@code GSI1PK = AGENT#{agent_id}}, so reads decode it from that index key when the
 * item has no {@code agent_id} attribute. Besides the fixture, ticket t5 carries both, equal, and t6
 * both, differing (attribute a9, key AGENT#a1): the attribute wins, and an index read by the key
 * does not return t6 as a row of the key's agent. t7's status attribute (closed) disagrees with its
 * GSI2PK (STATUS#open) in the same way.
 */
@ExtendWith(DynaliteExtension.class)
class IndexKeyDecodingDesignTest {
  private static DesignCopy copy;
  private static Connection desk;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    // The help desk's mapping without its opt-in: agent_id is an ordinary column.
    copy = DesignCopy.of(server, "helpdesk", mapping -> mapping.replace(
        "\"agent_id\": { \"type\": \"VARCHAR\", \"attribute\": null }", "\"agent_id\": \"VARCHAR\""));
    copy.put(Map.of("PK", s("CUST#c3"), "SK", s("TICKET#2026-06-01#t5"), "subject", s("Both agree"),
        "status", s("closed"), "agent_id", s("a2"), "GSI1PK", s("AGENT#a2"), "GSI1SK", s("TICKET#2026-06-01#t5"),
        "GSI2PK", s("STATUS#closed"), "GSI2SK", s("t5")));
    copy.put(Map.of("PK", s("CUST#c3"), "SK", s("TICKET#2026-06-02#t6"), "subject", s("They differ"),
        "status", s("open"), "agent_id", s("a9"), "GSI1PK", s("AGENT#a1"), "GSI1SK", s("TICKET#2026-06-02#t6"),
        "GSI2PK", s("STATUS#open"), "GSI2SK", s("t6")));
    copy.put(Map.of("PK", s("CUST#c3"), "SK", s("TICKET#2026-06-03#t7"), "ticket_id", s("t7"), "subject", s("Stale"),
        "status", s("closed"), "GSI2PK", s("STATUS#open"), "GSI2SK", s("t7")));
    desk = copy.connect();
  }

  @AfterAll
  static void close() throws SQLException {
    desk.close();
  }

  @Test
  void anAgentOnlyInTheIndexKeyIsDecodedFromItAndTheAttributeWins() throws SQLException {
    assertEquals(List.of(List.of("t1", "a1"), List.of("t2", "a2"), Arrays.asList("t3", null), List.of("t4", "a1"),
            List.of("t5", "a2"), List.of("t6", "a9"),
            Arrays.asList("t7", null)),
        query(desk, "SELECT ticket_id, agent_id FROM tickets WHERE customer_id IN ('c1', 'c2', 'c3') "
            + "ORDER BY ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(3, sent.size(), sent::toString);
    // Both places the agent may be are fetched.
    sent.forEach(r -> assertEquals("PK, SK, agent_id, GSI1PK", r.projection()));
  }

  @Test
  void anIndexReadDropsTheItemsWhoseAgentContradictsTheKeyTheyWereFoundBy() throws SQLException {
    // ByAgent finds t6 in AGENT#a1's partition, but t6 reads as a9, its attribute: it is no row of
    // agent_id = 'a1', and the statement says why it read more items than it returned.
    RequestRecorder.clear();
    try (Statement statement = desk.createStatement();
        ResultSet rows = statement.executeQuery("SELECT ticket_id, agent_id FROM tickets WHERE agent_id = 'a1' "
            + "ORDER BY ticket_id")) {
      assertEquals(List.of(List.of("t1", "a1"), List.of("t4", "a1")), Keycond.rows(rows));
      // The capacity units are the server's to count (dynalite and moto count them differently).
      List<String> warnings = warnings(statement);
      assertEquals(1, warnings.size(), warnings::toString);
      assertTrue(warnings.get(0).startsWith("DynamoDB read 3 items in 1 request to return 2 rows ("), warnings::toString);
      assertTrue(warnings.get(0).endsWith(" RCU); the driver discarded 1 item whose attributes contradict the index key "
          + "they were found by"), warnings::toString);
    }
    RecordedRequest only = onlyRequest();
    assertEquals("ByAgent", only.indexName());
    assertEquals("GSI1PK = 'AGENT#a1' AND begins_with(GSI1SK, 'TICKET#')", only.keyCondition());
    assertNull(only.filter(), "the key condition says it all for the items that agree with their key");
    assertEquals("PK, SK, agent_id, GSI1PK", only.projection());

    // Items that agree with their key are no cause for a warning.
    try (Statement statement = desk.createStatement();
        ResultSet rows = statement.executeQuery("SELECT ticket_id FROM tickets WHERE agent_id = 'a2' "
            + "ORDER BY ticket_id")) {
      assertEquals(List.of(List.of("t2"), List.of("t5")), Keycond.rows(rows));
      assertNull(statement.getWarnings());
    }
  }

  @Test
  void aKeysOnlyIndexReadChecksTheStatusItFetchesAndOtherwiseReadsItsKey() throws SQLException {
    // t7's status attribute says closed, its GSI2PK STATUS#open: ByStatus finds it for 'open'.
    assertEquals(List.of(List.of("t1", "open"), List.of("t3", "open"), List.of("t4", "open"), List.of("t6", "open")),
        query(desk, "SELECT ticket_id, status FROM tickets WHERE status = 'open' ORDER BY ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList(),
        sent::toString);
    RequestRecorder.clear();
    // Read for its keys alone, ByStatus does not carry the status attribute: each item reads as the
    // key it was found by, which meets the condition, and no item is fetched to say otherwise.
    assertEquals(List.of(List.of("t1"), List.of("t3"), List.of("t4"), List.of("t6"), List.of("t7")),
        query(desk, "SELECT ticket_id FROM tickets WHERE status = 'open' ORDER BY ticket_id"));
    RecordedRequest only = onlyRequest();
    assertEquals("ByStatus", only.indexName());
    assertEquals("PK, SK, GSI2PK", only.projection());
  }

  @Test
  void aFilterOnTheAgentKeepsTheItemsWithoutTheAttributeForTheDriverToCheck() throws SQLException {
    // t6 holds agent_id a9: the filter finds it exactly. c3's t5 (a2) fails it on the server.
    assertEquals(List.of(List.of("t6")),
        query(desk, "SELECT ticket_id FROM tickets WHERE customer_id = 'c3' AND agent_id = 'a9'"));
    RecordedRequest only = onlyRequest();
    assertEquals("PK = 'CUST#c3' AND begins_with(SK, 'TICKET#')", only.keyCondition());
    assertEquals("(agent_id = 'a9' OR attribute_not_exists(agent_id))", only.filter());
    RequestRecorder.clear();
    // c1's t1 and t2 hold their agents in GSI1PK alone: the filter keeps both, and the driver keeps
    // t1, whose key says a1.
    assertEquals(List.of(List.of("t1")),
        query(desk, "SELECT ticket_id FROM tickets WHERE customer_id = 'c1' AND agent_id = 'a1'"));
    only = onlyRequest();
    assertEquals("(agent_id = 'a1' OR attribute_not_exists(agent_id))", only.filter());
    assertEquals("PK, SK, agent_id, GSI1PK", only.projection());
  }

  @Test
  void inAndLikeAreFilteredUnlessTheAgentIsMissingAndCheckedOnTheDecodedAgent() throws SQLException {
    // t2 (GSI1PK AGENT#a2 alone) is kept by the filter and by the driver; t1 (AGENT#a1 alone) by the
    // filter only; t5 (a2) and t6 (a9) hold the attribute and meet the filter.
    assertEquals(List.of(List.of("t2"), List.of("t5"), List.of("t6")),
        query(desk, "SELECT ticket_id FROM tickets WHERE customer_id IN ('c1', 'c3') AND agent_id IN ('a2', 'a9') "
            + "ORDER BY ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "Query"), sent.stream().map(RecordedRequest::operation).toList(), sent::toString);
    sent.forEach(r -> assertEquals("((agent_id = 'a2' OR agent_id = 'a9') OR attribute_not_exists(agent_id))",
        r.filter(), r::toString));
    RequestRecorder.clear();

    // A prefix LIKE is a begins_with; a LIKE that DynamoDB cannot check is left to the driver whole.
    assertEquals(List.of(List.of("t5")),
        query(desk, "SELECT ticket_id FROM tickets WHERE customer_id = 'c3' AND agent_id LIKE 'a2%'"));
    assertEquals("(begins_with(agent_id, 'a2') OR attribute_not_exists(agent_id))", onlyRequest().filter());
    RequestRecorder.clear();

    assertEquals(List.of(List.of("t1"), List.of("t4")),
        query(desk, "SELECT ticket_id FROM tickets WHERE customer_id IN ('c1', 'c2', 'c3') AND agent_id LIKE '%1' "
            + "ORDER BY ticket_id"));
    sent = RequestRecorder.dataRequests();
    assertEquals(3, sent.size(), sent::toString);
    sent.forEach(r -> assertNull(r.filter(), r::toString));
  }

  @Test
  void aJoinOnTheAgentUsesTheDecodedAgent() throws SQLException {
    // t1 and t2 hold their agents only in GSI1PK; t6's agent is a9, its attribute, not a1 of its
    // index key, and no agent row has that id.
    assertEquals(List.of(List.of("t1", "Ann"), List.of("t2", "Bob"), List.of("t5", "Bob"), Arrays.asList("t6", null),
            Arrays.asList("t7", null)),
        query(desk, "SELECT t.ticket_id, a.name FROM tickets t LEFT JOIN agents a ON a.id = t.agent_id "
            + "WHERE t.customer_id IN ('c1', 'c3') ORDER BY t.ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList(),
        sent::toString);
    assertEquals(List.of("{PK: 'AGENT#a1', SK: 'PROFILE'}", "{PK: 'AGENT#a2', SK: 'PROFILE'}",
        "{PK: 'AGENT#a9', SK: 'PROFILE'}"), sent.get(2).keys().stream().sorted().toList());
  }

  @Test
  void aLookupThroughTheAgentIndexJoinsOnTheDecodedAgent() throws SQLException {
    // Ann's tickets are looked up in ByAgent by AGENT#a1, which finds t6 too; t6 reads as a9 and is
    // no ticket of Ann's: the join compares the agent it decodes.
    assertEquals(List.of(List.of("Ann", "t1"), List.of("Ann", "t4")),
        query(desk, "SELECT a.name, t.ticket_id FROM agents a JOIN tickets t ON t.agent_id = a.id "
            + "WHERE a.id = 'a1' ORDER BY t.ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("GetItem", "Query"), sent.stream().map(RecordedRequest::operation).toList(), sent::toString);
    assertEquals("ByAgent", sent.get(1).indexName());
    assertEquals("GSI1PK = 'AGENT#a1' AND begins_with(GSI1SK, 'TICKET#')", sent.get(1).keyCondition());
  }

  @Test
  void aKeysOnlyIndexFetchesBothPlacesOfTheAgentFromTheTable() throws SQLException {
    assertEquals(List.of(List.of("t1", "a1"), Arrays.asList("t3", null), List.of("t4", "a1"), List.of("t6", "a9")),
        query(desk, "SELECT ticket_id, agent_id FROM tickets WHERE status = 'open' ORDER BY ticket_id"));
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("Query", "BatchGetItem"), sent.stream().map(RecordedRequest::operation).toList(),
        sent::toString);
    assertEquals("ByStatus", sent.get(0).indexName());
    KeysAndAttributes fetch = sent.get(1).raw(BatchGetItemRequest.class).requestItems().values().iterator().next();
    List<String> fetched = Arrays.stream(fetch.projectionExpression().split(", "))
        .map(fetch.expressionAttributeNames()::get).sorted().toList();
    // And both places of the status, to check status = 'open' again on the value it decodes.
    assertEquals(List.of("GSI1PK", "GSI2PK", "PK", "SK", "agent_id", "status"), fetched);
  }

  @Test
  void returningAndATransactionsOwnWritesDecodeTheAgentFromTheIndexKey() throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = desk.createStatement();
        ResultSet rows = statement.executeQuery("UPDATE tickets SET subject = 'Login fails again' "
            + "WHERE customer_id = 'c1' AND opened = DATE '2026-01-05' AND ticket_id = 't1' RETURNING ticket_id, agent_id")) {
      assertEquals(List.of(List.of("t1", "a1")), Keycond.rows(rows));
    }
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(List.of("UpdateItem"), sent.stream().map(RecordedRequest::operation).toList(), sent::toString);
    Map<String, AttributeValue> item = copy.item("CUST#c1", "TICKET#2026-01-05#t1");
    assertEquals(s("Login fails again"), item.get("subject"));
    assertNull(item.get("agent_id"), "a write of another column adds no agent_id attribute");

    desk.setAutoCommit(false);
    try (Statement statement = desk.createStatement()) {
      statement.executeUpdate("UPDATE tickets SET status = 'closed' "
          + "WHERE customer_id = 'c2' AND opened = DATE '2026-03-09' AND ticket_id = 't4'");
      // The pending update overlays the item read from the server: its agent still comes from GSI1PK.
      assertEquals(List.of(Arrays.asList("t3", null, "open"), List.of("t4", "a1", "closed")),
          query(desk, "SELECT ticket_id, agent_id, status FROM tickets WHERE customer_id = 'c2' ORDER BY ticket_id"));
    } finally {
      desk.rollback();
      desk.setAutoCommit(true);
    }
    assertEquals(s("open"), copy.item("CUST#c2", "TICKET#2026-03-09#t4").get("status"));
  }

  @Test
  void writesKeepTheAgentAttributeAndItsIndexKeyEqual() throws SQLException {
    // Customer c9 and agents a3 and a4 are this test's own: no other test reads them.
    String t9 = "customer_id = 'c9' AND opened = DATE '2026-07-01' AND ticket_id = 't9'";
    assertEquals(1, update("INSERT INTO tickets (customer_id, opened, ticket_id, agent_id, subject, status) "
        + "VALUES ('c9', DATE '2026-07-01', 't9', 'a3', 'New', 'pending')"));
    assertAgent("TICKET#2026-07-01#t9", "a3");
    assertEquals(1, update("UPDATE tickets SET agent_id = 'a4' WHERE " + t9));
    assertAgent("TICKET#2026-07-01#t9", "a4");
    assertEquals(1, update("MERGE INTO tickets t USING (VALUES ('c9', DATE '2026-07-01', 't9', 'a3')) AS s(c, o, i, a) "
        + "ON t.customer_id = s.c AND t.opened = s.o AND t.ticket_id = s.i WHEN MATCHED THEN UPDATE SET agent_id = s.a"));
    assertAgent("TICKET#2026-07-01#t9", "a3");

    // t8 holds its agent in GSI1PK alone: a condition on the agent is checked on the agent it decodes.
    copy.put(Map.of("PK", s("CUST#c9"), "SK", s("TICKET#2026-07-02#t8"), "ticket_id", s("t8"), "subject", s("Old"),
        "status", s("pending"), "GSI1PK", s("AGENT#a3"), "GSI1SK", s("TICKET#2026-07-02#t8"),
        "GSI2PK", s("STATUS#pending"), "GSI2SK", s("t8")));
    String t8 = "customer_id = 'c9' AND opened = DATE '2026-07-02' AND ticket_id = 't8'";
    // A ConditionExpression on the agent_id attribute would refuse t8, so the item is read and
    // checked, then written on the condition that it is still as read.
    RequestRecorder.clear();
    assertEquals(0, update("UPDATE tickets SET subject = 'Taken' WHERE " + t8 + " AND agent_id = 'a4'"));
    assertEquals(List.of("GetItem"), operations());
    assertEquals(s("Old"), copy.item("CUST#c9", "TICKET#2026-07-02#t8").get("subject"));
    RequestRecorder.clear();
    assertEquals(1, update("UPDATE tickets SET subject = 'Taken' WHERE " + t8 + " AND agent_id = 'a3'"));
    assertEquals(List.of("GetItem", "UpdateItem"), operations());
    Map<String, AttributeValue> t8Item = copy.item("CUST#c9", "TICKET#2026-07-02#t8");
    assertEquals(s("Taken"), t8Item.get("subject"));
    assertNull(t8Item.get("agent_id"), "a write of another column leaves the agent in the key alone");
    // Setting the agent writes both places.
    assertEquals(1, update("UPDATE tickets SET agent_id = 'a4' WHERE " + t8));
    assertAgent("TICKET#2026-07-02#t8", "a4");
  }

  private static List<String> operations() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
  }

  private static int update(String sql) throws SQLException {
    try (Statement statement = desk.createStatement()) {
      return statement.executeUpdate(sql);
    }
  }

  /** The ticket's agent is in its attribute and in its ByAgent key, equal. */
  private static void assertAgent(String sortKey, String agent) {
    Map<String, AttributeValue> item = copy.item("CUST#c9", sortKey);
    assertEquals(s(agent), item.get("agent_id"), item::toString);
    assertEquals(s("AGENT#" + agent), item.get("GSI1PK"), item::toString);
    assertEquals(s(sortKey), item.get("GSI1SK"), item::toString);
  }

  private static List<String> warnings(Statement statement) throws SQLException {
    List<String> all = new ArrayList<>();
    for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
      all.add(w.getMessage());
    }
    return all;
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }
}
