package dev.keycond.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.keycond.demo.Dynalite;
import dev.keycond.demo.RecordingProxy;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.explain.CopyableRequest;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * What the API answers, called directly: paging, what each request card's own requests read,
 * returned and cost, and the slices of key reads by GetItem and BatchGetItem.
 */
class WorkbenchApiTest {
  private final DemoDatabase db = DemoDatabase.get();

  private static List<String> sorts(JsonNode slice, String flag) {
    List<String> sorts = new ArrayList<>();
    for (JsonNode item : slice.get("items")) {
      if (flag.isEmpty() || item.get(flag).asBoolean()) {
        sorts.add(item.get("sort").asText());
      }
    }
    return sorts;
  }

  private List<String> operations() {
    return db.dataRequests().stream().map(RecordingProxy.Request::operation).toList();
  }

  @Test
  void rowsComeAPageAtATimeFromOneResult() throws Exception {
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 3)) {
      db.clearRequests();
      JsonNode first = api.run("SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/photos/%'", false);
      assertEquals("[[\"root/photos/\"],[\"root/photos/2026/\"],[\"root/photos/2026/beach.jpg\"]]",
          first.get("rows").toString());
      assertTrue(first.get("more").asBoolean());
      JsonNode second = api.page(first.get("cursor").asLong());
      assertEquals("[[\"root/photos/2026/sunset.jpg\"]]", second.get("rows").toString());
      assertFalse(second.get("more").asBoolean());
      assertEquals("1 Query, 4 items read, 0.5 RCU", second.get("cost").get("summary").asText());
      assertEquals(List.of("Query"), operations());
      assertEquals("error", api.page(first.get("cursor").asLong()).get("status").asText());
    }
  }

  @Test
  void aGetItemHighlightsItsItemInItsPartition() throws Exception {
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100)) {
      db.clearRequests();
      JsonNode answer = api.slices("SELECT size FROM files WHERE account = 'a91' AND path = 'root/docs/cv.pdf'");
      assertTrue(operations().stream().allMatch("Query"::equals), operations().toString());
      JsonNode slice = answer.get("slices").get(0);
      assertEquals("GetItem", slice.get("operation").asText());
      assertEquals(List.of("root/docs/cv.pdf"), sorts(slice, "read"));
      // The two items before it, then five after it (the window), and two beyond the window.
      assertEquals(List.of("root/", "root/docs/", "root/docs/cv.pdf", "root/photos", "root/photos/",
          "root/photos/2026/", "root/photos/2026/beach.jpg", "root/photos/2026/sunset.jpg"), sorts(slice, ""));
      assertEquals(0, slice.get("countBefore").asLong());
      assertEquals(2, slice.get("countAfter").asLong());
    }
  }

  @Test
  void aBatchGetItemHighlightsItsItemsAndNotThoseBetween() throws Exception {
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100)) {
      JsonNode answer = api.slices("SELECT size FROM files WHERE account = 'a91' "
          + "AND path IN ('root/docs/cv.pdf', 'root/photos/2026/beach.jpg')");
      JsonNode slice = answer.get("slices").get(0);
      assertEquals("BatchGetItem", slice.get("operation").asText());
      assertEquals(1, answer.get("slices").size());
      assertEquals(List.of("root/docs/cv.pdf", "root/photos/2026/beach.jpg"), sorts(slice, "read"));
      assertEquals(List.of("root/docs/cv.pdf", "root/photos", "root/photos/", "root/photos/2026/",
          "root/photos/2026/beach.jpg"), sorts(slice, "").subList(2, 7));
    }
  }

  @Test
  void aRecursiveWalkHighlightsTheSubtree() throws Exception {
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100)) {
      JsonNode answer = api.slices("WITH RECURSIVE tree AS (SELECT account, path FROM files "
          + "WHERE account = 'a91' AND path = 'root/photos/' UNION ALL SELECT f.account, f.path FROM files f "
          + "JOIN tree t ON f.account = t.account AND f.parent = t.path) SELECT path FROM tree");
      assertEquals(1, answer.get("slices").size(), answer.toString());
      JsonNode slice = answer.get("slices").get(0);
      assertEquals(List.of("root/photos/", "root/photos/2026/", "root/photos/2026/beach.jpg",
          "root/photos/2026/sunset.jpg"), sorts(slice, "read"));
    }
  }

  @Test
  void itemsTheDriverRejectedAsTheStatementRanAreMarkedApartFromTheFilterExpressions() throws Exception {
    String sql = "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/%' AND size > 0 AND path LIKE '%.jpg'";
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100)) {
      JsonNode before = api.slices(sql);
      assertFalse(before.get("afterRun").asBoolean());
      assertEquals(List.of(), sorts(before.get("slices").get(0), "rejectedByDriver"));

      db.clearRequests();
      JsonNode run = api.run(sql, false);
      assertEquals("[[\"root/photos/2026/beach.jpg\"],[\"root/photos/2026/sunset.jpg\"]]", run.get("rows").toString());
      assertEquals(List.of("Query"), operations());
      db.clearRequests();
      JsonNode answer = api.slices(sql);
      assertTrue(answer.get("afterRun").asBoolean());
      JsonNode slice = answer.get("slices").get(0);
      // size > 0 is the FilterExpression's; LIKE '%.jpg' is left to the driver (EXPLAIN says so).
      assertEquals("#size > :v0", slice.get("filterExpression").asText().replaceAll("#\\w+", "#size")
          .replaceAll(":\\w+", ":v0"));
      assertEquals(10, sorts(slice, "read").size());
      assertEquals(List.of("root/", "root/docs/", "root/photos/", "root/photos/2026/", "root/photosX/"),
          sorts(slice, "filtered"));
      assertEquals(List.of("root/docs/cv.pdf", "root/photos", "root/photosX/raw.dng"),
          sorts(slice, "rejectedByDriver"));
      assertEquals(5, slice.get("returnedCount").asLong());
      assertEquals(3, slice.get("rejectedByDriverCount").asLong());
      // The marks come from the run: the slices send key reads only, listed apart.
      assertEquals(answer.get("keyReads").size(), operations().size());
      assertTrue(operations().stream().allMatch("Query"::equals), operations().toString());
    }
  }

  @Test
  void aLookupJoinsRequestsGetCardFiguresAndSlicesOnceTheStatementRan() throws Exception {
    String sql = "SELECT f.path, w.plan FROM files f JOIN workspaces w ON w.id = f.parent "
        + "WHERE f.account = 'a91' AND f.path LIKE 'root/photos/%'";
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100)) {
      // Before it runs, the lookup's keys are unknown: only the Query has a slice.
      JsonNode before = api.slices(sql);
      assertEquals(1, before.get("slices").size(), before.toString());
      assertEquals("Query", before.get("slices").get(0).get("operation").asText());

      db.clearRequests();
      JsonNode run = api.run(sql, false);
      assertEquals("[]", run.get("rows").toString());
      // The lookup's card is the BatchGetItem it sends, its keys known once the Query's rows are.
      assertEquals("BatchGetItem", run.get("requests").get(0).get("operation").asText());
      assertTrue(run.get("requests").get(0).has("unknown"));
      assertEquals(List.of("Query", "BatchGetItem"), operations());
      // Card 1 stands for the lookup's BatchGetItem, sent once with three keys, none found.
      JsonNode cards = run.get("sent").get("cards");
      assertEquals("Sent 1 request: 0 items read, 0 returned, 1.5 RCU", cards.get(0).get("describe").asText());
      assertEquals("Sent 1 request: 4 items read, 4 returned, 0.5 RCU", cards.get(1).get("describe").asText());
      assertEquals(run.get("cost").get("rcu").asDouble(),
          cards.get(0).get("rcu").asDouble() + cards.get(1).get("rcu").asDouble(), 1e-9);
      db.clearRequests();
      JsonNode answer = api.slices(sql);
      List<JsonNode> perRow = new ArrayList<>();
      answer.get("slices").forEach(slice -> {
        if (slice.path("perRow").asBoolean()) {
          perRow.add(slice);
        }
      });
      // The BatchGetItem the join sent asked for the META item of each parent the Query's rows name,
      // one partition each; none exists, so each slice reads nothing and highlights nothing.
      assertEquals(List.of("WS#root/", "WS#root/photos/", "WS#root/photos/2026/"),
          perRow.stream().map(slice -> slice.get("partition").asText()).sorted().toList());
      for (JsonNode slice : perRow) {
        assertEquals("BatchGetItem", slice.get("operation").asText());
        assertEquals(0, slice.get("request").asInt());
        assertEquals("Control", slice.get("table").asText());
        assertEquals("EntityRef", slice.get("partitionKey").asText());
        assertEquals(List.of(), sorts(slice, "read"));
      }
      assertEquals(0, answer.get("perRowNotDrawn").asInt());
      assertEquals(answer.get("keyReads").size(), operations().size());
      assertTrue(operations().stream().allMatch("Query"::equals), operations().toString());
    }
  }

  @Test
  void anItemCollectionJoinsOneQueryTagsItsItemsByTableAndMarksThoseTheDriverLeftOut() throws Exception {
    String sql = "SELECT p.name, w.plan FROM projects p JOIN workspaces w ON w.id = p.workspace_id "
        + "WHERE p.workspace_id = 'acme' AND p.id = 'website'";
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100)) {
      db.clearRequests();
      assertEquals("[[\"Website\",\"enterprise\"]]", api.run(sql, false).get("rows").toString());
      assertEquals(List.of("Query"), operations());
      db.clearRequests();
      JsonNode answer = api.slices(sql);
      assertEquals(1, answer.get("slices").size(), answer.toString());
      JsonNode slice = answer.get("slices").get(0);
      assertEquals(List.of("META", "PROJ#2026-launch", "PROJ#2026-rebrand", "PROJ#website"), sorts(slice, "read"));
      List<String> entities = new ArrayList<>();
      slice.get("items").forEach(item -> entities.add(item.get("entity").asText()));
      assertEquals(List.of("workspaces", "projects", "projects", "projects"), entities);
      // id = 'website' is the driver's check on the projects' rows; the workspace's item is a row of the other side.
      assertEquals(List.of("PROJ#2026-launch", "PROJ#2026-rebrand"), sorts(slice, "rejectedByDriver"));
      assertTrue(operations().stream().allMatch("Query"::equals), operations().toString());
      assertEquals(answer.get("keyReads").size(), operations().size());
    }
  }

  @Test
  void eachCardShowsWhatItsOwnQueryReadReturnedAndCostAsDynamoDbAnsweredIt() throws Exception {
    // Two Queries on one table: the cost API's capacity for table 'Drive' holds both.
    String sql = "SELECT path FROM files WHERE account IN ('a91', 'b07') AND path LIKE 'root/%' AND size > 0";
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100);
        DynamoDbClient raw = Dynalite.client(db.endpoint())) {
      List<CopyableRequest> planned = connection.unwrap(KeycondConnection.class).requests(sql).requests();
      db.clearRequests();
      JsonNode run = api.run(sql, false);
      assertEquals("rows", run.get("status").asText(), run.toString());
      assertEquals(List.of("Query", "Query"), operations());
      JsonNode cards = run.get("sent").get("cards");
      assertEquals(2, cards.size(), run.toString());
      assertEquals("[]", run.get("sent").get("unlisted").toString());
      double rcu = 0;
      long read = 0;
      for (int i = 0; i < 2; i++) {
        // The same request again, as the card's JSON says, straight to the server: its answer is the card's figures.
        QueryRequest request = (QueryRequest) ((CopyableRequest.Exact) planned.get(i)).request();
        QueryResponse answer = raw.query(request);
        assertTrue(answer.lastEvaluatedKey().isEmpty());
        JsonNode card = cards.get(i);
        assertEquals(1, card.get("requests").asInt());
        assertEquals(1, card.get("pages").asInt());
        assertEquals(answer.scannedCount(), card.get("itemsRead").asInt(), card.toString());
        assertEquals(answer.count(), card.get("itemsReturned").asInt(), card.toString());
        assertEquals(answer.consumedCapacity().capacityUnits(), card.get("rcu").asDouble(), 1e-9);
        assertEquals(0, card.get("wcu").asDouble());
        rcu += card.get("rcu").asDouble();
        read += card.get("itemsRead").asLong();
      }
      // a91's Query reads its ten items and returns the five the FilterExpression keeps; b07's partition is smaller.
      assertEquals("Sent 1 request: 10 items read, 5 returned, 0.5 RCU", cards.get(0).get("describe").asText());
      assertTrue(cards.get(1).get("itemsRead").asLong() < 10, cards.toString());
      JsonNode cost = run.get("cost");
      assertEquals(cost.get("rcu").asDouble(), rcu, 1e-9);
      assertEquals(cost.get("itemsRead").asLong(), read);
      assertEquals(1, cost.get("capacity").size(), "the cost API has the two Queries' units together: " + cost);
    }
  }

  @Test
  void aWritesCardShowsItsWriteUnits() throws Exception {
    try (Connection connection = db.connect();
        WorkbenchApi api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100)) {
      JsonNode insert = api.run("INSERT INTO workspaces (id, name, plan) VALUES ('wb-cards', 'Cards', 'free')", true);
      JsonNode delete = api.run("DELETE FROM workspaces WHERE id = 'wb-cards'", true);
      for (JsonNode done : List.of(insert, delete)) {
        assertEquals("done", done.get("status").asText(), done.toString());
        JsonNode card = done.get("sent").get("cards").get(0);
        assertEquals("Sent 1 request: 1 WCU", card.get("describe").asText(), done.toString());
        assertEquals(done.get("cost").get("wcu").asDouble(), card.get("wcu").asDouble(), 1e-9);
      }
    }
  }
}
