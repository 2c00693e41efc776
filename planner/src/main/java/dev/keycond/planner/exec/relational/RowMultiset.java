package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import java.util.HashMap;
import java.util.Map;

/** Rows with how often each occurs, compared as SQL compares rows in INTERSECT and EXCEPT. */
final class RowMultiset {
  private final Map<HashKey, Long> counts = new HashMap<>();

  /** Adds every row of {@code input}. */
  void addAll(Operator input, ExecutionContext context) {
    Drain.forEach(input, context, row -> counts.merge(HashKey.of(row), 1L, Long::sum));
  }

  boolean contains(HashKey row) {
    return counts.containsKey(row);
  }

  /** Removes one occurrence of {@code row}; false when there was none. */
  boolean remove(HashKey row) {
    Long count = counts.get(row);
    if (count == null) {
      return false;
    }
    if (count == 1) {
      counts.remove(row);
    } else {
      counts.put(row, count - 1);
    }
    return true;
  }
}
