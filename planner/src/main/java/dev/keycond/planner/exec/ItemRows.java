package dev.keycond.planner.exec;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.Map;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns the items of one read into rows of its table: decodes the needed columns, drops items of
 * other entities and items the residual conditions reject, and projects the output columns.
 */
final class ItemRows {
  private final ReadPlan plan;
  private final ItemDecoder decoder;
  private final ImmutableList<Scalar> residual;

  ItemRows(ReadPlan plan, RexBuilder rexBuilder) {
    this.plan = plan;
    this.decoder = new ItemDecoder(plan.table(), new ArrayList<>(ReadRequestBuilder.neededColumns(plan)));
    ImmutableList.Builder<Scalar> residual = ImmutableList.builder();
    for (RexNode condition : plan.residual()) {
      residual.add(ScalarCompiler.compile(condition, rexBuilder));
    }
    this.residual = residual.build();
  }

  /** The item as a row of the table's full width, or null when it is not a row of the read. */
  Object[] tableRow(Map<String, AttributeValue> item, ExecutionContext context) {
    Object[] row = decoder.decode(item);
    if (row == null) {
      return null;
    }
    for (Scalar condition : residual) {
      if (!Boolean.TRUE.equals(condition.evaluate(row, context))) {
        return null;
      }
    }
    return row;
  }

  /** The read's output columns of a table row. */
  Object[] project(Object[] tableRow) {
    Object[] row = new Object[plan.projection().size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = tableRow[plan.projection().get(i)];
    }
    return row;
  }
}
