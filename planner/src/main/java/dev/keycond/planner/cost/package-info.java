/**
 * What a statement's requests cost in DynamoDB, as DynamoDB reports it: {@link
 * dev.keycond.planner.cost.CostMeter} adds up every answer the gateway receives (requests by
 * operation, items read and written, the ConsumedCapacity of each table and index), and {@link
 * dev.keycond.planner.cost.StatementCost} is the immutable value programs, the shell, the demo and
 * the read-cost warning see.
 */
package dev.keycond.planner.cost;
