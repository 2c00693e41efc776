package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** BatchGetItem: up to {@link #MAX_KEYS} items of one table by their whole keys. */
public record BatchGetItem(
    String tableName,
    ImmutableList<ImmutableMap<String, RequestValue>> keys,
    Optional<String> projectionExpression,
    ExpressionAttributes attributes,
    boolean consistentRead) implements ReadRequest {

  /** DynamoDB's limit on the keys of one request. */
  public static final int MAX_KEYS = 100;

  public BatchGetItem {
    if (keys.size() > MAX_KEYS) {
      throw new IllegalArgumentException(keys.size() + " keys in one BatchGetItem; DynamoDB takes " + MAX_KEYS);
    }
    attributes.checkUsedExactlyBy(projectionExpression);
  }

  @Override
  public String operation() {
    return "BatchGetItem";
  }

  @Override
  public <R> R accept(ReadRequest.Visitor<R> visitor) {
    return visitor.batchGetItem(this);
  }

  /** The BatchGetItem of the one key of a GetItem: how a lookup join reads the keys a GetItem would read one by one. */
  public static BatchGetItem of(GetItem get) {
    return new BatchGetItem(get.tableName(), ImmutableList.of(get.key()), get.projectionExpression(),
        get.attributes().checkedBy(List.of(get.projectionExpression())), get.consistentRead());
  }

  /** This BatchGetItem for other keys; its projection is not checked again. */
  BatchGetItem withKeys(ImmutableList<ImmutableMap<String, RequestValue>> newKeys) {
    return new BatchGetItem(tableName, newKeys, projectionExpression,
        attributes.checkedBy(List.of(projectionExpression)), consistentRead);
  }

  /** Every key, bound. */
  public List<Map<String, AttributeValue>> boundKeys() {
    List<Map<String, AttributeValue>> bound = new ArrayList<>();
    for (Map<String, RequestValue> key : keys) {
      bound.add(RequestValue.bind(key));
    }
    return bound;
  }

  /** The request for the keys that are still to be read: all of them, then those left unprocessed. */
  public BatchGetItemRequest toSdk(List<Map<String, AttributeValue>> pending, ReturnConsumedCapacity capacity) {
    KeysAndAttributes keysAndAttributes = KeysAndAttributes.builder()
        .keys(pending)
        .projectionExpression(projectionExpression.orElse(null))
        .expressionAttributeNames(attributes.sdkNames())
        .consistentRead(consistentRead ? true : null)
        .build();
    return BatchGetItemRequest.builder().requestItems(Map.of(tableName, keysAndAttributes))
        .returnConsumedCapacity(capacity).build();
  }
}
