package dev.keycond.planner.exec.relational;

import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.scalar.Arithmetic;
import dev.keycond.planner.exec.scalar.Coercion;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;

/**
 * One aggregate call of an Aggregate, compiled: it starts an {@link Accumulator} for each group
 * and converts the accumulated value into the call's type. SUM and AVG accumulate in the wide
 * family of {@link Arithmetic}, so only a final result that does not fit its type is an error;
 * AVG of exact numbers, integers included, is a number of 38 significant digits.
 */
final class Aggregation {
  /**
   * The running state of one aggregate call within one group. Like every SQL aggregate but
   * SINGLE_VALUE, it ignores NULL arguments.
   */
  interface Accumulator {
    void add(Object[] row);

    Object result();
  }

  private final Supplier<Accumulator> start;
  private final UnaryOperator<Object> toType;

  private Aggregation(Supplier<Accumulator> start, UnaryOperator<Object> toType) {
    this.start = start;
    this.toType = toType;
  }

  static Aggregation of(AggregateCall call, RelDataType inputType) {
    int[] args = call.getArgList().stream().mapToInt(Integer::intValue).toArray();
    int arg = args.length > 0 ? args[0] : -1;
    Supplier<Accumulator> start;
    switch (call.getAggregation().getKind()) {
      case COUNT:
        start = () -> new Count(args);
        break;
      case SUM: {
        Arithmetic family = family(call, inputType);
        start = () -> new Sum(arg, family, false);
        break;
      }
      case SUM0: {
        Arithmetic family = family(call, inputType);
        start = () -> new Sum(arg, family, true);
        break;
      }
      case AVG: {
        Arithmetic family = family(call, inputType);
        start = () -> new Average(arg, family);
        break;
      }
      case MIN:
        start = () -> new Extreme(arg, 1);
        break;
      case MAX:
        start = () -> new Extreme(arg, -1);
        break;
      case ANY_VALUE:
        start = () -> new AnyValue(arg);
        break;
      case SINGLE_VALUE:
        start = () -> new SingleValue(arg);
        break;
      default:
        throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED,
            "keycond does not evaluate the aggregate function " + call.getAggregation().getName() + " yet");
    }
    if (call.isDistinct()) {
      Supplier<Accumulator> all = start;
      start = () -> new Distinct(args, all.get());
    }
    if (call.filterArg >= 0) {
      Supplier<Accumulator> unfiltered = start;
      start = () -> new Filtered(call.filterArg, unfiltered.get());
    }
    return new Aggregation(start, Coercion.to(call.getType()));
  }

  Accumulator start() {
    return start.get();
  }

  Object result(Accumulator accumulator) {
    return toType.apply(accumulator.result());
  }

  private static Arithmetic family(AggregateCall call, RelDataType inputType) {
    RelDataType argType = inputType.getFieldList().get(call.getArgList().get(0)).getType();
    return Arithmetic.widest(List.of(argType, call.getType()));
  }

  /** COUNT(*) counts rows; COUNT(a, b, ...) counts rows where none of its arguments is NULL. */
  private static final class Count implements Accumulator {
    private final int[] args;
    private long count;

    Count(int[] args) {
      this.args = args;
    }

    @Override
    public void add(Object[] row) {
      for (int arg : args) {
        if (row[arg] == null) {
          return;
        }
      }
      count++;
    }

    @Override
    public Object result() {
      return count;
    }
  }

  /** SUM is NULL over no values; $SUM0, which the planner makes of COUNT-like sums, is 0. */
  private static final class Sum implements Accumulator {
    private final int arg;
    private final Arithmetic family;
    private Object sum;

    Sum(int arg, Arithmetic family, boolean zeroWhenEmpty) {
      this.arg = arg;
      this.family = family;
      this.sum = zeroWhenEmpty ? family.widen(0) : null;
    }

    @Override
    public void add(Object[] row) {
      Object value = row[arg];
      if (value != null) {
        sum = sum == null ? family.widen(value) : family.add(sum, family.widen(value));
      }
    }

    @Override
    public Object result() {
      return sum;
    }
  }

  private static final class Average implements Accumulator {
    private final int arg;
    private final Sum sum;
    private final Arithmetic family;
    private long count;

    Average(int arg, Arithmetic family) {
      this.arg = arg;
      this.sum = new Sum(arg, family, false);
      this.family = family;
    }

    @Override
    public void add(Object[] row) {
      if (row[arg] != null) {
        sum.add(row);
        count++;
      }
    }

    @Override
    public Object result() {
      return count == 0 ? null : family.divide(sum.result(), family.widen(count));
    }
  }

  /** MIN (direction 1) and MAX (direction -1), in DynamoDB's order. */
  private static final class Extreme implements Accumulator {
    private final int arg;
    private final int direction;
    private Object best;

    Extreme(int arg, int direction) {
      this.arg = arg;
      this.direction = direction;
    }

    @Override
    public void add(Object[] row) {
      Object value = row[arg];
      if (value != null && (best == null || direction * DynamoOrder.INSTANCE.compare(value, best) < 0)) {
        best = value;
      }
    }

    @Override
    public Object result() {
      return best;
    }
  }

  /** ANY_VALUE: the first non-NULL value. */
  private static final class AnyValue implements Accumulator {
    private final int arg;
    private Object value;

    AnyValue(int arg) {
      this.arg = arg;
    }

    @Override
    public void add(Object[] row) {
      if (value == null) {
        value = row[arg];
      }
    }

    @Override
    public Object result() {
      return value;
    }
  }

  /** The value of a scalar subquery, which must have at most one row, NULL or not. */
  private static final class SingleValue implements Accumulator {
    private final int arg;
    private boolean seen;
    private Object value;

    SingleValue(int arg) {
      this.arg = arg;
    }

    @Override
    public void add(Object[] row) {
      if (seen) {
        throw new KeycondException(SqlState.CARDINALITY_VIOLATION,
            "A subquery used as an expression returned more than one row");
      }
      seen = true;
      value = row[arg];
    }

    @Override
    public Object result() {
      return value;
    }
  }

  /** {@code agg(DISTINCT ...)}: passes on only the first row with each combination of argument values. */
  private static final class Distinct implements Accumulator {
    private final int[] args;
    private final Accumulator accumulator;
    private final Set<HashKey> seen = new HashSet<>();

    Distinct(int[] args, Accumulator accumulator) {
      this.args = args;
      this.accumulator = accumulator;
    }

    @Override
    public void add(Object[] row) {
      if (seen.add(HashKey.of(row, args))) {
        accumulator.add(row);
      }
    }

    @Override
    public Object result() {
      return accumulator.result();
    }
  }

  /** {@code agg(...) FILTER (WHERE condition)}, where the condition is an input column. */
  private static final class Filtered implements Accumulator {
    private final int condition;
    private final Accumulator accumulator;

    Filtered(int condition, Accumulator accumulator) {
      this.condition = condition;
      this.accumulator = accumulator;
    }

    @Override
    public void add(Object[] row) {
      if (Boolean.TRUE.equals(row[condition])) {
        accumulator.add(row);
      }
    }

    @Override
    public Object result() {
      return accumulator.result();
    }
  }
}
