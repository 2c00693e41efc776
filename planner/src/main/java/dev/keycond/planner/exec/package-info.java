/**
 * Execution: operators compiled once per statement and opened per execution. Reads page through
 * their requests lazily as rows are pulled, fan-outs and the segments of a parallel Scan overlap
 * within a bound, and items become rows through the item codec (keeping, for DYNAMODB_TYPE, the
 * values behind their JSON texts); the subpackages evaluate what lies above the reads and run
 * writes.
 */
package dev.keycond.planner.exec;
