package dev.keycond.planner.exec;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.List;
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
  private final ItemCodec decoder;
  private final ImmutableMap<RexNode, Scalar> residual;

  ItemRows(ReadPlan plan, RexBuilder rexBuilder) {
    this(plan, new ItemCodec(plan.table(), new ArrayList<>(ReadRequestBuilder.neededColumns(plan))),
        compile(plan.residual(), rexBuilder));
  }

  private ItemRows(ReadPlan plan, ItemCodec decoder, ImmutableMap<RexNode, Scalar> residual) {
    this.plan = plan;
    this.decoder = decoder;
    this.residual = residual;
  }

  private static ImmutableMap<RexNode, Scalar> compile(List<RexNode> conditions, RexBuilder rexBuilder) {
    ImmutableMap.Builder<RexNode, Scalar> compiled = ImmutableMap.builder();
    for (RexNode condition : conditions) {
      compiled.put(condition, ScalarCompiler.compile(condition, rexBuilder));
    }
    return compiled.buildKeepingLast();
  }

  /** These rows for one execution, without the checks its parameters make unnecessary. */
  ItemRows bind(KeyValueBinder binder) {
    List<RexNode> needed = plan.residual(binder);
    if (needed.containsAll(residual.keySet())) {
      return this;
    }
    return new ItemRows(plan, decoder, ImmutableMap.copyOf(Maps.filterKeys(residual, needed::contains)));
  }

  /** The item as a row of the table's full width, or null when it is not a row of the read. */
  Object[] tableRow(Map<String, AttributeValue> item, ExecutionContext context) {
    Object[] row = decoder.decode(item);
    if (row == null) {
      return null;
    }
    for (Scalar condition : residual.values()) {
      if (!Boolean.TRUE.equals(condition.evaluate(row, context))) {
        return null;
      }
    }
    return row;
  }

  /** Adds the item to {@code rows} as a row of the read's output columns, unless it is not a row of the read. */
  void collect(Map<String, AttributeValue> item, ExecutionContext context, List<Object[]> rows) {
    Object[] tableRow = tableRow(item, context);
    if (tableRow != null) {
      rows.add(project(tableRow));
    }
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
