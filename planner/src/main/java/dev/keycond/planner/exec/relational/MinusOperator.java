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
public final class MinusOperator implements Operator {
  private final List<Operator> inputs;
  private final boolean all;

  private MinusOperator(List<Operator> inputs, boolean all) {
    this.inputs = inputs;
    this.all = all;
  }

  public static Operator of(Minus minus, List<Operator> inputs) {
    return new MinusOperator(SetOperands.of(minus, inputs), minus.all);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    RunningCheck check = new RunningCheck(context);
    return new RowCursor() {
      private RowMultiset subtracted;
      private RowCursor rows;
      private final Set<HashKey> returned = new HashSet<>();

      @Override
      public boolean next() {
        if (subtracted == null) {
          subtracted = new RowMultiset();
          for (Operator input : inputs.subList(1, inputs.size())) {
            subtracted.addAll(input, context);
          }
          rows = inputs.get(0).open(context);
        }
        while (rows.next()) {
          HashKey row = HashKey.of(rows.row());
          if (all ? !subtracted.remove(row) : (!subtracted.contains(row) && returned.add(row))) {
            return true;
          }
          check.tick();
        }
        return false;
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
