package dev.keycond.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.KeycondStatement;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.planner.explain.CopyableRequest;
import dev.keycond.planner.explain.StatementRequests;
import dev.keycond.planner.gateway.RunRecording;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * What the page asks of the connection, one request at a time: the mapping, a statement run (its
 * rows a page at a time, its requests and its cost), its EXPLAIN, and the slices its Queries read.
 * A statement that writes runs only when the page says the user confirmed it. The answers hold
 * what the driver reports and nothing of the connection's credentials.
 */
final class WorkbenchApi implements AutoCloseable {
  /** Rows per page: the grid never holds more than a page of a result at a time. */
  static final int PAGE_ROWS = 100;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * The open result whose next page the page may ask for, and its one row read ahead; {@code
   * recording} is what its statement sent and dropped as it ran.
   */
  private record Cursor(long id, String sql, Statement statement, RunRecording recording, ResultSet rows) {}

  /** The most requests known only as the statement ran (a lookup join's) that the slices draw. */
  static final int MOST_PER_ROW_DRAWN = 10;

  /**
   * The statement run last, as far as its rows were read: the keys of the items its requests
   * returned that the driver's own checks then rejected (what the slices mark as dropped by the
   * driver), and the reads it sent.
   */
  private record LastRun(String sql, Set<Map<String, AttributeValue>> rejectedByDriver, List<DynamoDbRequest> sent) {
    LastRun {
      rejectedByDriver = Set.copyOf(rejectedByDriver);
      sent = List.copyOf(sent);
    }
  }

  private final KeycondConnection connection;
  private final int pageRows;
  private Optional<Cursor> cursor = Optional.empty();
  private Optional<LastRun> lastRun = Optional.empty();
  private long cursors;
  private boolean pendingRow;

  /** @param pageRows the most rows an answer holds */
  WorkbenchApi(KeycondConnection connection, int pageRows) {
    this.connection = connection;
    this.pageRows = pageRows;
  }

  ObjectNode mapping() {
    return MappingData.of(connection.schema());
  }

