package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.StoredValues;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.plan.ServerConditions;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadFilter;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns the items of one read into rows of its table: decodes the needed columns, drops items of
 * other entities, items the residual conditions that the driver checks reject, items whose time
 * to live has passed when no filter dropped them, and items that contradict the conditions their
 * filter or key read was taken to check (their value in an index key alone, or disagreeing with
 * it), and projects the output columns.
 */
final class ItemRows {
  private final ReadPlan plan;
  private final ItemCodec decoder;
  private final ImmutableMap<RexNode, Scalar> residual;
  /** The residual checks, as an array: every item of the read is checked against each. */
  private final Scalar[] checks;
  /**
   * The conditions the key read expresses on values the read does not decode from that key: an
   * item that fails one contradicts the key it was found by.
   */
  private final Scalar[] keyRechecks;
  /** The filter's conditions the driver checks again on the items that lack one of their attributes. */
  private final Recheck[] rechecks;
  /** Empty before the rows are bound to one execution's filter; then, what the driver checks. */
  private final Optional<ReadFilter> filter;

  /** A sent condition, checked on the items that lack one of {@code attributes}, which the filter kept. */
  private record Recheck(Scalar condition, List<String> attributes) {}

  ItemRows(ReadPlan plan, RexBuilder rexBuilder) {
    this(plan, rexBuilder, plan.keyRechecks());
  }

  /**
   * The rows of a lookup join's inner read, which reads for many outer rows at once: the join
   * checks the conditions on the outer row's values again when it joins the rows, and they cannot
   * be checked before.
   */
  static ItemRows ofLookup(ReadPlan plan, RexBuilder rexBuilder) {
    return new ItemRows(plan, rexBuilder,
        plan.keyRechecks().stream().filter(c -> !RexUtil.containsCorrelation(c)).toList());
  }

  private ItemRows(ReadPlan plan, RexBuilder rexBuilder, List<RexNode> keyRechecks) {
    this(plan, new ItemCodec(plan.table(), new ArrayList<>(ReadRequestBuilder.decodedColumns(plan))),
        compile(plan.residual(), rexBuilder), compile(keyRechecks, rexBuilder).values().toArray(Scalar[]::new),
        new Recheck[0], Optional.empty());
  }

  private ItemRows(ReadPlan plan, ItemCodec decoder, ImmutableMap<RexNode, Scalar> residual, Scalar[] keyRechecks,
      Recheck[] rechecks, Optional<ReadFilter> filter) {
    this.plan = plan;
    this.decoder = decoder;
    this.residual = residual;
    this.checks = residual.values().toArray(Scalar[]::new);
    this.keyRechecks = keyRechecks;
    this.rechecks = rechecks;
    this.filter = filter;
  }

  /**
   * Rows that check every condition of the read, those its key read expresses included: an item a
   * transaction wrote was not found by the key read, so nothing of the read is known of it.
   */
  static ItemRows checkingAll(ReadPlan plan, RexBuilder rexBuilder) {
    return new ItemRows(plan, ItemCodec.of(plan.table()), compile(plan.conditions(), rexBuilder), new Scalar[0],
        new Recheck[0], Optional.empty());
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
    Recheck[] sentRechecks = executionFilter.rechecks().stream()
        .map(c -> new Recheck(residual.get(c), ServerConditions.alsoInIndexKeys(plan.table(), c).stream()
            .map(Column::attribute).toList()))
        .toArray(Recheck[]::new);
    return new ItemRows(plan, decoder, ImmutableMap.copyOf(Maps.filterKeys(residual, needed::contains)), keyRechecks,
        sentRechecks, Optional.of(executionFilter));
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
    for (Recheck recheck : rechecks) {
      if (!recheck.attributes().stream().allMatch(item::containsKey)
          && !Boolean.TRUE.equals(recheck.condition().evaluate(row, context))) {
        context.call().recorder().rejectedByDriver(plan.table().source().keys(), item);
        return null;
      }
    }
    for (Scalar condition : keyRechecks) {
      if (!Boolean.TRUE.equals(condition.evaluate(row, context))) {
        context.statistics().addContradictingKey();
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

  /** Whether the item's keys are of this table's key templates, whatever its other attributes hold. */
  boolean hasTableKeys(Map<String, AttributeValue> item) {
    return decoder.decodeKey(item) != null;
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
