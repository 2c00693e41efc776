package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.shape.SimpleSelect;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * Plans a {@link SimpleSelect} into the read that Calcite's path plans for the same text, without
 * Calcite's parser, validator, converter or rules: the names are resolved against the mapped
 * tables, each condition is built as the converter builds it ({@link SimpleTerms}), and the read is
 * made by the same {@link dev.keycond.planner.rel.ReadPlan}, which chooses its access path as for
 * any statement. So its requests, rows and errors are those of the other path; a sweep of the test
 * corpus runs every statement both ways. A statement it could not plan exactly so is left to
 * Calcite, which also reports what is wrong with it.
 */
final class SimpleSelectPlanner {
  /** A simple SELECT, planned: its read, and what JDBC says of its columns and markers. */
  record Plan(DynamoRead read, ImmutableList<ResultColumn> columns, ImmutableList<ParameterType> parameters) {}

  private SimpleSelectPlanner() {}

  /** @param terms the terms over the statement's table, where its names and values are resolved */
  static Optional<Plan> plan(SimpleSelect select, SimpleTerms terms) {
    List<RelDataTypeField> fields = terms.fields();
    List<Integer> projection = new ArrayList<>();
    if (select.columns().isPresent()) {
      for (String name : select.columns().get()) {
        OptionalInt column = terms.column(name);
        if (column.isEmpty()) {
          return Optional.empty();
        }
        projection.add(column.getAsInt());
      }
    } else {
      projection.addAll(terms.allColumns());
    }
    return terms.conditions(select.where()).flatMap(conditions -> terms.read(conditions, projection)).map(read -> {
      ImmutableList.Builder<ResultColumn> columns = ImmutableList.builder();
      for (int column : projection) {
        RelDataTypeField field = fields.get(column);
        columns.add(ResultColumn.of(field.getName(), field.getType(), Optional.of(select.table()),
            Optional.of(field.getName())));
      }
      return new Plan(read, columns.build(), terms.parameters());
    });
  }
}
