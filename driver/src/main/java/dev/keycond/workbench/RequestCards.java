package dev.keycond.workbench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.cost.Capacity;
import dev.keycond.planner.cost.CostText;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.planner.explain.CopyableRequest;
import dev.keycond.planner.explain.StatementRequests;
import dev.keycond.planner.gateway.RunRecording;
import dev.keycond.planner.gateway.SentRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The requests and the cost of a statement as the page shows them: one card per request in
 * EXPLAIN's order, with the very texts EXPLAIN gives (DynamoDB JSON, the AWS CLI command, the Java
 * SDK code), what the requests sent for each card read, returned and consumed, as DynamoDB
 * answered them, and the cost as the cost API reports it. The page computes none of these.
 */
final class RequestCards {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private RequestCards() {}

  static ArrayNode of(StatementRequests statement) {
    ArrayNode cards = NODES.arrayNode();
    for (CopyableRequest request : statement.requests()) {
      ObjectNode card = cards.addObject().put("operation", request.operation());
      if (request instanceof CopyableRequest.Exact exact) {
        card.put("json", exact.json()).put("cli", exact.cliCommand(statement.cliTarget()))
            .put("java", String.join("\n", exact.javaSnippet()));
        exact.note().ifPresent(note -> card.put("note", note));
        targetOf(exact, card);
      } else {
        card.put("unknown", ((CopyableRequest.Unknown) request).reason());
      }
    }
    return cards;
  }

  /** The table and index a request reads or writes, which the page matches with the cost's capacities. */
  private static void targetOf(CopyableRequest.Exact exact, ObjectNode card) {
    exact.request().getValueForField("TableName", String.class).ifPresent(table -> card.put("table", table));
    exact.request().getValueForField("IndexName", String.class).ifPresent(index -> card.put("index", index));
  }

  static ObjectNode cost(StatementCost cost) {
    ObjectNode node = NODES.objectNode().put("summary", cost.summary()).put("itemsRead", cost.itemsRead())
        .put("itemsWritten", cost.itemsWritten()).put("rcu", cost.readCapacityUnits())
        .put("wcu", cost.writeCapacityUnits());
    ObjectNode requests = node.putObject("requests");
    cost.requests().forEach(requests::put);
    ArrayNode capacity = node.putArray("capacity");
    for (Capacity c : cost.capacity()) {
      ObjectNode entry = capacity.addObject().put("describe", c.describe()).put("table", c.table())
          .put("rcu", c.readUnits()).put("wcu", c.writeUnits());
      c.index().ifPresent(index -> entry.put("index", index));
    }
    return node;
  }

  /**
   * What the requests a run sent under each card read, returned and consumed, as DynamoDB's
   * answers said ({@code cards}, one entry per card, null for a card nothing was sent for), the
   * requests sent that no card stands for ({@code unlisted}), and how many requests were sent
   * beyond those the recording keeps ({@code notKept}). A paged Query or Scan counts as one
   * request with its pages; the units of all add up to the statement's.
   */
  static ObjectNode sent(List<CopyableRequest> cards, RunRecording recording) {
    ObjectNode sent = NODES.objectNode();
    ArrayNode perCard = sent.putArray("cards");
    cards.forEach(card -> perCard.addNull());
    ArrayNode unlisted = sent.putArray("unlisted");
    for (SentRequest request : recording.sentRequests()) {
      OptionalInt card = cardOf(cards, request.request());
      ObjectNode figures;
      if (card.isPresent()) {
        figures = perCard.get(card.getAsInt()).isNull() ? figures() : (ObjectNode) perCard.get(card.getAsInt());
        perCard.set(card.getAsInt(), figures);
      } else {
        figures = unlisted.addObject().put("operation", request.operation());
        request.request().getValueForField("TableName", String.class).ifPresent(table -> figures.put("table", table));
        request.request().getValueForField("IndexName", String.class).ifPresent(index -> figures.put("index", index));
        figures.setAll(figures());
      }
      add(figures, request);
    }
    return sent.put("notKept", recording.requestsNotKept());
  }

  private static ObjectNode figures() {
    return NODES.objectNode().put("requests", 0).put("pages", 0).put("itemsRead", 0).put("itemsReturned", 0)
        .put("rcu", 0.0).put("wcu", 0.0).put("reads", false).put("writes", false);
  }

  private static void add(ObjectNode figures, SentRequest request) {
    figures.put("requests", figures.get("requests").asInt() + 1)
        .put("pages", figures.get("pages").asInt() + request.pages())
        .put("itemsRead", figures.get("itemsRead").asLong() + request.itemsRead())
        .put("itemsReturned", figures.get("itemsReturned").asLong() + request.itemsReturned());
    String kind = request.read() ? "rcu" : "wcu";
    figures.put(kind, figures.get(kind).asDouble() + request.units()).put(request.read() ? "reads" : "writes", true);
    figures.put("describe", describe(figures));
  }

  /** Such as {@code Sent 1 request in 2 pages: 12 items read, 10 returned, 1.5 RCU}. */
  private static String describe(ObjectNode figures) {
    int requests = figures.get("requests").asInt();
    int pages = figures.get("pages").asInt();
    long read = figures.get("itemsRead").asLong();
    long returned = figures.get("itemsReturned").asLong();
    StringBuilder text = new StringBuilder("Sent ").append(CostText.count(requests, "request"));
    if (pages > requests) {
      text.append(" in ").append(CostText.count(pages, "page"));
    }
    List<String> parts = new ArrayList<>();
    if (figures.get("reads").asBoolean()) {
      parts.add(CostText.count(read, "item") + " read, " + CostText.count(returned) + " returned, "
          + CostText.units(figures.get("rcu").asDouble()) + " RCU");
    }
    if (figures.get("writes").asBoolean()) {
      parts.add(CostText.units(figures.get("wcu").asDouble()) + " WCU");
    }
    text.append(": ").append(String.join("; ", parts));
    return text.toString();
  }

  /**
   * The card a request the statement sent stands under: the card of that very request; else, for a
   * request known only as the statement ran, the first such card of its operation (a lookup's card
   * names the GetItem it stands for, which it sends as BatchGetItems), or the first such card; else
   * the first exact card of its operation, table and index (a batch's unprocessed keys sent again);
   * empty when no card stands for it.
   */
  static OptionalInt cardOf(List<CopyableRequest> cards, DynamoDbRequest sent) {
    String operation = sent.getClass().getSimpleName().replaceFirst("Request$", "");
    IntStream exact = IntStream.range(0, cards.size())
        .filter(i -> cards.get(i) instanceof CopyableRequest.Exact card && card.request().equals(sent));
    IntStream perRowOfOperation = IntStream.range(0, cards.size()).filter(i -> cards.get(i) instanceof CopyableRequest.Unknown
        && cards.get(i).operation().equals(operation.replace("BatchGetItem", "GetItem")));
    IntStream perRow = IntStream.range(0, cards.size()).filter(i -> cards.get(i) instanceof CopyableRequest.Unknown);
    IntStream sameTarget = IntStream.range(0, cards.size()).filter(i -> cards.get(i) instanceof CopyableRequest.Exact card
        && card.operation().equals(operation) && sameField(card.request(), sent, "TableName")
        && sameField(card.request(), sent, "IndexName"));
    return IntStream.concat(IntStream.concat(exact, perRowOfOperation), IntStream.concat(perRow, sameTarget)).findFirst();
  }

  private static boolean sameField(DynamoDbRequest a, DynamoDbRequest b, String field) {
    return Objects.equals(a.getValueForField(field, String.class), b.getValueForField(field, String.class));
  }
}
