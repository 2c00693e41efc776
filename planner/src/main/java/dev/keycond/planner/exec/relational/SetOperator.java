package dev.keycond.planner.exec.relational;

import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.Coercion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.type.RelDataTypeField;

/** What UNION, INTERSECT and EXCEPT are made of: their inputs, and whether ALL keeps duplicates. */
abstract class SetOperator implements Operator {
  /** Each input with its columns in the representation of the whole. */
  final List<Operator> inputs;
  final boolean all;

  SetOperator(SetOp setOp, List<Operator> inputs) {
    this.inputs = conformed(setOp, inputs);
    this.all = setOp.all;
  }

  /**
   * A set operation may combine an INTEGER column with a BIGINT one without a CAST, and its rows
   * must all have the types it declares; an input whose types differ gets a projection that
   * converts them.
   */
  private static List<Operator> conformed(SetOp setOp, List<Operator> inputs) {
    List<RelDataTypeField> target = setOp.getRowType().getFieldList();
    List<Operator> conformed = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      List<RelDataTypeField> fields = setOp.getInput(i).getRowType().getFieldList();
      boolean same = true;
      Scalar[] columns = new Scalar[fields.size()];
      for (int column = 0; column < columns.length; column++) {
        int index = column;
        if (fields.get(column).getType().getSqlTypeName() == target.get(column).getType().getSqlTypeName()) {
          columns[column] = (row, context) -> row[index];
        } else {
          UnaryOperator<Object> conversion = Coercion.to(target.get(column).getType());
          columns[column] = (row, context) -> conversion.apply(row[index]);
          same = false;
        }
      }
      conformed.add(same ? inputs.get(i) : new ProjectOperator(inputs.get(i), columns));
    }
    return conformed;
  }
}
