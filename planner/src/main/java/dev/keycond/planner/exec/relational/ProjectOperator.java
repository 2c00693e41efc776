package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import java.util.List;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.type.SqlTypeUtil;

/** Computes each output column from the input row. */
public final class ProjectOperator implements Operator {
  private final Operator input;
  private final Scalar[] columns;

  ProjectOperator(Operator input, Scalar[] columns) {
    this.input = input;
    this.columns = columns;
  }

  public static Operator of(Project project, Operator input) {
    RexBuilder rexBuilder = project.getCluster().getRexBuilder();
    Scalar[] columns = project.getProjects().stream()
        .map(expression -> ScalarCompiler.compile(expression, rexBuilder))
        .toArray(Scalar[]::new);
    return new ProjectOperator(input, columns);
  }

  /**
   * The projection that gives a write its rows, each value one of the named column's: a number
   * with a fraction is refused where the column holds whole numbers ({@link ScalarCompiler#compileAssigned}).
   */
  public static Operator assigning(Project project, Operator input) {
    RexBuilder rexBuilder = project.getCluster().getRexBuilder();
    List<RelDataTypeField> fields = project.getRowType().getFieldList();
    Scalar[] columns = new Scalar[fields.size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = ScalarCompiler.compileAssigned(project.getProjects().get(i), rexBuilder,
          SqlTypeUtil.isIntType(fields.get(i).getType()), fields.get(i).getName());
    }
    return new ProjectOperator(input, columns);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    RowCursor rows = input.open(context);
    return new RowCursor() {
      private Object[] current;

      @Override
      public boolean next() {
        if (!rows.next()) {
          current = null;
          return false;
        }
        Object[] in = rows.row();
        current = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
          current[i] = columns[i].evaluate(in, context);
        }
        return true;
      }

      @Override
      public Object[] row() {
        return current;
      }

      @Override
      public void close() {
        rows.close();
      }
    };
  }
}
