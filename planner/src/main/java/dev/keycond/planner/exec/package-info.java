/**
 * Execution: operators compiled once per statement and opened per execution. Reads page through
 * their requests lazily as rows are pulled, fan-outs overlap within a bound, and items become rows
 * through the item codec; the subpackages evaluate what lies above the reads and run writes.
 */
package dev.keycond.planner.exec;
