/**
 * Execution's core: an {@link dev.keycond.planner.exec.Operator} is compiled once per statement
 * and opened per execution into a {@link dev.keycond.planner.exec.RowCursor}; the
 * {@link dev.keycond.planner.exec.ExecutionContext} carries an execution's parameters, gateway,
 * call and counts; {@link dev.keycond.planner.exec.Paging} says when reads send for their next
 * page; {@link dev.keycond.planner.exec.StoredValues} keeps, for DYNAMODB_TYPE, the values behind
 * JSON texts. The subpackages build on it: {@code scalar} compiles expressions, {@code relational}
 * evaluates what lies above the reads, {@code read} runs the reads and {@code write} the writes.
 */
package dev.keycond.planner.exec;
