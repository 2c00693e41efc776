package dev.keycond.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.MotoExtension;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import dev.keycond.sqltests.support.OrdersByTenantRegion;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The workbench's slice of a Query on an index keyed on several attributes, on moto (dynalite has
 * none): table Orders (HASH id) with index ByTenantRegion, partition key tenant + region, sort key
 * placed (N) + status. The view lives in the driver; its tests reach moto only from here.
 */
@ExtendWith(MotoExtension.class)
class MultiAttributeSliceTest {
  private static final AtomicInteger NEXT = new AtomicInteger();

  private DynamoServer server;
  private String table;
  private Connection connection;
  private WorkbenchApi api;

  @BeforeEach
  void freshTable(DynamoServer moto) throws Exception {
    server = moto;
    table = "slice_Orders" + NEXT.incrementAndGet();
    OrdersByTenantRegion.create(server.client(), table);
    connection = DriverManager.getConnection(Keycond.url(server), Keycond.properties(
        "mapping=inline:{\"tables\": {\"orders\": {\"source\": \"" + table + "\", "
        + "\"columns\": {\"id\": \"VARCHAR\", \"tenant\": \"VARCHAR\", \"region\": \"VARCHAR\", "
        + "\"placed\": \"INTEGER\", \"status\": \"VARCHAR\"}, \"keys\": {\"id\": \"{id}\"}}}}"));
    api = new WorkbenchApi(connection.unwrap(KeycondConnection.class), 100);
    RequestRecorder.clear();
  }

  @AfterEach
  void close() throws Exception {
    api.close();
    connection.close();
  }

  @Test
  void theSliceIsItsItemsInTheOrderOfTheSortAttributesWithTheConditionsBounds() {
    JsonNode answer = api.slices("SELECT id FROM orders WHERE tenant = 't1' AND region = 'eu' AND placed > 150");

    JsonNode slice = answer.get("slices").get(0);
    assertFalse(slice.has("notDrawn"), slice.toString());
    assertEquals("ByTenantRegion", slice.get("index").asText());
    assertEquals("tenant + region", slice.get("partitionKey").asText());
    assertEquals("t1\" + \"eu", slice.get("partition").asText());
    assertEquals("placed + status", slice.get("sortKey").asText());
    assertEquals("placed > \"150\"", slice.get("sortCondition").asText());
    assertEquals(List.of("200 | open", "200 | shipped", "300 | closed"), sorts(slice, "read"));
    assertEquals(sorts(slice, "read"), sorts(slice, ""));
    assertKeyReadsOnly(answer);
  }

  @Test
  void theItemsTheDriverRejectedAsTheStatementRanAreMarked() {
    String sql = "SELECT id FROM orders WHERE tenant = 't1' AND region = 'eu' AND status = 'open'";
    JsonNode run = api.run(sql, false);
    assertEquals("[[\"o1\"],[\"o2\"]]", run.get("rows").toString());
    assertEquals(List.of("Query"), operations());
    RequestRecorder.clear();

    JsonNode answer = api.slices(sql);

    JsonNode slice = answer.get("slices").get(0);
    assertFalse(slice.has("sortCondition"), slice.toString());
    assertEquals(List.of("100 | open", "200 | open", "200 | shipped", "300 | closed"), sorts(slice, "read"));
    // DynamoDB takes no condition on status while placed has none: the driver checks it.
    assertEquals(List.of("200 | shipped", "300 | closed"), sorts(slice, "rejectedByDriver"));
    assertEquals(List.of(), sorts(slice, "filtered"));
    assertKeyReadsOnly(answer);
  }

  /** The view sent Queries of that index only, each listed apart from the statement's requests. */
  private static void assertKeyReadsOnly(JsonNode answer) {
    List<RecordedRequest> sent = RequestRecorder.dataRequests();
    assertEquals(answer.get("keyReads").size(), sent.size());
    assertTrue(sent.stream().allMatch(r -> r.operation().equals("Query") && "ByTenantRegion".equals(r.indexName())),
        sent.toString());
  }

  private static List<String> operations() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
  }

  private static List<String> sorts(JsonNode slice, String flag) {
    List<String> sorts = new ArrayList<>();
    for (JsonNode item : slice.get("items")) {
      if (flag.isEmpty() || item.get(flag).asBoolean()) {
        sorts.add(item.get("sort").asText());
      }
    }
    return sorts;
  }
}
