package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Scalar;
import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.rel.HierarchyWalk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;

/**
 * Keeps the rows a recursive query over a hierarchy would produce, out of the items its key reads
 * return (see {@link HierarchyWalk}).
 */
final class WalkRows {
  private final HierarchyWalk walk;
  private final List<Integer> partitionColumns;
  private final ImmutableList<Scalar> rootConditions;
  private final ImmutableList<Scalar> stepConditions;

  /** @param partitionColumns the columns of the table's partition key; parent links never leave a partition */
  WalkRows(HierarchyWalk walk, List<Integer> partitionColumns, RexBuilder rexBuilder) {
    this.walk = walk;
    this.partitionColumns = partitionColumns;
    this.rootConditions = compile(walk.rootConditions(), rexBuilder);
    this.stepConditions = compile(walk.stepConditions(), rexBuilder);
  }

  private static ImmutableList<Scalar> compile(List<RexNode> conditions, RexBuilder rexBuilder) {
    ImmutableList.Builder<Scalar> compiled = ImmutableList.builder();
    for (RexNode condition : conditions) {
      compiled.add(ScalarCompiler.compile(condition, rexBuilder));
    }
    return compiled.build();
  }

  private static boolean all(List<Scalar> conditions, Object[] row, ExecutionContext context) {
    for (Scalar condition : conditions) {
      if (!Boolean.TRUE.equals(condition.evaluate(row, context))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The subtree of {@code root} out of its slice, read in path order: the root, then each row
   * whose parent is already in the subtree.
   */
  Iterator<Object[]> down(Iterator<Object[]> slice, Object root, ExecutionContext context) {
    return new Iterator<>() {
      private final Set<Object> included = new HashSet<>();
      private Object[] next;

      @Override
      public boolean hasNext() {
        while (next == null && slice.hasNext()) {
          Object[] row = slice.next();
          Object path = row[walk.pathColumn()];
          boolean isRoot = path.equals(root);
          boolean keep = isRoot ? all(rootConditions, row, context)
              : included.contains(row[walk.parentColumn()]) && all(stepConditions, row, context);
          if (keep) {
            included.add(path);
            next = row;
          } else {
            context.statistics().addDiscarded(1);
          }
        }
        return next != null;
      }

      @Override
      public Object[] next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Object[] row = next;
        next = null;
        return row;
      }
    };
  }

  /**
   * The chain from each start up through parent links, out of the rows of the starts and their
   * ancestors; a chain ends where a parent is missing or fails the step conditions. The starts are
   * the rows at a starting path: every partition read was asked for every starting path.
   */
  List<Object[]> up(Iterator<Object[]> fetched, Set<Object> startPaths, ExecutionContext context) {
    Map<List<Object>, Object[]> byKey = new HashMap<>();
    List<Object[]> starts = new ArrayList<>();
    fetched.forEachRemaining(row -> {
      byKey.put(key(row, row[walk.pathColumn()]), row);
      if (startPaths.contains(row[walk.pathColumn()])) {
        starts.add(row);
      }
    });
    List<Object[]> chain = new ArrayList<>();
    Set<List<Object>> kept = new HashSet<>();
    for (Object[] start : starts) {
      if (!all(rootConditions, start, context)) {
        continue;
      }
      Set<Object> seen = new HashSet<>();
      for (Object[] row = start; row != null && seen.add(row[walk.pathColumn()]); ) {
        chain.add(row);
        kept.add(key(row, row[walk.pathColumn()]));
        Object[] parent = byKey.get(key(row, row[walk.parentColumn()]));
        row = parent != null && all(stepConditions, parent, context) ? parent : null;
      }
    }
    context.statistics().addDiscarded(byKey.size() - kept.size());
    return chain;
  }

  /** A row's partition and a path in it. */
  private List<Object> key(Object[] row, Object path) {
    List<Object> key = new ArrayList<>();
    for (int column : partitionColumns) {
      key.add(row[column]);
    }
    key.add(path);
    return key;
  }
}
