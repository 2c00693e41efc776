package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.core.Union;

/**
 * UNION ALL streams its inputs one after another, opening each only when the previous one is done.
 * UNION (DISTINCT) streams the same way and drops rows it has already returned.
 */
public final class UnionOperator extends SetOperator {
  private UnionOperator(Union union, List<Operator> inputs) {
    super(union, inputs);
  }

  public static Operator of(Union union, List<Operator> inputs) {
    return new UnionOperator(union, inputs);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    RunningCheck check = new RunningCheck(context);
    Set<HashKey> returned = all ? null : new HashSet<>();
    return new RowCursor() {
      private int nextInput;
      private RowCursor rows;

      @Override
      public boolean next() {
        while (true) {
          if (rows == null) {
            if (nextInput == inputs.size()) {
              return false;
            }
            rows = inputs.get(nextInput++).open(context);
          }
          if (!rows.next()) {
            rows.close();
            rows = null;
          } else if (all || returned.add(HashKey.of(rows.row()))) {
            return true;
          } else {
            check.tick();
          }
        }
      }

      @Override
      public Object[] row() {
        return rows.row();
      }

      @Override
      public void close() {
        if (rows != null) {
          rows.close();
          rows = null;
        }
        nextInput = inputs.size();
      }
    };
  }
}
