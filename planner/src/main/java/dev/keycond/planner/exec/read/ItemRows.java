package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.StoredValues;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadFilter;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns the items of one read into rows of its table: decodes the needed columns, drops items of
 * other entities, items the residual conditions that the driver checks reject, and items whose time
 * to live has passed when no filter dropped them, and projects the output columns.
 */
final class ItemRows {
  private final ReadPlan plan;
  private final ItemCodec decoder;
  private final ImmutableMap<RexNode, Scalar> residual;
  /** The residual checks, as an array: every item of the read is checked against each. */
  private final Scalar[] checks;
  /** Empty before the rows are bound to one execution's filter; then, what the driver checks. */
  private final Optional<ReadFilter> filter;

  ItemRows(ReadPlan plan, RexBuilder rexBuilder) {
    this(plan, new ItemCodec(plan.table(), new ArrayList<>(ReadRequestBuilder.neededColumns(plan))),
        compile(plan.residual(), rexBuilder), Optional.empty());
  }

  private ItemRows(ReadPlan plan, ItemCodec decoder, ImmutableMap<RexNode, Scalar> residual,
      Optional<ReadFilter> filter) {
    this.plan = plan;
    this.decoder = decoder;
    this.residual = residual;
    this.checks = residual.values().toArray(Scalar[]::new);
    this.filter = filter;
  }

  /**
   * Rows that check every condition of the read, those its key read expresses included: an item a
   * transaction wrote was not found by the key read, so nothing of the read is known of it.
   */
  static ItemRows checkingAll(ReadPlan plan, RexBuilder rexBuilder) {
    return new ItemRows(plan, ItemCodec.of(plan.table()), compile(plan.conditions(), rexBuilder), Optional.empty());
  }

  private static ImmutableMap<RexNode, Scalar> compile(List<RexNode> conditions, RexBuilder rexBuilder) {
    ImmutableMap.Builder<RexNode, Scalar> compiled = ImmutableMap.builder();
    for (RexNode condition : conditions) {
      compiled.put(condition, ScalarCompiler.compile(condition, rexBuilder));
    }
    return compiled.buildKeepingLast();
  }

  /**
   * These rows for one execution, checking only what its requests leave to the driver: neither what
   * their FilterExpression checks nor what its parameters make unnecessary.
   */
  ItemRows bind(ReadFilter executionFilter) {
    List<RexNode> needed = executionFilter.driverChecks();
    return new ItemRows(plan, decoder, ImmutableMap.copyOf(Maps.filterKeys(residual, needed::contains)),
        Optional.of(executionFilter));
  }

  /** The item as a row of the table's full width, or null when it is not a row of the read. */
  Object[] tableRow(Map<String, AttributeValue> item, ExecutionContext context) {
    if (filter.isPresent() && filter.get().expiredInDriver(item)) {
      return null;
    }
    Object[] row = decoder.decode(item);
    if (row == null) {
      return null;
    }
    Optional<StoredValues> stored = context.storedValues();
    if (stored.isPresent()) {
      stored.get().rememberRow(plan.table(), item, row);
    }
    for (Scalar condition : checks) {
      if (!Boolean.TRUE.equals(condition.evaluate(row, context))) {
        context.call().recorder().rejectedByDriver(plan.table().source().keys(), item);
        return null;
      }
    }
    context.call().recorder().keptAsRow(plan.table().source().keys(), item);
    return row;
  }

  /** The item's columns, by the table's full width, whether or not it is a row of the read. */
  Object[] decode(Map<String, AttributeValue> item) {
    return decoder.decode(item);
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
