package dev.keycond.planner.exec.relational;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.JoinRelType;

/**
 * A nested loop for a correlated subquery or LATERAL: for each left row it binds the correlation
 * variable and reads the right side again, which sees that row through the variable.
 *
 * <p>When the right side reads a table by key for each left row, the left rows are read first, at
 * most maxFanOut of them, so that an outer query with more rows is refused before the subquery
 * sends a single read.
 */
public final class CorrelateOperator implements Operator {
  private final Operator left;
  private final Operator right;
  private final CorrelationId correlation;
  private final JoinRelType type;
  private final Scalar condition;
  private final int rightWidth;
  private final Optional<String> tableReadPerRow;

  private CorrelateOperator(Correlate correlate, Operator left, Operator right, Scalar condition,
      Optional<String> tableReadPerRow) {
    this.left = left;
    this.right = right;
    this.correlation = correlate.getCorrelationId();
    this.type = correlate.getJoinType();
    this.condition = condition;
    this.rightWidth = correlate.getRight().getRowType().getFieldCount();
    this.tableReadPerRow = tableReadPerRow;
  }

  /** @param tableReadPerRow the table the right side reads by key for each left row, if it reads one */
  public static Operator of(Correlate correlate, Operator left, Operator right, Optional<String> tableReadPerRow) {
    switch (correlate.getJoinType()) {
      case INNER:
      case LEFT:
      case SEMI:
      case ANTI:
        break;
      default:
        throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED,
            "keycond does not evaluate correlated " + correlate.getJoinType() + " joins yet");
    }
    Scalar condition = correlate.getCondition().isAlwaysTrue() ? null
        : ScalarCompiler.compile(correlate.getCondition(), correlate.getCluster().getRexBuilder());
    return new CorrelateOperator(correlate, left, right, condition, tableReadPerRow);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    RowCursor leftRows = tableReadPerRow.isPresent()
        ? new ListCursor(leftRowsWithinFanOut(context, tableReadPerRow.get()))
        : left.open(context);
    LeftRowJoiner joiner = new LeftRowJoiner(type, condition, rightWidth, row -> {}, context);
    return new RowCursor() {
      private Object[] current;

      @Override
      public boolean next() {
        while (true) {
          current = joiner.next();
          if (current != null) {
            return true;
          }
          if (!leftRows.next()) {
            return false;
          }
          Object[] row = leftRows.row();
          context.bindCorrelation(correlation, row);
          joiner.start(row, right.open(context));
        }
      }

      @Override
      public Object[] row() {
        return current;
      }

      @Override
      public void close() {
        joiner.close();
        leftRows.close();
      }
    };
  }

  private List<Object[]> leftRowsWithinFanOut(ExecutionContext context, String table) {
    List<Object[]> rows = new ArrayList<>();
    try (RowCursor cursor = left.open(context)) {
      while (cursor.next()) {
        if (rows.size() == context.settings().maxFanOut()) {
          throw context.tooManyCorrelatedReads(table);
        }
        rows.add(cursor.row().clone());
      }
    }
    return rows;
  }
}