  /** Runs a statement, unless keycond refuses it or it writes and {@code confirmed} is false. */
  ObjectNode run(String sql, boolean confirmed) {
    ObjectNode answer = NODES.objectNode().put("sql", sql);
    try {
      StatementRequests requests = connection.requests(sql);
      answer.set("requests", RequestCards.of(requests));
      if (requests.refusal().isPresent()) {
        return refused(answer, requests.refusal().get());
      }
      if (requests.write() && !confirmed) {
        return answer.put("status", "confirm").put("message",
            "This statement writes to DynamoDB (the requests below). Confirm to run it.");
      }
      closeCursor();
      lastRun = Optional.empty();
      Statement statement = connection.createStatement();
      // Only the workbench's statements record what they send and drop: the page draws it.
      RunRecording recording = new RunRecording();
      statement.unwrap(dev.keycond.jdbc.KeycondStatement.class).recordInto(recording);
      if (!statement.execute(sql)) {
        answer.put("status", "done").put("updated", statement.getUpdateCount());
        answer.set("cost", RequestCards.cost(statement.unwrap(KeycondStatement.class).cost()));
        statement.close();
        return answer;
      }
      Cursor open = new Cursor(++cursors, sql, statement, recording, statement.getResultSet());
      cursor = Optional.of(open);
      pendingRow = open.rows().next();
      answer.put("status", "rows").put("cursor", open.id());
      ArrayNode columns = answer.putArray("columns");
      ResultSetMetaData meta = open.rows().getMetaData();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        columns.addObject().put("name", meta.getColumnLabel(i)).put("type", meta.getColumnTypeName(i));
      }
      return page(answer, open);
    } catch (SQLException e) {
      return error(answer, e);
    }
  }

  /** The next page of the open result, if {@code id} is still the open one. */
  ObjectNode page(long id) {
    ObjectNode answer = NODES.objectNode();
    if (cursor.isEmpty() || cursor.get().id() != id) {
      return answer.put("status", "error").put("message", "That result is closed: run the statement again");
    }
    try {
      return page(answer.put("status", "rows").put("cursor", id), cursor.get());
    } catch (SQLException e) {
      return error(answer, e);
    }
  }

  private ObjectNode page(ObjectNode answer, Cursor open) throws SQLException {
    ArrayNode rows = answer.putArray("rows");
    int columns = open.rows().getMetaData().getColumnCount();
    while (pendingRow && rows.size() < pageRows) {
      ArrayNode row = rows.addArray();
      for (int i = 1; i <= columns; i++) {
        row.add(open.rows().getString(i));
      }
      pendingRow = open.rows().next();
    }
    answer.put("more", pendingRow);
    lastRun = Optional.of(new LastRun(open.sql(), Set.copyOf(open.recording().itemsRejectedByDriver()),
        open.recording().sentReads()));
    answer.set("cost", RequestCards.cost(open.statement().unwrap(KeycondStatement.class).cost()));
    if (!pendingRow) {
      closeCursor();
    }
    return answer;
  }

  /** The text EXPLAIN of a statement, with its requests as cards. Sends nothing. */
  ObjectNode explain(String sql) {
    ObjectNode answer = NODES.objectNode().put("sql", sql);
    try (Statement statement = connection.createStatement();
        ResultSet lines = statement.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      ArrayNode text = answer.put("status", "explained").putArray("lines");
      while (lines.next()) {
        text.add(lines.getString(1));
      }
      StatementRequests requests = connection.requests(sql);
      answer.set("requests", RequestCards.of(requests));
      requests.refusal().ifPresent(reason -> refused(answer.putObject("refusal"), reason));
      return answer;
    } catch (SQLException e) {
      return error(answer, e);
    }
  }

  /**
   * The slice each Query of a statement reads, from key reads listed apart from the statement's
   * requests. When it is the statement run last, the items the driver's own checks rejected as it
   * ran are marked ({@code afterRun} says whether it is).
   */
  ObjectNode slices(String sql) {
    ObjectNode answer = NODES.objectNode().put("sql", sql);
    ArrayNode slices = answer.put("status", "slices").putArray("slices");
    ArrayNode keyReads = answer.putArray("keyReads");
    Optional<LastRun> ran = lastRun.filter(run -> run.sql().equals(sql));
    answer.put("afterRun", ran.isPresent());
    Set<Map<String, AttributeValue>> rejected = ran.map(LastRun::rejectedByDriver).orElse(Set.of());
    try {
      List<CopyableRequest> requests = connection.requests(sql).requests();
      List<DynamoDbRequest> exactRequests = new ArrayList<>();
      for (int index = 0; index < requests.size(); index++) {
        if (requests.get(index) instanceof CopyableRequest.Exact exact) {
          exactRequests.add(exact.request());
          for (ObjectNode slice : slices(exact.request(), rejected, keyReads)) {
            slices.add(slice.put("request", index));
          }
        }
      }
      if (ran.isPresent()) {
        perRowSlices(requests, ran.get().sent().stream().filter(sent -> !exactRequests.contains(sent)).toList(),
            rejected, slices, keyReads, answer);
      }
      double units = 0;
      for (JsonNode read : keyReads) {
        units += read.path("rcu").asDouble();
      }
      return answer.put("keyReadUnits", units);
    } catch (SQLException e) {
      return error(answer, e);
    }
  }

  /**
   * The slices of the reads the statement sent that EXPLAIN knew only as requests per row read (a
   * lookup join's), each under the first such card of its operation (or the first such card), the first
   * {@value #MOST_PER_ROW_DRAWN} of them; {@code perRowNotDrawn} counts the others.
   */
  private void perRowSlices(List<CopyableRequest> requests, List<DynamoDbRequest> sent,
      Set<Map<String, AttributeValue>> rejected, ArrayNode slices, ArrayNode keyReads, ObjectNode answer)
      throws SQLException {
    List<Integer> perRowCards = IntStream.range(0, requests.size())
        .filter(i -> requests.get(i) instanceof CopyableRequest.Unknown).boxed().toList();
    if (perRowCards.isEmpty()) {
      return;
    }
    int drawn = 0;
    int notDrawn = 0;
    for (DynamoDbRequest request : sent) {
      // A lookup's card names the GetItem it stands for; it sends them as BatchGetItems.
      String operation = operation(request).replace("BatchGetItem", "GetItem");
      int card = perRowCards.stream().filter(i -> requests.get(i).operation().equals(operation)).findFirst()
          .orElse(perRowCards.get(0));
      if (drawn == MOST_PER_ROW_DRAWN) {
        notDrawn++;
        continue;
      }
      drawn++;
      for (ObjectNode slice : slices(request, rejected, keyReads)) {
        slices.add(slice.put("request", card).put("perRow", true));
      }
    }
    answer.put("perRowNotDrawn", notDrawn);
  }

  /** The operation of a read the statement sent, as its card names it. */
  private static String operation(DynamoDbRequest request) {
    return request.getClass().getSimpleName().replaceFirst("Request$", "");
  }

  /** The slices a read reads: a Query's, or the partitions of a GetItem's or BatchGetItem's keys; none for a write or a Scan. */
  private List<ObjectNode> slices(DynamoDbRequest request, Set<Map<String, AttributeValue>> rejected,
      ArrayNode keyReads) throws SQLException {
    SliceView.Reads reads = new SliceView.Reads(connection::keyRead, rejected, keyReads);
    if (request instanceof QueryRequest query) {
      return List.of(SliceView.of(query, connection.schema(), reads));
    }
    if (request instanceof GetItemRequest get) {
      return SliceView.ofKeys("GetItem", get.tableName(), List.of(get.key()), Boolean.TRUE.equals(get.consistentRead()),
          connection.schema(), reads);
    }
    List<ObjectNode> slices = new ArrayList<>();
    if (request instanceof BatchGetItemRequest batch) {
      for (Map.Entry<String, KeysAndAttributes> table : batch.requestItems().entrySet()) {
        slices.addAll(SliceView.ofKeys("BatchGetItem", table.getKey(), table.getValue().keys(),
            Boolean.TRUE.equals(table.getValue().consistentRead()), connection.schema(), reads));
      }
    }
    return slices;
  }

  private static ObjectNode refused(ObjectNode answer, String reason) {
    answer.put("status", "refused").put("message", reason);
    ArrayNode fixes = answer.putArray("fixes");
    RefusalFixes.of(reason).forEach(fixes::add);
    return answer;
  }

  private static ObjectNode error(ObjectNode answer, SQLException e) {
    answer.put("status", "error").put("sqlState", e.getSQLState()).put("message", e.getMessage());
    ArrayNode fixes = answer.putArray("fixes");
    RefusalFixes.of(String.valueOf(e.getMessage())).forEach(fixes::add);
    return answer;
  }

  private void closeCursor() throws SQLException {
    if (cursor.isPresent()) {
      Statement statement = cursor.get().statement();
      cursor = Optional.empty();
      pendingRow = false;
      statement.close();
    }
  }

  @Override
  public void close() throws SQLException {
    closeCursor();
  }
}
