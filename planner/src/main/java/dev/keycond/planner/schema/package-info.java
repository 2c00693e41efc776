/**
 * What Calcite's catalog sees: the schema of a connection's tables, each table's row type, and
 * the type system widened to DynamoDB's numbers and timestamps; and the description of the tables
 * (names, remarks, columns, types and their sizes, primary keys) that JDBC's DatabaseMetaData and the
 * SQL INFORMATION_SCHEMA views both present.
 */
package dev.keycond.planner.schema;
