package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * DeleteItem: deletes the item with a key. DynamoDB answers the same whether or not there was one,
 * so its condition (that the item exists, and the statement's other predicates) is what tells 1
 * from 0.
 *
 * @param returnsOldItem whether DynamoDB answers with the item as it was before it was deleted
 *     ({@code ReturnValues: ALL_OLD}), for a write that returns its rows
 */
public record DeleteItem(
    String tableName,
    ImmutableMap<String, RequestValue> key,
    Optional<String> conditionExpression,
    ExpressionAttributes attributes,
    boolean returnsOldItem) implements WriteRequest {

  public DeleteItem {
    attributes.checkUsedExactlyBy(conditionExpression);
  }

  @Override
  public String operation() {
    return "DeleteItem";
  }

  @Override
  public <R> R accept(WriteRequest.Visitor<R> visitor) {
    return visitor.deleteItem(this);
  }

  public DeleteItemRequest toSdk(ReturnConsumedCapacity capacity) {
    return DeleteItemRequest.builder()
        .tableName(tableName)
        .key(RequestValue.bind(key))
        .conditionExpression(conditionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .returnValues(returnsOldItem ? ReturnValue.ALL_OLD : null)
        .returnConsumedCapacity(capacity)
        .build();
  }
}
