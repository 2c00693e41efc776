package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * UpdateItem: sets and removes attributes of the item with a key, creating it when there is none
 * unless its condition says the item must exist.
 */
public record UpdateItem(
    String tableName,
    ImmutableMap<String, RequestValue> key,
    String updateExpression,
    Optional<String> conditionExpression,
    ExpressionAttributes attributes) implements WriteRequest {

  public UpdateItem {
    attributes.checkUsedExactlyBy(Optional.of(updateExpression), conditionExpression);
  }

  @Override
  public String operation() {
    return "UpdateItem";
  }

  @Override
  public <R> R accept(WriteRequest.Visitor<R> visitor) {
    return visitor.updateItem(this);
  }

  public UpdateItemRequest toSdk() {
    return UpdateItemRequest.builder()
        .tableName(tableName)
        .key(RequestValue.bind(key))
        .updateExpression(updateExpression)
        .conditionExpression(conditionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
        .build();
  }
}
