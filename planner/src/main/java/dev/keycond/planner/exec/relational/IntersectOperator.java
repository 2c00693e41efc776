package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.core.Intersect;

/**
 * INTERSECT reads every input but the first into memory and streams the first past them.
 * INTERSECT ALL returns a row as often as the input where it occurs least often has it.
 */
public final class IntersectOperator extends SetOperator {
  private IntersectOperator(Intersect intersect, List<Operator> inputs) {
    super(intersect, inputs);
  }

  public static Operator of(Intersect intersect, List<Operator> inputs) {
    return new IntersectOperator(intersect, inputs);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new DeferredCursor(() -> {
      List<RowMultiset> others = inputs.subList(1, inputs.size()).stream().map(input -> {
        RowMultiset multiset = new RowMultiset();
        multiset.addAll(input, context);
        return multiset;
      }).toList();
      Set<HashKey> returned = new HashSet<>();
      return new FilterCursor(inputs.get(0).open(context), row -> take(HashKey.of(row), others, returned), context);
    });
  }

  /** Whether a row of the first input is returned; under ALL, it uses up one occurrence in every other input. */
  private boolean take(HashKey row, List<RowMultiset> others, Set<HashKey> returned) {
    for (RowMultiset other : others) {
      if (!other.contains(row)) {
        return false;
      }
    }
    if (!all) {
      return returned.add(row);
    }
    others.forEach(other -> other.remove(row));
    return true;
  }
}
