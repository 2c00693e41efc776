package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * PutItem: writes a whole item, replacing any item with its key, unless its condition fails.
 *
 * @param conditionExpression for INSERT, that no item has the key yet
 */
public record PutItem(
    String tableName,
    ImmutableMap<String, RequestValue> item,
    Optional<String> conditionExpression,
    ExpressionAttributes attributes) implements WriteRequest {

  public PutItem {
    attributes.checkUsedExactlyBy(conditionExpression);
  }

  @Override
  public String operation() {
    return "PutItem";
  }

  @Override
  public <R> R accept(WriteRequest.Visitor<R> visitor) {
    return visitor.putItem(this);
  }

  public PutItemRequest toSdk(ReturnConsumedCapacity capacity) {
    return PutItemRequest.builder()
        .tableName(tableName)
        .item(RequestValue.bind(item))
        .conditionExpression(conditionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .expressionAttributeValues(attributes.sdkValues())
        .returnConsumedCapacity(capacity)
        .build();
  }
}
