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
public final class IntersectOperator implements Operator {
  private final List<Operator> inputs;
  private final boolean all;

  private IntersectOperator(List<Operator> inputs, boolean all) {
    this.inputs = inputs;
    this.all = all;
  }

  public static Operator of(Intersect intersect, List<Operator> inputs) {
    return new IntersectOperator(SetOperands.of(intersect, inputs), intersect.all);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    RunningCheck check = new RunningCheck(context);
    return new RowCursor() {
      private List<RowMultiset> others;
      private RowCursor rows;
      private final Set<HashKey> returned = new HashSet<>();

      @Override
      public boolean next() {
        if (others == null) {
          others = inputs.subList(1, inputs.size()).stream().map(input -> {
            RowMultiset multiset = new RowMultiset();
            multiset.addAll(input, context);
            return multiset;
          }).toList();
          rows = inputs.get(0).open(context);
        }
        while (rows.next()) {
          if (take(HashKey.of(rows.row()))) {
            return true;
          }
          check.tick();
        }
        return false;
      }

      /** Whether a row of the first input is returned; under ALL, it uses up one occurrence in every other input. */
      private boolean take(HashKey row) {
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

      @Override
      public Object[] row() {
        return rows.row();
      }

      @Override
      public void close() {
        if (rows != null) {
          rows.close();
        }
      }
    };
  }
}
