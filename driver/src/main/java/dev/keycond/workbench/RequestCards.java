package dev.keycond.workbench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.cost.Capacity;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.planner.explain.CopyableRequest;
import dev.keycond.planner.explain.StatementRequests;

/**
 * The requests and the cost of a statement as the page shows them: one card per request in
 * EXPLAIN's order, with the very texts EXPLAIN gives (DynamoDB JSON, the AWS CLI command, the Java
 * SDK code), and the cost as the cost API reports it. The page computes none of these.
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
}
