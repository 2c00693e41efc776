package dev.keycond.planner.explain;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.request.DeleteItem;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.request.Selection;
import dev.keycond.planner.request.UpdateItem;
import dev.keycond.planner.request.WriteRequest;
import dev.keycond.planner.request.RequestValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Prints a request the way the DynamoDB API and the AWS CLI spell it, so that a reader can paste
 * it into {@code aws dynamodb query} and get the same items.
 */
final class RequestFormatter {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RequestFormatter() {}

  static List<String> format(ReadRequest request) {
    List<String> lines = request.accept(new ReadRequest.Visitor<>() {
      @Override
      public List<String> getItem(GetItem get) {
        List<String> lines = new ArrayList<>();
        lines.add("GetItem on table '" + get.tableName() + "'");
        lines.add("  Key:                       " + json(values(get.key())));
        projection(lines, get.projectionExpression(), Selection.PROJECTED);
        attributes(lines, get.attributes());
        return lines;
      }

      @Override
      public List<String> batchGetItem(BatchGetItem batch) {
        List<String> lines = new ArrayList<>();
        lines.add("BatchGetItem on table '" + batch.tableName() + "'");
        // A BatchGetItem without keys stands for one per page of keys an index returns.
        lines.add("  Keys:                      " + (batch.keys().isEmpty()
            ? "the keys found, " + BatchGetItem.MAX_KEYS + " per request" : batch.keys().size()));
        for (Map<String, RequestValue> key : batch.keys()) {
          lines.add("    " + json(values(key)));
        }
        projection(lines, batch.projectionExpression(), Selection.PROJECTED);
        attributes(lines, batch.attributes());
        return lines;
      }

      @Override
      public List<String> query(Query query) {
        List<String> lines = new ArrayList<>();
        lines.add("Query on table '" + query.tableName() + "'" + index(query.indexName()));
        lines.add("  KeyConditionExpression:    " + query.keyConditionExpression());
        filter(lines, query.filterExpression());
        projection(lines, query.projectionExpression(), query.selection());
        attributes(lines, query.attributes());
        lines.add("  ScanIndexForward:          " + query.scanIndexForward());
        limit(lines, query.limit(), query.limitsFirstPageOnly(), query.selection());
        return lines;
      }

      @Override
      public List<String> scan(Scan scan) {
        List<String> lines = new ArrayList<>();
        lines.add("Scan on table '" + scan.tableName() + "'" + index(scan.indexName()));
        scan.segment().ifPresent(s -> lines.add("  Segment:                   " + s.index() + " (TotalSegments: "
            + s.total() + ")"));
        filter(lines, scan.filterExpression());
        projection(lines, scan.projectionExpression(), scan.selection());
        attributes(lines, scan.attributes());
        limit(lines, scan.limit(), scan.limitsFirstPageOnly(), scan.selection());
        return lines;
      }
    });
    lines.add("  ConsistentRead:            " + request.consistentRead());
    return lines;
  }

  static List<String> format(WriteRequest request) {
    List<String> header = new ArrayList<>();
    header.add(request.operation() + " on table '" + request.tableName() + "'");
    header.addAll(request.accept(new WriteRequest.Visitor<>() {
      @Override
      public List<String> putItem(PutItem put) {
        List<String> lines = new ArrayList<>();
        lines.add("  Item:                      " + json(values(put.item())));
        condition(lines, put.conditionExpression());
        attributes(lines, put.attributes());
        return lines;
      }

      @Override
      public List<String> updateItem(UpdateItem update) {
        List<String> lines = new ArrayList<>();
        lines.add("  Key:                       " + json(values(update.key())));
        lines.add("  UpdateExpression:          " + update.updateExpression());
        condition(lines, update.conditionExpression());
        attributes(lines, update.attributes());
        if (update.returnsNewItem()) {
          lines.add("  ReturnValues:              ALL_NEW");
        }
        return lines;
      }

      @Override
      public List<String> deleteItem(DeleteItem delete) {
        List<String> lines = new ArrayList<>();
        lines.add("  Key:                       " + json(values(delete.key())));
        condition(lines, delete.conditionExpression());
        attributes(lines, delete.attributes());
        if (delete.returnsOldItem()) {
          lines.add("  ReturnValues:              ALL_OLD");
        }
        return lines;
      }

      @Override
      public List<String> batchWriteItem(BatchWriteItem batch) {
        List<String> lines = new ArrayList<>();
        lines.add("  RequestItems:              " + batch.writes().size() + " writes");
        for (BatchWriteItem.Write write : batch.writes()) {
          lines.add("    " + (write instanceof BatchWriteItem.Put put ? "PutRequest Item: " + json(values(put.item()))
              : "DeleteRequest Key: " + json(values(((BatchWriteItem.Delete) write).key()))));
        }
        return lines;
      }

      @Override
      public List<String> transactWriteItems(TransactWriteItems transaction) {
        // A transaction writes several tables: its first line names them all.
        header.set(0, transaction.operation() + " on tables " + transaction.tableName());
        List<String> lines = new ArrayList<>();
        lines.add("  ClientRequestToken:        " + transaction.clientRequestToken());
        lines.add("  TransactItems:             " + transaction.actions().size() + " actions");
        for (TransactWriteItems.Action action : transaction.actions()) {
          lines.add("    " + action.kind() + " on table '" + action.tableName() + "': "
              + (action instanceof TransactWriteItems.Put ? "Item " : "Key ") + json(values(action.item()))
              + (action instanceof TransactWriteItems.Update update ? ", UpdateExpression " + update.updateExpression()
                  : "")
              + action.conditionExpression().map(c -> ", ConditionExpression " + c).orElse(""));
          List<String> attributes = new ArrayList<>();
          attributes(attributes, action.attributes());
          attributes.forEach(line -> lines.add("    " + line));
        }
        return lines;
      }
    }));
    return header;
  }

  private static void condition(List<String> lines, Optional<String> condition) {
    lines.add("  ConditionExpression:       " + condition.orElse("(none)"));
  }

  private static String index(Optional<String> indexName) {
    return indexName.map(i -> ", index '" + i + "'").orElse("");
  }

  private static void filter(List<String> lines, Optional<String> filter) {
    filter.ifPresent(f -> lines.add("  FilterExpression:          " + f));
  }

  private static void projection(List<String> lines, Optional<String> projection, Selection selection) {
    lines.add("  ProjectionExpression:      " + projection.orElse(selection == Selection.PROJECTED ? "(all attributes)"
        : "(none: Select=" + selection + ")"));
  }

  private static void attributes(List<String> lines, ExpressionAttributes attributes) {
    if (!attributes.names().isEmpty()) {
      ObjectNode names = JsonNodeFactory.instance.objectNode();
      attributes.names().forEach(names::put);
      lines.add("  ExpressionAttributeNames:  " + json(names));
    }
    if (!attributes.values().isEmpty()) {
      lines.add("  ExpressionAttributeValues: " + json(values(attributes.values())));
    }
  }

  private static void limit(List<String> lines, Optional<Integer> limit, boolean firstPageOnly, Selection selection) {
    lines.add("  Limit:                     " + limit.map(String::valueOf).orElse("(none)")
        + (firstPageOnly ? " (first page only; the pages after it read unlimited)" : ""));
    if (selection != Selection.PROJECTED) {
      lines.add("  Select:                    " + selection);
    }
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

  /** A value in DynamoDB JSON, as the JSON EXPLAIN and the copyable requests write it: lists and maps too. */
  private static ObjectNode attribute(AttributeValue v) {
    return RequestJson.object(v);
  }

  private static String json(Object node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
