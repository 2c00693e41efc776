package dev.keycond.planner;

import dev.keycond.planner.shape.Setting;
import dev.keycond.planner.shape.SimpleInsert;
import dev.keycond.planner.write.WritePlanner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;

/**
 * Plans a {@link SimpleInsert}, the INSERT a framework sends, into the write that Calcite's path
 * plans for the same text, without Calcite's parser, validator, converter or rules: its row is the
 * projection of one empty row that the converter makes, each named column's value written as the
 * converter writes it ({@link SimpleTerms}) and every other column NULL, and the write is made by
 * the same {@link WritePlanner#insert}. A statement it could not plan exactly so (a name the
 * mapping lacks, a value of another type than its column's, a column left out that takes no NULL)
 * is left to Calcite's path, which also says what is wrong with it; a sweep of the test corpus runs
 * every such statement both ways.
 */
final class SimpleInsertPlanner {
  private SimpleInsertPlanner() {}

  /** @param terms the terms over the statement's table, where its names and values are resolved */
  static Optional<SimpleWrite> plan(SimpleInsert insert, SimpleTerms terms) {
    List<RelDataTypeField> fields = terms.fields();
    RexNode[] row = new RexNode[fields.size()];
    // The values' markers take their places in the order written, whatever their columns' order.
    for (Setting value : insert.values()) {
      OptionalInt column = terms.column(value.column());
      if (column.isEmpty()) {
        return Optional.empty();
      }
      Optional<RexNode> written = terms.inserted(value.value(), column.getAsInt());
      if (written.isEmpty()) {
        return Optional.empty();
      }
      row[column.getAsInt()] = written.get();
    }
    for (int column = 0; column < row.length; column++) {
      if (row[column] == null) {
        Optional<RexNode> unnamed = terms.unnamed(column);
        if (unnamed.isEmpty()) {
          return Optional.empty();
        }
        row[column] = unnamed.get();
      }
    }
    List<String> names = new ArrayList<>();
    fields.forEach(field -> names.add(field.getName()));
    RelOptCluster cluster = terms.cluster();
    LogicalProject rows =
        LogicalProject.create(LogicalValues.createOneRow(cluster), List.of(), Arrays.asList(row), names, Set.of());
    return Optional.of(new SimpleWrite(WritePlanner.insert(cluster, cluster.traitSet(), rows, terms.table(),
        insert.upsert()), terms.parameters()));
  }
}
