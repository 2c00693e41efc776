package dev.keycond.planner.rel;

import dev.keycond.planner.plan.AccessPath;

/**
 * Two tables that live in one item collection (one partition of a shared DynamoDB table), read
 * together with one Query: a workspace and its projects. The items are split by the tables' key
 * templates, and each table's conditions are checked on its own rows.
 *
 * @param left the left table's plan, read through {@code shared}
 * @param right the right table's plan, read through {@code shared}
 * @param shared the Query of the collection: the partition key, without a sort key condition
 */
public record CollectionRead(ReadPlan left, ReadPlan right, AccessPath shared) {

  public ReadPlan side(boolean rightSide) {
    return rightSide ? right : left;
  }
}
