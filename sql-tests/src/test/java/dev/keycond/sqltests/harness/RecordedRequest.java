package dev.keycond.sqltests.harness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;

/**
 * One DynamoDB request as the SDK sent it, with its expressions rendered readably by {@link
 * ExpressionRenderer}: placeholders substituted, S values in single quotes, N bare, B as {@code
 * X'hex'}. Components a request does not have are null (or empty lists); {@link #raw()} holds the
 * request itself for anything else.
 *
 * @param operation the API operation, such as "Query", "GetItem", "Scan" or "BatchGetItem"
 * @param tableNames the tables the request names: one, several for a batch, none for ListTables
 * @param indexName the secondary index a Query or Scan reads
 * @param keyCondition the key condition, e.g. {@code PK = 'X' AND begins_with(SK, 'a/')}
 * @param filter the filter expression
 * @param projection the projection expression, names substituted
 * @param keys the keys of a GetItem, UpdateItem or DeleteItem (one) or of a BatchGetItem (all of
 *     them, table by table), each as {@code {PK: 'X', SK: 'a/1'}}
 * @param exclusiveStartKey where a Query or Scan resumes, as {@code {PK: 'X', SK: 'a/1'}}
 * @param select the Select parameter, such as "COUNT"
 */
public record RecordedRequest(
    String operation,
    List<String> tableNames,
    String indexName,
    String keyCondition,
    String filter,
    String projection,
    List<String> keys,
    String exclusiveStartKey,
    Integer limit,
    Boolean scanIndexForward,
    String select,
    Boolean consistentRead,
    SdkRequest raw) {

  public RecordedRequest {
    tableNames = List.copyOf(tableNames);
    keys = List.copyOf(keys);
  }

  static RecordedRequest of(String operation, SdkRequest request) {
    Map<String, String> names = map(request, "ExpressionAttributeNames", String.class);
    Map<String, AttributeValue> values =
        map(request, "ExpressionAttributeValues", AttributeValue.class);
    Map<String, AttributeValue> startKey =
        map(request, "ExclusiveStartKey", AttributeValue.class);
    return new RecordedRequest(
        operation,
        tableNames(request),
        field(request, "IndexName", String.class),
        ExpressionRenderer.render(field(request, "KeyConditionExpression", String.class),
            names, values),
        ExpressionRenderer.render(field(request, "FilterExpression", String.class), names, values),
        ExpressionRenderer.render(field(request, "ProjectionExpression", String.class),
            names, values),
        keys(request),
        startKey.isEmpty() ? null : ExpressionRenderer.map(startKey),
        field(request, "Limit", Integer.class),
        field(request, "ScanIndexForward", Boolean.class),
        field(request, "Select", String.class),
        field(request, "ConsistentRead", Boolean.class),
        request);
  }

  /** The only table the request names, or null if it names none or several. */
  public String tableName() {
    return tableNames.size() == 1 ? tableNames.get(0) : null;
  }

  /** The request as its SDK type, e.g. {@code raw(QueryRequest.class)}. */
  public <T extends SdkRequest> T raw(Class<T> type) {
    return type.cast(raw);
  }

  /** A one-line summary, leaving out what the request does not have; handy in failure messages. */
  @Override
  public String toString() {
    StringJoiner text = new StringJoiner(", ", operation + "(", ")");
    append(text, "table", String.join(", ", tableNames));
    append(text, "index", indexName);
    append(text, "key", keyCondition);
    append(text, "filter", filter);
    append(text, "projection", projection);
    append(text, "keys", keys.isEmpty() ? null : keys);
    append(text, "start", exclusiveStartKey);
    append(text, "limit", limit);
    append(text, "forward", scanIndexForward);
    append(text, "select", select);
    append(text, "consistent", consistentRead);
    return text.toString();
  }

  private static void append(StringJoiner text, String label, Object value) {
    if (value != null && !"".equals(value)) {
      text.add(label + "=" + value);
    }
  }

  private static List<String> tableNames(SdkRequest request) {
    String table = field(request, "TableName", String.class);
    if (table != null) {
      return List.of(table);
    }
    // Batches name their tables as the keys of RequestItems.
    return List.copyOf(map(request, "RequestItems", Object.class).keySet());
  }

  private static List<String> keys(SdkRequest request) {
    if (request instanceof BatchGetItemRequest batch) {
      return batch.requestItems().values().stream()
          .flatMap(table -> table.keys().stream())
          .map(ExpressionRenderer::map)
          .toList();
    }
    Map<String, AttributeValue> key = map(request, "Key", AttributeValue.class);
    return key.isEmpty() ? List.of() : List.of(ExpressionRenderer.map(key));
  }

  private static <T> T field(SdkRequest request, String name, Class<T> type) {
    return request.getValueForField(name, type).orElse(null);
  }

  /** A map-valued field, empty when the request does not have it or leaves it unset. */
  private static <V> Map<String, V> map(SdkRequest request, String name, Class<V> valueType) {
    Map<?, ?> untyped = request.getValueForField(name, Map.class).orElse(Map.of());
    Map<String, V> typed = new LinkedHashMap<>();
    untyped.forEach((key, value) -> typed.put((String) key, valueType.cast(value)));
    return typed;
  }
}
