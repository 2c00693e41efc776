package dev.keycond.planner.request;

import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Query: the items of one partition of a table or index, in sort key order, a page at a time.
 *
 * @param limit the request's Limit: the most items one page reads
 * @param limitsFirstPageOnly true when only the first page carries the Limit: the driver may drop
 *     items of other entities, and the pages after a first page that lost some read unlimited
 * @param count true for Select=COUNT
 */
public record Query(
    String tableName,
    Optional<String> indexName,
    String keyConditionExpression,
    Optional<String> projectionExpression,
    ExpressionAttributes attributes,
    boolean scanIndexForward,
    Optional<Integer> limit,
    boolean limitsFirstPageOnly,
    boolean count,
    boolean consistentRead) implements ReadRequest {

  public Query {
    attributes.checkUsedExactlyBy(Optional.of(keyConditionExpression), projectionExpression);
  }

  @Override
  public String operation() {
    return "Query";
  }

  /** The request of one page: a Limit of the first page only is not sent for the pages after it. */
  public Query forPage(boolean first) {
    return limitsFirstPageOnly && !first
        ? new Query(tableName, indexName, keyConditionExpression, projectionExpression, attributes, scanIndexForward,
            Optional.empty(), false, count, consistentRead)
        : this;
  }

  public QueryRequest toSdk(Map<String, AttributeValue> exclusiveStartKey) {
    return QueryRequest.builder()
        .tableName(tableName)
        .indexName(indexName.orElse(null))
        .keyConditionExpression(keyConditionExpression)
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .scanIndexForward(scanIndexForward ? null : false)
        .limit(limit.orElse(null))
        .select(count ? Select.COUNT : null)
        .consistentRead(consistentRead ? true : null)
        .exclusiveStartKey(exclusiveStartKey)
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
        .build();
  }
}
