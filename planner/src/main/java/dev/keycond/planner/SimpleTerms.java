package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.shape.Comparison;
import dev.keycond.planner.shape.Value;
import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;
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
 * The names and values of a simple statement ({@link SimpleSelectPlanner}, {@link SimpleChangePlanner},
 * {@link SimpleInsertPlanner}), resolved against its mapped table and written as Calcite's
 * validator and converter write them, in the order of the text, so that each marker gets its place
 * and type. Every method is empty for what Calcite's path might plan otherwise (a name the mapping
 * does not declare, a value of another type than its column's, a LIKE pattern Calcite may rewrite,
 * a read that needs a Scan): the statement is then left to that path, which also says what is wrong.
 */
final class SimpleTerms {
  /** The columns a {@code ?} marker may be compared with or assigned to: its type is then the column's. */
  private static final Set<ColumnType> MARKER_TYPES = EnumSet.of(ColumnType.VARCHAR, ColumnType.BIGINT,
      ColumnType.INTEGER, ColumnType.DECIMAL, ColumnType.DOUBLE, ColumnType.DATE, ColumnType.TIMESTAMP);
  /** Integers of more digits may not fit a BIGINT, which Calcite would type otherwise. */
  private static final int LONGEST_INTEGER = 18;
  private static final BigDecimal INTEGER_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);

  private final EntityTable table;
  private final RelOptTable sqlTable;
  private final List<RelDataTypeField> fields;
  private final RelOptCluster cluster;
  private final RexBuilder rex;
  private final List<RelDataType> markers = new ArrayList<>();
  private final List<Integer> compared = new ArrayList<>();

  private SimpleTerms(EntityTable table, RelOptTable sqlTable, RelOptCluster cluster) {
    this.table = table;
    this.sqlTable = sqlTable;
    this.fields = sqlTable.getRowType().getFieldList();
    this.cluster = cluster;
    this.rex = cluster.getRexBuilder();
  }

  /**
   * The terms over table {@code name}, when the mapping declares it.
   *
   * @param catalog the catalog Calcite's path resolves the same names in
   * @param cluster where the statement's plan is made
   */
  static Optional<SimpleTerms> of(String name, KeycondSchema schema, Prepare.CatalogReader catalog,
      RelOptCluster cluster) {
    return schema.mappedTable(name).map(table -> new SimpleTerms(table, catalog.getTable(List.of(name)), cluster));
  }

  EntityTable table() {
    return table;
  }

  /** Where the statement's plan is made. */
  RelOptCluster cluster() {
    return cluster;
  }

  List<RelDataTypeField> fields() {
    return fields;
  }

  /** The index of the table's column {@code name}. */
  OptionalInt column(String name) {
    int column = table.columnIndex(name);
    return column < 0 ? OptionalInt.empty() : OptionalInt.of(column);
  }

  /** The WHERE clause's conditions, each column compared at most once. */
  Optional<List<RexNode>> conditions(List<Comparison> where) {
    List<RexNode> conditions = new ArrayList<>();
    for (Comparison comparison : where) {
      OptionalInt found = column(comparison.column());
      if (found.isEmpty() || compared.contains(found.getAsInt())) {
        return Optional.empty();
      }
      int column = found.getAsInt();
      compared.add(column);
      RelDataType type = fields.get(column).getType();
      Optional<RexNode> value = compared(comparison, column);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      conditions.add(rex.makeCall(operator(comparison.operator()), rex.makeInputRef(type, column), value.get()));
    }
    return Optional.of(conditions);
  }

  /**
   * The read of the columns of {@code projection} under {@code conditions}, with its access path
   * chosen; empty when it needs a Scan.
   */
  Optional<DynamoRead> read(List<RexNode> conditions, List<Integer> projection) {
    DynamoRead read = DynamoRead.create(cluster, sqlTable, table);
    read = read.withPlan(read.plan().withConditions(conditions));
    read = read.withPlan(read.plan().withProjection(projection));
    return read.plan().access().isScan() ? Optional.empty() : Optional.of(read);
  }

  /** Every column of the table, in order. */
  List<Integer> allColumns() {
    return IntStream.range(0, fields.size()).boxed().toList();
  }

  /** The types of the markers written so far, in order. */
  ImmutableList<ParameterType> parameters() {
    return markers.stream().map(ParameterType::of).collect(ImmutableList.toImmutableList());
  }

  /**
   * The value compared with a column, as Calcite's converter writes it: a string compared for
   * equality as VARCHAR, otherwise as CHAR of its length; an integer as INTEGER or BIGINT by its
   * size; a marker of the column's type, nullable.
   */
  private Optional<RexNode> compared(Comparison comparison, int column) {
    ColumnType columnType = table.column(column).type();
    boolean like = comparison.operator() == Comparison.Operator.LIKE;
    if (like && columnType != ColumnType.VARCHAR) {
      return Optional.empty();
    }
    RelDataType type = fields.get(column).getType();
    return comparison.value().accept(new Value.Visitor<>() {
      @Override
      public Optional<RexNode> text(String text) {
        if (!isText(columnType, text) || like && !isPrefixPattern(text)) {
          return Optional.empty();
        }
        return Optional.of(comparison.operator() == Comparison.Operator.EQUALS
            ? rex.makeCast(rex.getTypeFactory().createTypeWithNullability(type, false), rex.makeLiteral(text))
            : rex.makeLiteral(text));
      }

      @Override
      public Optional<RexNode> integer(String digits) {
        return SimpleTerms.this.integer(columnType, digits);
      }

      @Override
      public Optional<RexNode> marker(int index) {
        return SimpleTerms.this.marker(columnType, type, index);
      }
    });
  }

  /**
   * The value a SET clause assigns to a column, as Calcite's validator and converter write it: a
   * string as CHAR of its length, an integer as a literal of the column's type (empty when it does
   * not fit it), a marker of the column's type, nullable.
   */
  Optional<RexNode> assigned(Value value, int column) {
    return written(value, column, rex::makeLiteral);
  }

  /**
   * The value an INSERT's VALUES row gives a column, as Calcite's validator and converter write it:
   * as {@link #assigned} but for a string, which is a literal of the column's type.
   */
  Optional<RexNode> inserted(Value value, int column) {
    RelDataType type = rex.getTypeFactory().createTypeWithNullability(fields.get(column).getType(), false);
    return written(value, column, text -> rex.makeCast(type, rex.makeLiteral(text)));
  }

  /** The NULL a column is given when an INSERT does not name it; empty for a column that takes none. */
  Optional<RexNode> unnamed(int column) {
    RelDataType type = fields.get(column).getType();
    return type.isNullable() ? Optional.of(rex.makeNullLiteral(type)) : Optional.empty();
  }

  private Optional<RexNode> written(Value value, int column, Function<String, RexNode> textLiteral) {
    ColumnType columnType = table.column(column).type();
    RelDataType type = fields.get(column).getType();
    return value.accept(new Value.Visitor<>() {
      @Override
      public Optional<RexNode> text(String text) {
        return isText(columnType, text) ? Optional.of(textLiteral.apply(text)) : Optional.empty();
      }

      @Override
      public Optional<RexNode> integer(String digits) {
        return SimpleTerms.this.integer(columnType, digits)
            .filter(literal -> columnType != ColumnType.INTEGER || new BigDecimal(digits).compareTo(INTEGER_MAX) <= 0)
            .map(literal -> rex.makeExactLiteral(new BigDecimal(digits),
                rex.getTypeFactory().createTypeWithNullability(type, false)));
      }

      @Override
      public Optional<RexNode> marker(int index) {
        return SimpleTerms.this.marker(columnType, type, index);
      }
    });
  }

  /**
   * A string for a VARCHAR column, in Calcite's character set: empty for one it would convert (a
   * string compared with a number or a date) or refuse (a string its character set cannot hold,
   * when a host application has chosen one that does not hold every character).
   */
  private boolean isText(ColumnType columnType, String text) {
    return columnType == ColumnType.VARCHAR && Util.getDefaultCharset().newEncoder().canEncode(text);
  }

  /** An integer literal for an INTEGER or BIGINT column, typed by its size as Calcite types it. */
  private Optional<RexNode> integer(ColumnType columnType, String digits) {
    return columnType.isExactInteger() && digits.length() <= LONGEST_INTEGER
        ? Optional.of(rex.makeExactLiteral(new BigDecimal(digits))) : Optional.empty();
  }

  /** The next marker of the text, of the column's type, nullable. */
  private Optional<RexNode> marker(ColumnType columnType, RelDataType type, int index) {
    if (!MARKER_TYPES.contains(columnType) || index != markers.size()) {
      return Optional.empty();
    }
    RelDataType markerType = rex.getTypeFactory().createTypeWithNullability(type, true);
    markers.add(markerType);
    return Optional.of(rex.makeDynamicParam(markerType, index));
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

  private static SqlOperator operator(Comparison.Operator operator) {
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
