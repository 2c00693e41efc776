package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * DeleteItem: deletes the item with a key. DynamoDB answers the same whether or not there was one,
 * so its condition (that the item exists, and the statement's other predicates) is what tells 1
 * from 0.
 */
public record DeleteItem(
    String tableName,
    ImmutableMap<String, RequestValue> key,
    Optional<String> conditionExpression,
    ExpressionAttributes attributes) implements WriteRequest {

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

  public DeleteItemRequest toSdk() {
    return DeleteItemRequest.builder()
        .tableName(tableName)
        .key(RequestValue.bind(key))
        .conditionExpression(conditionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
        .build();
  }
}
