package dev.keycond.planner.explain;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.RequestValue;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Prints a request the way the DynamoDB API and the AWS CLI spell it, so that a reader can paste
 * it into {@code aws dynamodb query} and get the same items.
 */
final class RequestFormatter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RequestFormatter() {}

  static List<String> format(ReadRequest request) {
    List<String> lines = new ArrayList<>();
    lines.add(request.operation().wireName() + " on table '" + request.tableName() + "'"
        + request.indexName().map(i -> ", index '" + i + "'").orElse(""));
    if (request.operation() == ReadRequest.Operation.GET_ITEM) {
      lines.add("  Key:                       " + json(values(request.keys().get(0))));
    }
    if (request.operation() == ReadRequest.Operation.BATCH_GET_ITEM) {
      lines.add("  Keys:                      " + request.keys().size());
      for (Map<String, RequestValue> key : request.keys()) {
        lines.add("    " + json(values(key)));
      }
    }
    request.keyConditionExpression().ifPresent(e -> lines.add("  KeyConditionExpression:    " + e));
    lines.add("  FilterExpression:          " + request.filterExpression().orElse("(none)"));
    lines.add("  ProjectionExpression:      "
        + request.projectionExpression().orElse(request.count() ? "(none: Select=COUNT)" : "(all attributes)"));
    if (!request.names().isEmpty()) {
      ObjectNode names = JsonNodeFactory.instance.objectNode();
      request.names().forEach(names::put);
      lines.add("  ExpressionAttributeNames:  " + json(names));
    }
    if (!request.values().isEmpty()) {
      lines.add("  ExpressionAttributeValues: " + json(values(request.values())));
    }
    if (request.operation() == ReadRequest.Operation.QUERY || request.operation() == ReadRequest.Operation.SCAN) {
      if (request.operation() == ReadRequest.Operation.QUERY) {
        lines.add("  ScanIndexForward:          " + request.scanIndexForward());
      }
      lines.add("  Limit:                     " + request.limit().map(String::valueOf).orElse("(none)")
          + (request.limitsFirstPageOnly() ? " (first page only; the pages after it read unlimited)" : ""));
      if (request.count()) {
        lines.add("  Select:                    COUNT");
      }
    }
    lines.add("  ConsistentRead:            " + request.consistentRead());
    return lines;
  }

  private static ObjectNode values(Map<String, RequestValue> values) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    values.forEach((name, value) -> {
      if (value instanceof RequestValue.Bound b) {
        node.set(name, attribute(b.value()));
      } else {
        node.put(name, "<" + ((RequestValue.Unbound) value).description() + ">");
      }
    });
    return node;
  }

  private static ObjectNode attribute(AttributeValue v) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    switch (v.type()) {
      case S:
        node.put("S", v.s());
        break;
      case N:
        node.put("N", v.n());
        break;
      case B:
        node.put("B", Base64.getEncoder().encodeToString(v.b().asByteArray()));
        break;
      case BOOL:
        node.put("BOOL", v.bool());
        break;
      case NUL:
        node.put("NULL", true);
        break;
      case SS:
        ArrayNode strings = node.putArray("SS");
        v.ss().forEach(strings::add);
        break;
      case NS:
        ArrayNode numbers = node.putArray("NS");
        v.ns().forEach(numbers::add);
        break;
      default:
        node.put(v.type().toString(), String.valueOf(v));
    }
    return node;
  }

  private static String json(Object node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
