package dev.keycond.planner.exec.relational;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.scalar.Coercion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexLiteral;

/**
 * Literal rows: {@code VALUES}, and what the planner folds to constants. They are converted once,
 * when the statement is prepared.
 */
public final class ValuesOperator implements Operator {
  private final List<Object[]> rows;

  private ValuesOperator(List<Object[]> rows) {
    this.rows = rows;
  }

  public static Operator of(Values values) {
    List<RelDataTypeField> fields = values.getRowType().getFieldList();
    List<UnaryOperator<Object>> conversions = fields.stream().map(f -> Coercion.to(f.getType())).toList();
    List<Object[]> rows = new ArrayList<>();
    for (List<RexLiteral> tuple : values.getTuples()) {
      Object[] row = new Object[tuple.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = conversions.get(i).apply(SqlValues.fromLiteral(tuple.get(i)));
      }
      rows.add(row);
    }
    return new ValuesOperator(List.copyOf(rows));
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new ListCursor(rows);
  }
}
