/**
 * keycond's own relational operators for what Calcite leaves above the reads: filters,
 * projections, sorts, aggregates, joins, set operations and correlated subqueries, evaluated
 * lazily and in DynamoDB's order.
 */
package dev.keycond.planner.exec.relational;
