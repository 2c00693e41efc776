package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * UpdateItem: sets and removes attributes of the item with a key, creating it when there is none
 * unless its condition says the item must exist.
 *
 * @param returnsNewItem whether DynamoDB answers with the item as the update left it
 *     ({@code ReturnValues: ALL_NEW}), for a write that returns its rows
 */
public record UpdateItem(
    String tableName,
    ImmutableMap<String, RequestValue> key,
    String updateExpression,
    Optional<String> conditionExpression,
    ExpressionAttributes attributes,
    boolean returnsNewItem) implements WriteRequest {

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

  public UpdateItemRequest toSdk(ReturnConsumedCapacity capacity) {
    return UpdateItemRequest.builder()
        .tableName(tableName)
        .key(RequestValue.bind(key))
        .updateExpression(updateExpression)
        .conditionExpression(conditionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .returnValues(returnsNewItem ? ReturnValue.ALL_NEW : null)
        .returnConsumedCapacity(capacity)
        .build();
  }
}
