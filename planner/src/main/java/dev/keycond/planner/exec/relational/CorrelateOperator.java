package dev.keycond.planner.exec.relational;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A nested loop for a correlated subquery or LATERAL: for each left row it binds the correlation
 * variable and reads the right side again, which sees that row through the variable.
 *
 * <p>When the right side reads a table by key for each left row, the left rows are read first, and
 * the right side is read once per distinct value of the left columns it uses ({@link
 * CorrelatedRows}): three projects of one workspace read that workspace's items once. More than
 * maxFanOut such values are refused before the subquery sends a single read.
 */
public final class CorrelateOperator implements Operator {
  private final Operator left;
  private final Operator right;
  private final CorrelationId correlation;
  private final JoinRelType type;
  private final Scalar condition;
  private final int rightWidth;
  private final ImmutableBitSet requiredColumns;
  private final Optional<String> tableReadPerRow;

  private CorrelateOperator(Correlate correlate, Operator left, Operator right, Scalar condition,
      Optional<String> tableReadPerRow) {
    this.left = left;
    this.right = right;
    this.correlation = correlate.getCorrelationId();
    this.type = correlate.getJoinType();
    this.condition = condition;
    this.rightWidth = correlate.getRight().getRowType().getFieldCount();
    this.requiredColumns = correlate.getRequiredColumns();
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
    if (tableReadPerRow.isEmpty()) {
      return join(left.open(context), (row, read) -> read.get(), context);
    }
    CorrelatedRows rows = leftRowsWithinFanOut(context, tableReadPerRow.get());
    return join(new ListCursor(rows.leftRows()), (row, read) -> rows.rightRows(row, read, context), context);
  }

  /** How the right rows for a left row are found, given the way to read the right side for it. */
  private interface RightRows {
    RowCursor of(Object[] left, Supplier<RowCursor> read);
  }

  private RowCursor join(RowCursor leftRows, RightRows rightRows, ExecutionContext context) {
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
          joiner.start(row, rightRows.of(row, () -> right.open(context)));
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

  /**
   * Every left row, read before the right side is read once. The rows are held in memory, as a sort
   * holds its input; the outer query is refused as soon as it has more distinct keys than maxFanOut.
   */
  private CorrelatedRows leftRowsWithinFanOut(ExecutionContext context, String table) {
    CorrelatedRows rows = new CorrelatedRows(requiredColumns);
    Drain.forEach(left, context, row -> {
      rows.add(row.clone());
      if (rows.distinctKeys() > context.settings().maxFanOut()) {
        throw context.tooManyCorrelatedReads(table);
      }
    });
    return rows;
  }
}
