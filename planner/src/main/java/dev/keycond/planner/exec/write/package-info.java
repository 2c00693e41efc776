/**
 * Running writes: INSERT and UPSERT of encoded rows, UPDATE and DELETE by key or over a slice,
 * MERGE by key (both branches, or one); requests sent concurrently within a bound, every row
 * checked before any is sent where the rows are known, and a failure part-way reported with
 * exactly what DynamoDB took. Each operator produces its requests apart from sending them
 * ({@code actions}, a {@link dev.keycond.planner.request.WriteActions} that EXPLAIN shows), and all
 * of them run through one structure ({@code WriteRun}), which also keeps the rows written when
 * RETURNING or generated keys ask for them, and counts an execution that failed before all its rows
 * were known, or was never reached, as failed.
 */
package dev.keycond.planner.exec.write;
