package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.core.Minus;

/**
 * EXCEPT reads every input but the first into memory and streams the first past them. EXCEPT ALL
 * returns a row as often as the first input has it beyond the number of times the others do.
 */
public final class MinusOperator extends SetOperator {
  private MinusOperator(Minus minus, List<Operator> inputs) {
    super(minus, inputs);
  }

  public static Operator of(Minus minus, List<Operator> inputs) {
    return new MinusOperator(minus, inputs);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new DeferredCursor(() -> {
      RowMultiset subtracted = new RowMultiset();
      for (Operator input : inputs.subList(1, inputs.size())) {
        subtracted.addAll(input, context);
      }
      Set<HashKey> returned = new HashSet<>();
      return new FilterCursor(inputs.get(0).open(context), row -> take(HashKey.of(row), subtracted, returned),
          context);
    });
  }

  /** Whether a row of the first input is returned; under ALL, each occurrence in the other inputs cancels one. */
  private boolean take(HashKey row, RowMultiset subtracted, Set<HashKey> returned) {
    return all ? !subtracted.remove(row) : !subtracted.contains(row) && returned.add(row);
  }
}
