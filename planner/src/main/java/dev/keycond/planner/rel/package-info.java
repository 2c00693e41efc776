/**
 * keycond's relational nodes in a Calcite plan: the read of a table, the parts of an item
 * collection, a lookup join and a write, each a {@link dev.keycond.planner.rel.KeycondRel} that
 * every walker of a plan visits through {@link dev.keycond.planner.rel.KeycondRelVisitor}, and the
 * expressions of every node of a plan ({@link dev.keycond.planner.rel.PlanExpressions}).
 */
package dev.keycond.planner.rel;
