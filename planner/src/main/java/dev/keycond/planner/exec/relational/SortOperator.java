package dev.keycond.planner.exec.relational;

import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Sort;

/**
 * ORDER BY, in DynamoDB's order, with OFFSET and FETCH. With a FETCH it keeps only the rows that
 * can still be returned, in a bounded heap. Rows that compare equal keep their input order.
 */
public final class SortOperator implements Operator {
  private final Operator input;
  private final Comparator<Object[]> order;
  private final OffsetFetch bounds;

  private SortOperator(Operator input, Comparator<Object[]> order, OffsetFetch bounds) {
    this.input = input;
    this.order = order;
    this.bounds = bounds;
  }

  /** A sort, or only an offset and fetch (which streams) when the Sort has no collation. */
  public static Operator of(Sort sort, Operator input) {
    OffsetFetch bounds = OffsetFetch.of(sort);
    List<RelFieldCollation> fields = sort.getCollation().getFieldCollations();
    if (fields.isEmpty()) {
      return bounds.isPresent() ? new LimitOperator(input, bounds) : input;
    }
    return new SortOperator(input, order(sort.getCollation()), bounds);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    long offset = bounds.offset(context);
    long fetch = bounds.fetch(context);
    long kept = fetch == Long.MAX_VALUE || offset > Long.MAX_VALUE - fetch ? Long.MAX_VALUE : offset + fetch;
    return new ListCursor(() -> {
      List<Object[]> sorted = kept == Long.MAX_VALUE ? sortAll(context) : top(kept, context);
      return sorted.subList((int) Math.min(offset, sorted.size()), sorted.size());
    });
  }

  private List<Object[]> sortAll(ExecutionContext context) {
    List<Object[]> rows = new ArrayList<>();
    Drain.forEach(input, context, row -> rows.add(row.clone()));
    // List.sort is stable, which keeps equal rows in input order.
    rows.sort(order);
    return rows;
  }

  /** The first {@code count} rows in order, holding no more than that many at a time. */
  private List<Object[]> top(long count, ExecutionContext context) {
    if (count == 0) {
      return List.of();
    }
    // The input position breaks ties, so the result is what a stable sort would give.
    Comparator<Ranked> ranking = Comparator.<Ranked, Object[]>comparing(Ranked::row, order)
        .thenComparingLong(Ranked::position);
    PriorityQueue<Ranked> worstFirst = new PriorityQueue<>(ranking.reversed());
    long[] position = {0};
    Drain.forEach(input, context, row -> {
      Ranked candidate = new Ranked(row, position[0]++);
      if (worstFirst.size() < count) {
        worstFirst.add(new Ranked(row.clone(), candidate.position()));
      } else if (ranking.compare(candidate, worstFirst.peek()) < 0) {
        worstFirst.poll();
        worstFirst.add(new Ranked(row.clone(), candidate.position()));
      }
    });
    List<Ranked> ranked = new ArrayList<>(worstFirst);
    ranked.sort(ranking);
    return ranked.stream().map(Ranked::row).toList();
  }

  private record Ranked(Object[] row, long position) {}

  private static Comparator<Object[]> order(RelCollation collation) {
    Comparator<Object[]> order = null;
    for (RelFieldCollation field : collation.getFieldCollations()) {
      Comparator<Object[]> next = order(field);
      order = order == null ? next : order.thenComparing(next);
    }
    return order;
  }

  /** One key: unspecified NULLs go last ascending and first descending, as NULL is the largest value. */
  private static Comparator<Object[]> order(RelFieldCollation field) {
    int index = field.getFieldIndex();
    boolean descending = field.direction.isDescending();
    RelFieldCollation.NullDirection nulls = field.nullDirection == RelFieldCollation.NullDirection.UNSPECIFIED
        ? (descending ? RelFieldCollation.NullDirection.FIRST : RelFieldCollation.NullDirection.LAST)
        : field.nullDirection;
    Comparator<Object> values = descending ? DynamoOrder.INSTANCE.reversed() : DynamoOrder.INSTANCE;
    Comparator<Object> withNulls = nulls == RelFieldCollation.NullDirection.FIRST
        ? Comparator.nullsFirst(values) : Comparator.nullsLast(values);
    return (a, b) -> withNulls.compare(a[index], b[index]);
  }
}
