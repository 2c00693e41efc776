package dev.keycond.planner.exec;

/**
 * One executable step of a prepared statement. Operators are immutable and built once per
 * statement; each execution opens fresh cursors with that execution's parameters.
 */
public interface Operator {
  RowCursor open(ExecutionContext context);
}
