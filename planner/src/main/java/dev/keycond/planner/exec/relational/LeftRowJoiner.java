package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.Scalar;
import java.util.function.Consumer;
import org.apache.calcite.rel.core.JoinRelType;

/**
 * What one left row contributes to a join, given the right rows that may match it: a hash bucket
 * for a join, the re-read right side for a correlate. It yields the joined pairs that satisfy the
 * condition; for SEMI the left row once, for ANTI the left row only if nothing matched; and for
 * LEFT and FULL the left row padded with NULLs when nothing matched.
 */
final class LeftRowJoiner {
  private final JoinRelType type;
  private final Scalar condition;
  private final int rightWidth;
  private final Consumer<Object[]> onMatch;
  private final ExecutionContext context;
  private final RunningCheck check;
  private Object[] left;
  private RowCursor candidates;
  private boolean matched;

  /**
   * @param condition evaluated on the joined row; null when every candidate matches
   * @param onMatch told of each right row that matched, for RIGHT and FULL joins
   */
  LeftRowJoiner(JoinRelType type, Scalar condition, int rightWidth, Consumer<Object[]> onMatch,
      ExecutionContext context) {
    this.type = type;
    this.condition = condition;
    this.rightWidth = rightWidth;
    this.onMatch = onMatch;
    this.context = context;
    this.check = new RunningCheck(context);
  }

  /** Starts on a left row; the joiner closes {@code candidates} when it is done with them. */
  void start(Object[] left, RowCursor candidates) {
    this.left = left;
    this.candidates = candidates;
    this.matched = false;
  }

  /** The next output row for the current left row; null once that row has contributed everything. */
  Object[] next() {
    if (left == null) {
      return null;
    }
    while (candidates.next()) {
      check.tick();
      Object[] right = candidates.row();
      Object[] joined = concat(left, right);
      if (condition != null && !Boolean.TRUE.equals(condition.evaluate(joined, context))) {
        continue;
      }
      matched = true;
      onMatch.accept(right);
      if (type == JoinRelType.SEMI) {
        return finish(left);
      }
      if (type == JoinRelType.ANTI) {
        return finish(null);
      }
      return joined;
    }
    if (matched) {
      return finish(null);
    }
    switch (type) {
      case LEFT:
      case FULL:
        return finish(concat(left, new Object[rightWidth]));
      case ANTI:
        return finish(left);
      default:
        return finish(null);
    }
  }

  void close() {
    finish(null);
  }

  static Object[] concat(Object[] left, Object[] right) {
    Object[] joined = new Object[left.length + right.length];
    System.arraycopy(left, 0, joined, 0, left.length);
    System.arraycopy(right, 0, joined, left.length, right.length);
    return joined;
  }

  private Object[] finish(Object[] output) {
    if (candidates != null) {
      candidates.close();
      candidates = null;
    }
    left = null;
    return output;
  }
}
