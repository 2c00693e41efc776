package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * One DynamoDB read request, described completely. EXPLAIN prints it and execution sends it, so
 * what EXPLAIN shows is what goes on the wire.
 *
 * @param keys for GetItem, the full primary key; for BatchGetItem, up to 100 of them
 * @param limit the request's Limit: the most items one page reads
 * @param limitsFirstPageOnly true when only the first page carries the Limit: the driver may drop
 *     items of other entities, and the pages after a first page that lost some read unlimited
 * @param count true for Select=COUNT
 */
public record ReadRequest(
    Operation operation,
    String tableName,
    Optional<String> indexName,
    ImmutableList<ImmutableMap<String, RequestValue>> keys,
    Optional<String> keyConditionExpression,
    Optional<String> filterExpression,
    Optional<String> projectionExpression,
    ImmutableMap<String, String> names,
    ImmutableMap<String, RequestValue> values,
    boolean scanIndexForward,
    Optional<Integer> limit,
    boolean limitsFirstPageOnly,
    boolean count,
    boolean consistentRead) {

  public enum Operation {
    GET_ITEM("GetItem"),
    BATCH_GET_ITEM("BatchGetItem"),
    QUERY("Query"),
    SCAN("Scan");

    private final String wireName;

    Operation(String wireName) {
      this.wireName = wireName;
    }

    public String wireName() {
      return wireName;
    }
  }

  public ReadRequest withLimit(Optional<Integer> newLimit) {
    return new ReadRequest(operation, tableName, indexName, keys, keyConditionExpression, filterExpression,
        projectionExpression, names, values, scanIndexForward, newLimit, limitsFirstPageOnly, count, consistentRead);
  }

  /** The request of one page: a Limit of the first page only is not sent for the pages after it. */
  public ReadRequest forPage(boolean first) {
    return limitsFirstPageOnly && !first ? withLimit(Optional.empty()) : this;
  }

  public GetItemRequest toGetItem() {
    return GetItemRequest.builder()
        .tableName(tableName)
        .key(bound(keys.get(0)))
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(names.isEmpty() ? null : names)
        .consistentRead(consistentRead ? true : null)
        .build();
  }

  /** The BatchGetItem request for the keys that are still to be read. */
  public BatchGetItemRequest toBatchGet(List<Map<String, AttributeValue>> pending) {
    KeysAndAttributes keysAndAttributes = KeysAndAttributes.builder()
        .keys(pending)
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(names.isEmpty() ? null : names)
        .consistentRead(consistentRead ? true : null)
        .build();
    return BatchGetItemRequest.builder().requestItems(Map.of(tableName, keysAndAttributes)).build();
  }

  /** Every key of a GetItem or BatchGetItem, bound. */
  public List<Map<String, AttributeValue>> boundKeys() {
    List<Map<String, AttributeValue>> bound = new ArrayList<>();
    for (Map<String, RequestValue> key : keys) {
      bound.add(bound(key));
    }
    return bound;
  }

  public QueryRequest toQuery(Map<String, AttributeValue> exclusiveStartKey) {
    return QueryRequest.builder()
        .tableName(tableName)
        .indexName(indexName.orElse(null))
        .keyConditionExpression(keyConditionExpression.orElseThrow())
        .filterExpression(filterExpression.orElse(null))
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(names.isEmpty() ? null : names)
        .expressionAttributeValues(values.isEmpty() ? null : bound(values))
        .scanIndexForward(scanIndexForward ? null : false)
        .limit(limit.orElse(null))
        .select(count ? Select.COUNT : null)
        .consistentRead(consistentRead ? true : null)
        .exclusiveStartKey(exclusiveStartKey)
        .build();
  }

  public ScanRequest toScan(Map<String, AttributeValue> exclusiveStartKey) {
    return ScanRequest.builder()
        .tableName(tableName)
        .indexName(indexName.orElse(null))
        .filterExpression(filterExpression.orElse(null))
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(names.isEmpty() ? null : names)
        .expressionAttributeValues(values.isEmpty() ? null : bound(values))
        .limit(limit.orElse(null))
        .select(count ? Select.COUNT : null)
        .consistentRead(consistentRead ? true : null)
        .exclusiveStartKey(exclusiveStartKey)
        .build();
  }

  private static Map<String, AttributeValue> bound(Map<String, RequestValue> values) {
    Map<String, AttributeValue> result = new LinkedHashMap<>();
    values.forEach((name, value) -> {
      if (!(value instanceof RequestValue.Bound b)) {
        throw new KeycondException(SqlState.PARAMETER_NOT_SET,
            "Parameter " + ((RequestValue.Unbound) value).description() + " is not set");
      }
      result.put(name, b.value());
    });
    return result;
  }
}
