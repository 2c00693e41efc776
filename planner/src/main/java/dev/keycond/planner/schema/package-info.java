/**
 * What Calcite's catalog sees: the schema of a connection's tables, each table's row type, and
 * the type system widened to DynamoDB's numbers and timestamps.
 */
package dev.keycond.planner.schema;
