package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.shape.SimpleSelect;
import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.Util;

/**
 * Plans a {@link SimpleSelect} into the read that Calcite's path plans for the same text, without
 * Calcite's parser, validator, converter or rules: the names are resolved against the mapped
 * tables, each condition is built as the converter builds it, and the read is made by the same
 * {@link ReadPlan}, which chooses its access path as for any statement. So its requests, rows and
 * errors are those of the other path; a sweep of the test corpus runs every statement both ways.
 * A statement it could not plan exactly so (a name the mapping does not declare, a value of another
 * type than its column's, two conditions on one column, a LIKE pattern Calcite may rewrite) is left
 * to Calcite, which also reports what is wrong with it.
 */
final class SimpleSelectPlanner {
  /** The columns a {@code ?} marker may be compared with: its type is then the column's. */
  private static final Set<ColumnType> MARKER_TYPES = EnumSet.of(ColumnType.VARCHAR, ColumnType.BIGINT,
      ColumnType.INTEGER, ColumnType.DECIMAL, ColumnType.DOUBLE, ColumnType.DATE, ColumnType.TIMESTAMP);
  /** Integers of more digits may not fit a BIGINT, which Calcite would type otherwise. */
  private static final int LONGEST_INTEGER = 18;

  /** A simple SELECT, planned: its read, and what JDBC says of its columns and markers. */
  record Plan(DynamoRead read, ImmutableList<ResultColumn> columns, ImmutableList<ParameterType> parameters) {}

  private SimpleSelectPlanner() {}

  /**
   * @param catalog the catalog Calcite's path resolves the same names in
   * @param cluster where the read is made
   */
  static Optional<Plan> plan(SimpleSelect select, KeycondSchema schema, Prepare.CatalogReader catalog,
      RelOptCluster cluster) {
    Optional<EntityTable> found = schema.mappedTable(select.table());
    if (found.isEmpty()) {
      return Optional.empty();
    }
    EntityTable table = found.get();
    RelOptTable sqlTable = catalog.getTable(List.of(select.table()));
    List<RelDataTypeField> fields = sqlTable.getRowType().getFieldList();
    List<Integer> projection = new ArrayList<>();
    if (select.columns().isPresent()) {
      for (String name : select.columns().get()) {
        int column = table.columnIndex(name);
        if (column < 0) {
          return Optional.empty();
        }
        projection.add(column);
      }
    } else {
      for (int column = 0; column < fields.size(); column++) {
        projection.add(column);
      }
    }
    RexBuilder rex = cluster.getRexBuilder();
    List<RexNode> conditions = new ArrayList<>();
    List<Integer> compared = new ArrayList<>();
    List<RelDataType> markers = new ArrayList<>();
    for (SimpleSelect.Comparison comparison : select.where()) {
      int column = table.columnIndex(comparison.column());
      if (column < 0 || compared.contains(column)) {
        return Optional.empty();
      }
      compared.add(column);
      RelDataType type = fields.get(column).getType();
      Optional<RexNode> value = value(comparison, table.column(column).type(), type, rex, markers);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      conditions.add(rex.makeCall(operator(comparison.operator()), rex.makeInputRef(type, column), value.get()));
    }
    DynamoRead read = DynamoRead.create(cluster, sqlTable, table);
    read = read.withPlan(read.plan().withConditions(conditions));
    read = read.withPlan(read.plan().withProjection(projection));
    if (read.plan().access().isScan()) {
      return Optional.empty();
    }
    ImmutableList.Builder<ResultColumn> columns = ImmutableList.builder();
    for (int column : projection) {
      RelDataTypeField field = fields.get(column);
      columns.add(ResultColumn.of(field.getName(), field.getType(), Optional.of(select.table()),
          Optional.of(field.getName())));
    }
    return Optional.of(new Plan(read, columns.build(),
        markers.stream().map(ParameterType::of).collect(ImmutableList.toImmutableList())));
  }

  /**
   * The value compared with a column of {@code type}, as Calcite's converter writes it: a string
   * compared for equality as VARCHAR, otherwise as CHAR of its length, in Calcite's character set;
   * an integer as INTEGER or BIGINT by its size; a marker of the column's type, nullable. Empty for
   * a value Calcite would convert (a string compared with a number or a date, a number with a
   * string), or refuse (a string its character set cannot hold, when a host application has chosen
   * one that does not hold every character).
   *
   * @param markers the types of the markers before this one, in order; a marker's is added
   */
  private static Optional<RexNode> value(SimpleSelect.Comparison comparison, ColumnType columnType, RelDataType type,
      RexBuilder rex, List<RelDataType> markers) {
    boolean like = comparison.operator() == SimpleSelect.Operator.LIKE;
    if (like && columnType != ColumnType.VARCHAR) {
      return Optional.empty();
    }
    return comparison.value().accept(new SimpleSelect.Value.Visitor<>() {
      @Override
      public Optional<RexNode> text(String text) {
        if (columnType != ColumnType.VARCHAR || !Util.getDefaultCharset().newEncoder().canEncode(text)
            || like && !isPrefixPattern(text)) {
          return Optional.empty();
        }
        return Optional.of(comparison.operator() == SimpleSelect.Operator.EQUALS
            ? rex.makeCast(rex.getTypeFactory().createTypeWithNullability(type, false), rex.makeLiteral(text))
            : rex.makeLiteral(text));
      }

      @Override
      public Optional<RexNode> integer(String digits) {
        return columnType.isExactInteger() && digits.length() <= LONGEST_INTEGER
            ? Optional.of(rex.makeExactLiteral(new BigDecimal(digits))) : Optional.empty();
      }

      @Override
      public Optional<RexNode> marker(int index) {
        if (!MARKER_TYPES.contains(columnType) || index != markers.size()) {
          return Optional.empty();
        }
        RelDataType markerType = rex.getTypeFactory().createTypeWithNullability(type, true);
        markers.add(markerType);
        return Optional.of(rex.makeDynamicParam(markerType, index));
      }
    });
  }

  /**
   * A pattern of a literal prefix and one {@code %}: what {@code begins_with} says. Calcite rewrites
   * some other patterns, and not always ({@code LIKE '%'} as {@code IS NOT NULL}, {@code 'a%%'} as
   * {@code 'a%'}), so they are left to it.
   */
  private static boolean isPrefixPattern(String pattern) {
    String prefix = pattern.substring(0, Math.max(pattern.length() - 1, 0));
    return pattern.endsWith("%") && !prefix.isEmpty() && prefix.indexOf('%') < 0 && prefix.indexOf('_') < 0;
  }

  private static SqlOperator operator(SimpleSelect.Operator operator) {
    return switch (operator) {
      case EQUALS -> SqlStdOperatorTable.EQUALS;
      case LESS_THAN -> SqlStdOperatorTable.LESS_THAN;
      case LESS_THAN_OR_EQUAL -> SqlStdOperatorTable.LESS_THAN_OR_EQUAL;
      case GREATER_THAN -> SqlStdOperatorTable.GREATER_THAN;
      case GREATER_THAN_OR_EQUAL -> SqlStdOperatorTable.GREATER_THAN_OR_EQUAL;
      case LIKE -> SqlStdOperatorTable.LIKE;
    };
  }
}
