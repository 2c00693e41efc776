package dev.keycond.planner.request;

/** A request that writes items: PutItem, UpdateItem, DeleteItem or BatchWriteItem. */
public sealed interface WriteRequest extends DynamoRequest permits PutItem, UpdateItem, DeleteItem, BatchWriteItem {}
