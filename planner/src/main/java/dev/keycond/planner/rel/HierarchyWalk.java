package dev.keycond.planner.rel;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.functions.PathFunctions;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.calcite.rex.RexNode;

/**
 * A recursive walk of a declared hierarchy, answered by key reads instead of one read per level.
 *
 * <p>Down a tree, the read is the {@code begins_with} slice of each root's path, in path order; a
 * row belongs to the walk when it is the root, or when its parent is a row already in the walk.
 * Every ancestor sorts before its descendants, so one pass in path order decides it, and rows the
 * recursion would never reach (an orphan under a missing folder, a child the step conditions cut
 * off) are left out exactly as the recursive query leaves them out.
 *
 * <p>Up a tree, the ancestors of a path are the known set of its prefixes, read with one
 * BatchGetItem; the walk follows the parent links among them from the starting row.
 *
 * @param pathColumn the table column holding the path
 * @param parentColumn the table column holding the parent path
 * @param rootConditions the seed's conditions besides its key, checked on the starting rows
 * @param stepConditions the recursive step's conditions on the rows it adds, checked on every other row
 * @param distinct true for UNION, which drops the duplicates of overlapping walks; false for UNION ALL
 */
public record HierarchyWalk(
    Direction direction,
    int pathColumn,
    int parentColumn,
    String delimiter,
    ImmutableList<RexNode> rootConditions,
    ImmutableList<RexNode> stepConditions,
    boolean distinct) {

  public enum Direction {
    /** From a folder to everything below it. */
    DOWN,
    /** From a path to its ancestors. */
    UP
  }

  /** Every path that {@code path} lies under: its prefixes that end with the delimiter, shortest first. */
  public static ImmutableList<String> ancestors(String path, String delimiter) {
    Deque<String> ancestors = new ArrayDeque<>();
    for (String p = PathFunctions.parent(path, delimiter); p != null; p = PathFunctions.parent(p, delimiter)) {
      ancestors.addFirst(p);
    }
    return ImmutableList.copyOf(ancestors);
  }
}
