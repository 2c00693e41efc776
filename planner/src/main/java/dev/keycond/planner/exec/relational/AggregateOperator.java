package dev.keycond.planner.exec.relational;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.core.Aggregate;

/**
 * GROUP BY with hash grouping; groups come out in the order their first rows came in. Without
 * GROUP BY, there is exactly one group even over no rows, so {@code COUNT(*)} of nothing is 0.
 */
public final class AggregateOperator implements Operator {
  private final Operator input;
  private final int[] groupColumns;
  private final List<Aggregation> aggregations;

  private AggregateOperator(Operator input, int[] groupColumns, List<Aggregation> aggregations) {
    this.input = input;
    this.groupColumns = groupColumns;
    this.aggregations = aggregations;
  }

  public static Operator of(Aggregate aggregate, Operator input) {
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED,
          "keycond does not evaluate GROUPING SETS, ROLLUP or CUBE yet");
    }
    List<Aggregation> aggregations = aggregate.getAggCallList().stream()
        .map(call -> Aggregation.of(call, aggregate.getInput().getRowType()))
        .toList();
    return new AggregateOperator(input, aggregate.getGroupSet().toArray(), aggregations);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new ListCursor(() -> aggregate(context));
  }

  private List<Object[]> aggregate(ExecutionContext context) {
    Map<HashKey, Group> groups = new LinkedHashMap<>();
    Drain.forEach(input, context,
        row -> groups.computeIfAbsent(HashKey.of(row, groupColumns), key -> new Group(row)).add(row));
    if (groups.isEmpty() && groupColumns.length == 0) {
      groups.put(HashKey.of(new Object[0]), new Group(new Object[0]));
    }
    List<Object[]> rows = new ArrayList<>(groups.size());
    for (Group group : groups.values()) {
      rows.add(group.result());
    }
    return rows;
  }

  /** One group: its key values, as in its first row, and an accumulator per aggregate call. */
  private final class Group {
    private final Object[] keys = new Object[groupColumns.length];
    private final Aggregation.Accumulator[] accumulators = new Aggregation.Accumulator[aggregations.size()];

    Group(Object[] firstRow) {
      for (int i = 0; i < keys.length; i++) {
        keys[i] = firstRow[groupColumns[i]];
      }
      for (int i = 0; i < accumulators.length; i++) {
        accumulators[i] = aggregations.get(i).start();
      }
    }

    void add(Object[] row) {
      for (Aggregation.Accumulator accumulator : accumulators) {
        accumulator.add(row);
      }
    }

    Object[] result() {
      Object[] row = new Object[keys.length + accumulators.length];
      System.arraycopy(keys, 0, row, 0, keys.length);
      for (int i = 0; i < accumulators.length; i++) {
        row[keys.length + i] = aggregations.get(i).result(accumulators[i]);
      }
      return row;
    }
  }
}
