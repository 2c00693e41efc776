package dev.keycond.planner.rules;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * Rewrites expressions over a read's output into expressions over its table's full row type, so
 * that every condition in a read plan refers to table columns whatever was projected before it.
 */
final class ColumnRefs extends RexShuttle {
  private final List<Integer> projection;
  private final RelDataType tableType;

  ColumnRefs(List<Integer> projection, RelDataType tableType) {
    this.projection = projection;
    this.tableType = tableType;
  }

  @Override
  public RexNode visitInputRef(RexInputRef ref) {
    int column = projection.get(ref.getIndex());
    return new RexInputRef(column, tableType.getFieldList().get(column).getType());
  }
}
