package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * BatchWriteItem: up to {@link #MAX_WRITES} unconditional puts or deletes of distinct items of one
 * table. DynamoDB may leave some of them unprocessed; they are sent again.
 *
 * @param keyAttributes the table's key attributes, which tell the writes' items apart
 */
public record BatchWriteItem(String tableName, ImmutableList<String> keyAttributes, ImmutableList<Write> writes)
    implements WriteRequest {

  /** DynamoDB's limit on the writes of one request. */
  public static final int MAX_WRITES = 25;

  /** One put or delete of the batch. */
  public sealed interface Write {
    /** The attributes that identify the written item. */
    ImmutableMap<String, RequestValue> key(List<String> keyAttributes);
  }

  public record Put(ImmutableMap<String, RequestValue> item) implements Write {
    @Override
    public ImmutableMap<String, RequestValue> key(List<String> keyAttributes) {
      ImmutableMap.Builder<String, RequestValue> key = ImmutableMap.builder();
      keyAttributes.forEach(a -> key.put(a, item.get(a)));
      return key.build();
    }
  }

  public record Delete(ImmutableMap<String, RequestValue> key) implements Write {
    @Override
    public ImmutableMap<String, RequestValue> key(List<String> keyAttributes) {
      return key;
    }
  }

  public BatchWriteItem {
    if (writes.isEmpty() || writes.size() > MAX_WRITES) {
      throw new IllegalArgumentException(writes.size() + " writes in one BatchWriteItem; DynamoDB takes 1 to "
          + MAX_WRITES);
    }
    // DynamoDB rejects a batch that writes one item twice.
    Set<ImmutableMap<String, RequestValue>> keys = new HashSet<>();
    for (Write write : writes) {
      if (!keys.add(write.key(keyAttributes))) {
        throw new IllegalArgumentException("one BatchWriteItem writes the item " + write.key(keyAttributes) + " twice");
      }
    }
  }

  @Override
  public String operation() {
    return "BatchWriteItem";
  }

  @Override
  public <R> R accept(WriteRequest.Visitor<R> visitor) {
    return visitor.batchWriteItem(this);
  }

  /** The SDK's form of some of the writes: all of them, then those left unprocessed. */
  public static BatchWriteItemRequest toSdk(String tableName,
      List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> pending, ReturnConsumedCapacity capacity) {
    return BatchWriteItemRequest.builder().requestItems(Map.of(tableName, pending))
        .returnConsumedCapacity(capacity).build();
  }

  /** Every write in the SDK's form, in order. */
  public List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> sdkWrites() {
    List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> sdk = new ArrayList<>();
    for (Write write : writes) {
      Map<String, AttributeValue> attributes = RequestValue.bind(write instanceof Put put ? put.item()
          : ((Delete) write).key());
      sdk.add(write instanceof Put
          ? software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
              .putRequest(PutRequest.builder().item(attributes).build()).build()
          : software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
              .deleteRequest(DeleteRequest.builder().key(attributes).build()).build());
    }
    return sdk;
  }
}
