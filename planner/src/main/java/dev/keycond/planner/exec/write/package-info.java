/**
 * Running writes: INSERT and UPSERT of encoded rows, UPDATE and DELETE by key or over a slice,
 * MERGE by key; requests sent concurrently within a bound, every row checked before any is sent
 * where the rows are known, and a failure part-way reported with exactly what DynamoDB took.
 */
package dev.keycond.planner.exec.write;
