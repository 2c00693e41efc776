package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** GetItem: one item by its whole key. */
public record GetItem(
    String tableName,
    ImmutableMap<String, RequestValue> key,
    Optional<String> projectionExpression,
    ExpressionAttributes attributes,
    boolean consistentRead) implements ReadRequest {

  public GetItem {
    attributes.checkUsedExactlyBy(projectionExpression);
  }

  @Override
  public String operation() {
    return "GetItem";
  }

  @Override
  public <R> R accept(ReadRequest.Visitor<R> visitor) {
    return visitor.getItem(this);
  }

  /** This GetItem for another key; its projection is not checked again. */
  GetItem withKey(ImmutableMap<String, RequestValue> newKey) {
    return new GetItem(tableName, newKey, projectionExpression,
        attributes.checkedBy(List.of(projectionExpression)), consistentRead);
  }

  /**
   * The item a GetItem found, with the key it was asked by: DynamoDB's answer leaves out the key
   * attributes the projection does not name, and the item's are the ones asked for.
   *
   * @param key the key the request was sent with
   */
  public static Map<String, AttributeValue> withKey(Map<String, AttributeValue> answered,
      Map<String, AttributeValue> key) {
    boolean holdsKey = true;
    for (String attribute : key.keySet()) {
      holdsKey &= answered.containsKey(attribute);
    }
    if (holdsKey) {
      return answered;
    }
    Map<String, AttributeValue> item = Maps.newHashMapWithExpectedSize(answered.size() + key.size());
    item.putAll(answered);
    item.putAll(key);
    return item;
  }

  public GetItemRequest toSdk(ReturnConsumedCapacity capacity) {
    return GetItemRequest.builder()
        .tableName(tableName)
        .key(RequestValue.bind(key))
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .consistentRead(consistentRead ? true : null)
        .returnConsumedCapacity(capacity)
        .build();
  }
}
