package dev.keycond.planner.exec.relational;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * INNER, LEFT, RIGHT, FULL, SEMI and ANTI joins. The right input is read into a hash table on its
 * equi-join keys and the left input streams past it; whatever else the condition says is checked
 * on each candidate pair. Without equi-join keys every right row is a candidate: a nested loop.
 * A NULL key matches nothing, except under IS NOT DISTINCT FROM.
 */
public final class JoinOperator implements Operator {
  private final Operator left;
  private final Operator right;
  private final JoinRelType type;
  private final int[] leftKeys;
  private final int[] rightKeys;
  /** Per key, whether NULL matches nothing (=) rather than NULL (IS NOT DISTINCT FROM). */
  private final boolean[] nullsExcluded;
  private final Scalar condition;
  private final int leftWidth;
  private final int rightWidth;

  private JoinOperator(Join join, Operator left, Operator right, JoinInfo keys, Scalar condition) {
    this.left = left;
    this.right = right;
    this.type = join.getJoinType();
    this.leftKeys = keys.leftKeys.toIntArray();
    this.rightKeys = keys.rightKeys.toIntArray();
    this.nullsExcluded = new boolean[leftKeys.length];
    for (int i = 0; i < nullsExcluded.length; i++) {
      nullsExcluded[i] = keys.nullExclusionFlags.get(i);
    }
    this.condition = condition;
    this.leftWidth = join.getLeft().getRowType().getFieldCount();
    this.rightWidth = join.getRight().getRowType().getFieldCount();
  }

  public static Operator of(Join join, Operator left, Operator right) {
    switch (join.getJoinType()) {
      case INNER:
      case LEFT:
      case RIGHT:
      case FULL:
      case SEMI:
      case ANTI:
        break;
      default:
        throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED,
            "keycond does not evaluate " + join.getJoinType() + " joins yet");
    }
    JoinInfo keys = join.analyzeCondition();
    RexBuilder rexBuilder = join.getCluster().getRexBuilder();
    RexNode remainder = RexUtil.composeConjunction(rexBuilder, keys.nonEquiConditions);
    Scalar condition = remainder.isAlwaysTrue() ? null : ScalarCompiler.compile(remainder, rexBuilder);
    return new JoinOperator(join, left, right, keys, condition);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new JoinCursor(context);
  }

  /** The right input, in memory: every row in input order, and the rows with non-NULL keys by key. */
  private record BuildSide(List<Object[]> rows, Map<HashKey, List<Object[]>> buckets) {}

  private BuildSide build(ExecutionContext context) {
    List<Object[]> rows = new ArrayList<>();
    Map<HashKey, List<Object[]>> buckets = new HashMap<>();
    Drain.forEach(right, context, row -> {
      Object[] copy = row.clone();
      rows.add(copy);
      if (!hasExcludedNull(copy, rightKeys)) {
        buckets.computeIfAbsent(HashKey.of(copy, rightKeys), key -> new ArrayList<>()).add(copy);
      }
    });
    return new BuildSide(rows, buckets);
  }

  private boolean hasExcludedNull(Object[] row, int[] keys) {
    for (int i = 0; i < keys.length; i++) {
      if (nullsExcluded[i] && row[keys[i]] == null) {
        return true;
      }
    }
    return false;
  }

  private boolean leftRowsSurviveWithoutMatch() {
    return type == JoinRelType.LEFT || type == JoinRelType.FULL || type == JoinRelType.ANTI;
  }

  private final class JoinCursor implements RowCursor {
    private final ExecutionContext context;
    private BuildSide build;
    private RowCursor leftRows;
    private LeftRowJoiner joiner;
    private Set<Object[]> matchedRight;
    private Iterator<Object[]> unmatchedRight;
    private Object[] current;

    JoinCursor(ExecutionContext context) {
      this.context = context;
    }

    @Override
    public boolean next() {
      if (build == null && !start()) {
        return false;
      }
      while (unmatchedRight == null) {
        current = joiner.next();
        if (current != null) {
          return true;
        }
        if (leftRows.next()) {
          Object[] row = leftRows.row();
          joiner.start(row, new ListCursor(candidates(row)));
        } else {
          unmatchedRight = type.generatesNullsOnLeft() ? build.rows().iterator() : Collections.emptyIterator();
        }
      }
      while (unmatchedRight.hasNext()) {
        Object[] row = unmatchedRight.next();
        if (!matchedRight.contains(row)) {
          current = LeftRowJoiner.concat(new Object[leftWidth], row);
          return true;
        }
      }
      current = null;
      return false;
    }

    /** Builds the hash table; false when no output is possible, and then the left input is never read. */
    private boolean start() {
      build = build(context);
      if (build.rows().isEmpty() && !leftRowsSurviveWithoutMatch()) {
        unmatchedRight = Collections.emptyIterator();
        return false;
      }
      Consumer<Object[]> onMatch = row -> {};
      if (type.generatesNullsOnLeft()) {
        matchedRight = Collections.newSetFromMap(new IdentityHashMap<>());
        onMatch = matchedRight::add;
      }
      joiner = new LeftRowJoiner(type, condition, rightWidth, onMatch, context);
      leftRows = left.open(context);
      return true;
    }

    private List<Object[]> candidates(Object[] leftRow) {
      if (hasExcludedNull(leftRow, leftKeys)) {
        return List.of();
      }
      return build.buckets().getOrDefault(HashKey.of(leftRow, leftKeys), List.of());
    }

    @Override
    public Object[] row() {
      return current;
    }

    @Override
    public void close() {
      if (joiner != null) {
        joiner.close();
      }
      if (leftRows != null) {
        leftRows.close();
      }
      unmatchedRight = Collections.emptyIterator();
    }
  }
}
