package dev.keycond.planner.explain;

import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.request.DeleteItem;
import dev.keycond.planner.request.DynamoRequest;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.request.UpdateItem;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The SDK request the gateway sends first for a request: a Query's or Scan's first page, a batch
 * with every key or write it holds. Later pages differ only in ExclusiveStartKey (and in a Limit of
 * the first page only), a batch sent again only in the keys or writes DynamoDB left unprocessed.
 */
final class SdkRequests {
  private SdkRequests() {}

  /**
   * @throws dev.keycond.planner.error.KeycondException 07001 when a value of the request is a
   *     parameter that has no value
   */
  static DynamoDbRequest first(DynamoRequest request, ReturnConsumedCapacity capacity) {
    return request.accept(new DynamoRequest.Visitor<>() {
      @Override
      public DynamoDbRequest getItem(GetItem get) {
        return get.toSdk(capacity);
      }

      @Override
      public DynamoDbRequest batchGetItem(BatchGetItem batch) {
        return batch.toSdk(batch.boundKeys(), capacity);
      }

      @Override
      public DynamoDbRequest query(Query query) {
        return query.toSdk(null, capacity);
      }

      @Override
      public DynamoDbRequest scan(Scan scan) {
        return scan.toSdk(null, capacity);
      }

      @Override
      public DynamoDbRequest putItem(PutItem put) {
        return put.toSdk(capacity);
      }

      @Override
      public DynamoDbRequest updateItem(UpdateItem update) {
        return update.toSdk(capacity);
      }

      @Override
      public DynamoDbRequest deleteItem(DeleteItem delete) {
        return delete.toSdk(capacity);
      }

      @Override
      public DynamoDbRequest batchWriteItem(BatchWriteItem batch) {
        return BatchWriteItem.toSdk(batch.tableName(), batch.sdkWrites(), capacity);
      }

      @Override
      public DynamoDbRequest transactWriteItems(TransactWriteItems transaction) {
        return transaction.toSdk(capacity);
      }
    });
  }
}
