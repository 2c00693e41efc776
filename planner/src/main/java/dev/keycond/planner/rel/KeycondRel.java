package dev.keycond.planner.rel;

import org.apache.calcite.rel.RelNode;

/**
 * A node of keycond's own in a plan: one that reads (or, later, writes) DynamoDB. Every walker of a
 * plan tree (refusal checks, the operator compiler, EXPLAIN) goes through {@link KeycondRelVisitor},
 * whose methods a new node kind must add, so that no walker can forget it.
 */
public sealed interface KeycondRel extends RelNode permits DynamoRead, CollectionPart, LookupJoin, DynamoWrite {

  <R> R accept(KeycondRelVisitor<R> visitor);
}
