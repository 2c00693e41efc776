package dev.keycond.planner.exec;

/** A compiled scalar expression, evaluated against one input row. */
@FunctionalInterface
public interface Scalar {
  Object evaluate(Object[] row, ExecutionContext context);
}
