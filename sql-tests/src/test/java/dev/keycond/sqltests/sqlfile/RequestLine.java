package dev.keycond.sqltests.sqlfile;

import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.ExpressionRenderer;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * One DynamoDB request as a line of a {@code --- requests} section:
 *
 * <pre>
 * Query files_Drive key: PK = 'DRIVE#a91' AND begins_with(SK, 'root/photos/')
 * Query files_Drive index ByParent key: parent = 'root/' filter: size &gt; 10 Limit=5
 * GetItem files_Drive key: {PK: 'DRIVE#a91', SK: 'root/'}
 * Scan scan_Big Limit=5 Select=COUNT
 * Scan scan_Big Segment=0/4
 * </pre>
 *
 * That is the operation, the table, then only what is set: the index, the key condition (or the
 * keys of a GetItem / BatchGetItem, sorted and separated by "; "), the filter, {@code Limit=N},
 * {@code ScanIndexForward=false}, {@code Select=COUNT} (and {@code Select=ALL_ATTRIBUTES} on an
 * index, whose default is the index's own attributes), a parallel Scan's {@code Segment=i/N},
 * {@code ConsistentRead=true} and the
 * {@code ExclusiveStartKey} of a follow-up page. Settings at their DynamoDB default (forward
 * order, eventually consistent, all attributes) are left out whether or not they were sent
 * explicitly, since they read the same items. The ProjectionExpression is left out because it
 * lists every column a case reads; Java tests assert it.
 */
public final class RequestLine {
  private RequestLine() {}

  public static String render(RecordedRequest request) {
    StringBuilder line = new StringBuilder(request.operation())
        .append(' ').append(String.join(", ", request.tableNames()));
    if (request.indexName() != null) {
      line.append(" index ").append(request.indexName());
    }
    if (request.keyCondition() != null) {
      line.append(" key: ").append(request.keyCondition());
    } else if (!request.keys().isEmpty()) {
      // The keys of a batch are a set to DynamoDB, so they are listed sorted.
      line.append(" key: ").append(String.join("; ", request.keys().stream().sorted().toList()));
    }
    if (request.filter() != null) {
      line.append(" filter: ").append(request.filter());
    }
    write(request, line);
    if (request.limit() != null) {
      line.append(" Limit=").append(request.limit());
    }
    if (Boolean.FALSE.equals(request.scanIndexForward())) {
      line.append(" ScanIndexForward=false");
    }
    if ("COUNT".equals(request.select())) {
      line.append(" Select=COUNT");
    }
    if ("ALL_ATTRIBUTES".equals(request.select()) && request.indexName() != null) {
      // On an index the default is the index's own attributes; whole items are fetched from the table.
      line.append(" Select=ALL_ATTRIBUTES");
    }
    if (request.raw() instanceof ScanRequest scan && scan.segment() != null) {
      line.append(" Segment=").append(scan.segment()).append('/').append(scan.totalSegments());
    }
    if (Boolean.TRUE.equals(request.consistentRead())) {
      line.append(" ConsistentRead=true");
    }
    if (request.exclusiveStartKey() != null) {
      line.append(" ExclusiveStartKey=").append(request.exclusiveStartKey());
    }
    return line.toString();
  }

  /**
   * What a write request writes: a PutItem's item, an UpdateItem's update expression, the
   * condition of either and of a DeleteItem (names and values substituted in), and a
   * BatchWriteItem's puts and deletes, sorted, as {@code put {...}; delete {...}}.
   */
  private static void write(RecordedRequest request, StringBuilder line) {
    if (request.raw() instanceof PutItemRequest put) {
      line.append(" item: ").append(ExpressionRenderer.map(put.item()));
      condition(line, put.conditionExpression(), put.expressionAttributeNames(), put.expressionAttributeValues());
    } else if (request.raw() instanceof UpdateItemRequest update) {
      line.append(" update: ").append(ExpressionRenderer.render(update.updateExpression(),
          update.expressionAttributeNames(), update.expressionAttributeValues()));
      condition(line, update.conditionExpression(), update.expressionAttributeNames(),
          update.expressionAttributeValues());
    } else if (request.raw() instanceof DeleteItemRequest delete) {
      condition(line, delete.conditionExpression(), delete.expressionAttributeNames(),
          delete.expressionAttributeValues());
    } else if (request.raw() instanceof BatchWriteItemRequest batch) {
      line.append(' ').append(batch.requestItems().values().stream().flatMap(List::stream)
          .map(w -> w.putRequest() != null ? "put " + ExpressionRenderer.map(w.putRequest().item())
              : "delete " + ExpressionRenderer.map(w.deleteRequest().key()))
          .sorted().collect(Collectors.joining("; ")));
    }
  }

  private static void condition(StringBuilder line, String condition, Map<String, String> names,
      Map<String, AttributeValue> values) {
    if (condition != null) {
      line.append(" condition: ").append(ExpressionRenderer.render(condition, names, values));
    }
  }

  /**
   * The line with the statement's time written {@code {now}}: a read of a table with time to live
   * compares each item's expiry with the time it runs at, in epoch seconds, which a case cannot
   * know. Any second from the statement's start to its end counts as its time.
   */
  static String withStatementTime(String line, long startedSecond, long endedSecond) {
    String shown = line;
    for (long second = startedSecond; second <= endedSecond; second++) {
      shown = shown.replace(Long.toString(second), "{now}");
    }
    return shown;
  }

  /** Runs of white space count as one space, so expected lines may be aligned freely. */
  static String normalize(String line) {
    return line.strip().replaceAll("\\s+", " ");
  }
}
