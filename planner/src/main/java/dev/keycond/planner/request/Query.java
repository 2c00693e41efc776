package dev.keycond.planner.request;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Query: the items of one partition of a table or index, in sort key order, a page at a time.
 *
 * @param filterExpression the conditions DynamoDB checks on each item it reads, before returning it
 * @param limit the request's Limit: the most items one page reads
 * @param limitsFirstPageOnly true when only the first page carries the Limit: the driver may drop
 *     items of other entities, and the pages after a first page that lost some read unlimited
 * @param selection what the Query returns of the items: the projection, a count, or whole items
 */
public record Query(
    String tableName,
    Optional<String> indexName,
    String keyConditionExpression,
    Optional<String> filterExpression,
    Optional<String> projectionExpression,
    ExpressionAttributes attributes,
    boolean scanIndexForward,
    Optional<Integer> limit,
    boolean limitsFirstPageOnly,
    Selection selection,
    boolean consistentRead) implements ReadRequest {

  public Query {
    selection.checkWith(projectionExpression);
    attributes.checkUsedExactlyBy(Optional.of(keyConditionExpression), filterExpression, projectionExpression);
  }

  @Override
  public String operation() {
    return "Query";
  }

  @Override
  public <R> R accept(ReadRequest.Visitor<R> visitor) {
    return visitor.query(this);
  }

  /** True for Select=COUNT. */
  public boolean count() {
    return selection == Selection.COUNT;
  }

  /**
   * This Query with other key values and Limit, as the builder makes it for values of the same
   * form: {@code keyValues} in place of the first values of its ExpressionAttributeValues (those of
   * its key condition), the expressions and placeholders as they are, and so not checked again.
   *
   * @throws IllegalArgumentException when the Limit's presence differs, which changes the request's form
   */
  Query bound(List<RequestValue> keyValues, Optional<Integer> newLimit) {
    if (newLimit.isPresent() != limit.isPresent()) {
      throw new IllegalArgumentException("a Limit of " + newLimit + " for a Query of Limit " + limit);
    }
    return new Query(tableName, indexName, keyConditionExpression, filterExpression, projectionExpression,
        attributes.withLeadingValues(keyValues,
            List.of(Optional.of(keyConditionExpression), filterExpression, projectionExpression)),
        scanIndexForward, newLimit, limitsFirstPageOnly, selection, consistentRead);
  }

  /** This Query returning what {@code newSelection} says of its items. */
  public Query withSelection(Selection newSelection) {
    return new Query(tableName, indexName, keyConditionExpression, filterExpression, projectionExpression, attributes,
        scanIndexForward, limit, limitsFirstPageOnly, newSelection, consistentRead);
  }

  /** The request of one page: a Limit of the first page only is not sent for the pages after it. */
  public Query forPage(boolean first) {
    return limitsFirstPageOnly && !first
        ? new Query(tableName, indexName, keyConditionExpression, filterExpression, projectionExpression, attributes,
            scanIndexForward, Optional.empty(), false, selection, consistentRead)
        : this;
  }

  public QueryRequest toSdk(Map<String, AttributeValue> exclusiveStartKey, ReturnConsumedCapacity capacity) {
    return QueryRequest.builder()
        .tableName(tableName)
        .indexName(indexName.orElse(null))
        .keyConditionExpression(keyConditionExpression)
        .filterExpression(filterExpression.orElse(null))
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .scanIndexForward(scanIndexForward ? null : false)
        .limit(limit.orElse(null))
        .select(selection.sdk().orElse(null))
        .consistentRead(consistentRead ? true : null)
        .exclusiveStartKey(exclusiveStartKey)
        .returnConsumedCapacity(capacity)
        .build();
  }
}
