package dev.keycond.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.keycond.demo.RecordingProxy;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the API answers, called directly: paging, and the slices of key reads by GetItem and BatchGetItem. */
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
  void aLookupJoinsRequestsGetSlicesOnceTheStatementRan() throws Exception {
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
      assertEquals("GetItem", run.get("requests").get(0).get("operation").asText());
      assertTrue(run.get("requests").get(0).has("unknown"));
      assertEquals(List.of("Query", "BatchGetItem"), operations());
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
}
