package dev.keycond.sqltests.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code BatchGetItem} or {@code BatchWriteItem} request split as {@link Fault.Unprocessed}
 * splits it: the first half (rounded down) of each table's keys or write requests goes to the
 * server, the rest comes back unprocessed.
 *
 * @param forwarded the request body to send to the server, or empty when no table keeps anything
 * @param unprocessed the {@code UnprocessedKeys} or {@code UnprocessedItems} map to answer with
 * @param unprocessedField {@code UnprocessedKeys} or {@code UnprocessedItems}
 */
record BatchSplit(Optional<byte[]> forwarded, ObjectNode unprocessed, String unprocessedField) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Whether requests of this operation can be split. */
  static boolean applies(String operation) {
    return operation.equals("BatchGetItem") || operation.equals("BatchWriteItem");
  }

  static BatchSplit of(String operation, byte[] requestBody) {
    boolean reads = operation.equals("BatchGetItem");
    ObjectNode request = (ObjectNode) parse(requestBody);
    ObjectNode kept = JSON.createObjectNode();
    ObjectNode unprocessed = JSON.createObjectNode();
    for (Map.Entry<String, JsonNode> table : request.path("RequestItems").properties()) {
      // A read names its keys under Keys, next to the projection and consistency that apply to them.
      ArrayNode entries = (ArrayNode) (reads ? table.getValue().path("Keys") : table.getValue());
      int keep = entries.size() / 2;
      ArrayNode head = JSON.createArrayNode();
      ArrayNode tail = JSON.createArrayNode();
      for (int i = 0; i < entries.size(); i++) {
        (i < keep ? head : tail).add(entries.get(i));
      }
      if (!head.isEmpty()) {
        kept.set(table.getKey(), reads ? ((ObjectNode) table.getValue().deepCopy()).set("Keys", head) : head);
      }
      unprocessed.set(table.getKey(), reads ? ((ObjectNode) table.getValue().deepCopy()).set("Keys", tail) : tail);
    }
    Optional<byte[]> forwarded = kept.isEmpty() ? Optional.empty()
        : Optional.of(bytes(request.deepCopy().set("RequestItems", kept)));
    return new BatchSplit(forwarded, unprocessed, reads ? "UnprocessedKeys" : "UnprocessedItems");
  }

  /** The answer: the server's answer to the forwarded part, or an empty one, with the rest unprocessed. */
  byte[] answer(Optional<byte[]> serverAnswer) {
    ObjectNode answer = serverAnswer.map(body -> (ObjectNode) parse(body)).orElseGet(() -> {
      ObjectNode empty = JSON.createObjectNode();
      if (unprocessedField.equals("UnprocessedKeys")) {
        empty.set("Responses", JSON.createObjectNode());
      }
      return empty;
    });
    ObjectNode merged = answer.has(unprocessedField) ? (ObjectNode) answer.get(unprocessedField).deepCopy()
        : JSON.createObjectNode();
    for (Map.Entry<String, JsonNode> table : unprocessed.properties()) {
      JsonNode serverLeft = merged.get(table.getKey());
      if (serverLeft == null) {
        merged.set(table.getKey(), table.getValue());
      } else {
        // The server left part of what it was given; both parts are unprocessed.
        ArrayNode left = (ArrayNode) (serverLeft.isArray() ? serverLeft : serverLeft.get("Keys"));
        left.addAll((ArrayNode) (table.getValue().isArray() ? table.getValue() : table.getValue().get("Keys")));
      }
    }
    answer.set(unprocessedField, merged);
    return bytes(answer);
  }

  private static JsonNode parse(byte[] body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException("not a JSON body", e);
    }
  }

  private static byte[] bytes(JsonNode node) {
    try {
      return JSON.writeValueAsBytes(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
