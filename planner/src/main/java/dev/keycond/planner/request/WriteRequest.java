package dev.keycond.planner.request;

/** A request that writes items: PutItem, UpdateItem, DeleteItem, BatchWriteItem or TransactWriteItems. */
public sealed interface WriteRequest extends DynamoRequest permits PutItem, UpdateItem, DeleteItem, BatchWriteItem,
    TransactWriteItems {}
