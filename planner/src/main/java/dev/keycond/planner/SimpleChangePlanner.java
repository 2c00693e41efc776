package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.shape.Setting;
import dev.keycond.planner.shape.SimpleChange;
import dev.keycond.planner.write.ColumnValue;
import dev.keycond.planner.write.WritePlanner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rex.RexNode;

/**
 * Plans a {@link SimpleChange}, the keyed UPDATE or DELETE a framework sends, into the write that
 * Calcite's path plans for the same text, without Calcite's parser, validator, converter or rules:
 * its names and values are resolved and written as the converter writes them ({@link SimpleTerms}),
 * the read that finds its rows is chosen by the same {@link dev.keycond.planner.rel.ReadPlan}, and
 * the write is made by the same {@link WritePlanner#change}. A statement it could not plan exactly
 * so (a name the mapping lacks, a value of another type than its column's, a key column set, a
 * write that needs a Scan) is left to Calcite's path, which also says what is wrong with it; a
 * sweep of the test corpus runs every such statement both ways.
 */
final class SimpleChangePlanner {
  private SimpleChangePlanner() {}

  /** @param terms the terms over the statement's table, where its names and values are resolved */
  static Optional<SimpleWrite> plan(SimpleChange change, SimpleTerms terms) {
    // The SET clause's markers come first in the text, and take their places first.
    List<ColumnValue> values = new ArrayList<>();
    for (Setting setting : change.set()) {
      OptionalInt column = terms.column(setting.column());
      if (column.isEmpty() || terms.table().isKeyColumn(terms.table().column(column.getAsInt()).name())) {
        return Optional.empty();
      }
      Optional<RexNode> value = terms.assigned(setting.value(), column.getAsInt());
      if (value.isEmpty()) {
        return Optional.empty();
      }
      values.add(new ColumnValue(terms.table().column(column.getAsInt()).name(), value.get()));
    }
    RelOptCluster cluster = terms.cluster();
    return terms.conditions(change.where())
        .flatMap(conditions -> terms.read(conditions, terms.allColumns()))
        .map(read -> new SimpleWrite(WritePlanner.change(cluster, cluster.traitSet(), read, terms.table(), values,
            false, ImmutableList.of()), terms.parameters()));
  }
}
