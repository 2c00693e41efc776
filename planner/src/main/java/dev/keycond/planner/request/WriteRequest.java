package dev.keycond.planner.request;

/** A request that writes items: PutItem, UpdateItem, DeleteItem, BatchWriteItem or TransactWriteItems. */
public sealed interface WriteRequest extends DynamoRequest permits PutItem, UpdateItem, DeleteItem, BatchWriteItem,
    TransactWriteItems {

  /** Hands this write to the visitor's method for its operation. */
  <R> R accept(Visitor<R> visitor);

  @Override
  default <R> R accept(DynamoRequest.Visitor<R> visitor) {
    return accept((Visitor<R>) visitor);
  }

  /** Visits a write by its operation. */
  interface Visitor<R> {
    R putItem(PutItem put);

    R updateItem(UpdateItem update);

    R deleteItem(DeleteItem delete);

    R batchWriteItem(BatchWriteItem batch);

    R transactWriteItems(TransactWriteItems transaction);
  }
}
