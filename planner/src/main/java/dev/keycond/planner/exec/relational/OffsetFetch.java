package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.plan.RowCount;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexNode;

/** The OFFSET and FETCH of a Sort: literals or parameters, so they are read when an execution starts. */
final class OffsetFetch {
  private static final Object[] NO_ROW = new Object[0];

  private final Scalar offset;
  private final Scalar fetch;

  private OffsetFetch(Scalar offset, Scalar fetch) {
    this.offset = offset;
    this.fetch = fetch;
  }

  static OffsetFetch of(Sort sort) {
    return new OffsetFetch(compile(sort, sort.offset), compile(sort, sort.fetch));
  }

  boolean isPresent() {
    return offset != null || fetch != null;
  }

  /** How many rows to skip. */
  long offset(ExecutionContext context) {
    return offset == null ? 0 : count(offset, context);
  }

  /** How many rows to return at most; Long.MAX_VALUE when there is no FETCH. */
  long fetch(ExecutionContext context) {
    return fetch == null ? Long.MAX_VALUE : count(fetch, context);
  }

  private static Scalar compile(Sort sort, RexNode bound) {
    return bound == null ? null : ScalarCompiler.compile(bound, sort.getCluster().getRexBuilder());
  }

  private static long count(Scalar bound, ExecutionContext context) {
    return RowCount.of(bound.evaluate(NO_ROW, context));
  }
}
