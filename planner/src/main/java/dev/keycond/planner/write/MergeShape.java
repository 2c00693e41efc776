package dev.keycond.planner.write;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.plan.ServerCondition;
import dev.keycond.planner.sql.SqlConjuncts;
import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.Litmus;

/**
 * The MERGEs that DynamoDB runs as they say, by key, one request per source row. The ON clause
 * equates the table's whole key with source values. Then:
 *
 * <ul>
 *   <li>both branches: an UpdateItem without condition, which creates the item or updates it. The
 *       INSERT gives the very values the UPDATE sets, so that either way the same attributes are set;
 *   <li>{@code WHEN MATCHED THEN UPDATE} alone: an UpdateItem conditioned on the item existing, and
 *       on the ON clause's other comparisons of the target's columns with source values;
 *   <li>{@code WHEN NOT MATCHED THEN INSERT} alone: a PutItem conditioned on no item having the key.
 * </ul>
 *
 * A row whose condition fails counts 0. Other comparisons in ON are refused with both branches or
 * the INSERT alone: a row whose key exists but whose comparison fails is NOT MATCHED, and SQL would
 * insert a second row with its key, which a table with a key refuses and DynamoDB would overwrite.
 * Values come only from the source row. Any other MERGE is refused with what to write instead.
 *
 * @param branches which of the branches the MERGE has
 * @param columns the table columns the first source fields give, in the order of {@code rows}'s
 *     select list
 * @param conditions the ON clause's comparisons beyond the key, each with a field of {@code rows}
 *     after the columns'
 * @param rows a SELECT of those values from the MERGE's source, to be planned like any query
 */
public record MergeShape(WritePlan.MergeBranches branches, ImmutableList<Integer> columns,
    ImmutableList<WritePlan.MergeCondition> conditions, SqlSelect rows) {

  /**
   * @param merge the MERGE as parsed (the validator rewrites it in place)
   * @param tableRow the table's row type, whose column types the source's values are written as
   */
  public static MergeShape of(SqlMerge merge, EntityTable table, RelDataType tableRow) {
    SqlUpdate update = merge.getUpdateCall();
    SqlInsert insert = merge.getInsertCall();
    String target = merge.getAlias() != null ? merge.getAlias().getSimple()
        : ((SqlIdentifier) merge.getTargetTable()).names.get(((SqlIdentifier) merge.getTargetTable()).names.size() - 1);
    Set<String> keyColumns = new LinkedHashSet<>();
    table.columns().stream().filter(c -> table.isKeyColumn(c.name())).forEach(c -> keyColumns.add(c.name()));
    Map<String, SqlNode> onValues = new LinkedHashMap<>();
    List<Comparison> others = new ArrayList<>();
    onClause(merge.getCondition(), target, table, keyColumns, onValues, others);
    if (!onValues.keySet().equals(keyColumns)) {
      throw refused("its ON clause must equate each key column of table '" + table.name() + "' (" + String.join(", ",
          keyColumns) + ") with a source value");
    }
    if (!others.isEmpty() && insert != null) {
      throw refused("its ON clause compares " + others.get(0).column() + " besides the key, and it has WHEN NOT "
          + "MATCHED THEN INSERT: a source row whose key exists but whose comparison fails is NOT MATCHED, and "
          + "inserting it would give a second row that key (DynamoDB would overwrite the item). Only WHEN MATCHED "
          + "THEN UPDATE alone takes other comparisons in ON");
    }
    if (update != null && update.getCondition() != null) {
      throw refused("WHEN MATCHED AND ... conditions are not supported; put the condition in ON");
    }
    List<SqlNode> select = new ArrayList<>();
    ImmutableList.Builder<Integer> columns = ImmutableList.builder();
    Map<String, Written> written = new HashMap<>();
    WritePlan.MergeBranches branches;
    if (insert != null) {
      List<SqlNode> insertValues = insertValues(insert);
      List<String> insertColumns = names(insert.getTargetColumnList());
      Map<String, SqlNode> given = new HashMap<>();
      for (int i = 0; i < insertColumns.size(); i++) {
        given.put(insertColumns.get(i), insertValues.get(i));
      }
      for (String key : keyColumns) {
        if (!given.containsKey(key) || !given.get(key).equalsDeep(onValues.get(key), Litmus.IGNORE)) {
          throw refused("its INSERT must give key column '" + key + "' the value its ON clause compares it with");
        }
      }
      for (int i = 0; i < insertColumns.size(); i++) {
        if (refersTo(insertValues.get(i), target)) {
          throw refused("its values may only come from the source row; " + insertColumns.get(i) + " reads table '"
              + target + "'");
        }
        written(table, tableRow, insertColumns.get(i), insertValues.get(i), target, written);
        columns.add(column(table, insertColumns.get(i)));
        select.add(insertValues.get(i));
      }
      if (update != null) {
        sameColumns(update, keyColumns, insertColumns, given);
      }
      branches = update != null ? WritePlan.MergeBranches.BOTH : WritePlan.MergeBranches.NOT_MATCHED_INSERT;
    } else if (update != null) {
      List<String> setColumns = names(update.getTargetColumnList());
      List<SqlNode> setValues = update.getSourceExpressionList().getList();
      for (String key : keyColumns) {
        written(table, tableRow, key, onValues.get(key), target, written);
        columns.add(column(table, key));
        select.add(onValues.get(key));
      }
      for (int i = 0; i < setColumns.size(); i++) {
        if (keyColumns.contains(setColumns.get(i))) {
          throw refused("it sets key column '" + setColumns.get(i) + "'; an item's key never changes");
        }
        if (refersTo(setValues.get(i), target)) {
          throw refused("its values may only come from the source row; " + setColumns.get(i) + " reads table '"
              + target + "'");
        }
        written(table, tableRow, setColumns.get(i), setValues.get(i), target, written);
        columns.add(column(table, setColumns.get(i)));
        select.add(setValues.get(i));
      }
      checkDerived(table, keyColumns, setColumns);
      branches = WritePlan.MergeBranches.MATCHED_UPDATE;
    } else {
      throw refused("it has neither WHEN MATCHED THEN UPDATE nor WHEN NOT MATCHED THEN INSERT");
    }
    ImmutableList<Integer> columnList = columns.build();
    ImmutableList.Builder<WritePlan.MergeCondition> conditions = ImmutableList.builder();
    for (Comparison other : others) {
      ColumnType type = table.column(column(table, other.column())).type();
      if (type.storage() != AttributeType.N && type != ColumnType.VARCHAR && type != ColumnType.BOOLEAN) {
        throw refused("its ON clause compares " + other.column() + ", a " + SqlValues.sqlTypeName(type) + " column; "
            + "comparisons beyond the key take numbers, strings and booleans");
      }
      conditions.add(new WritePlan.MergeCondition(column(table, other.column()), other.op(),
          select.size()));
      written(table, tableRow, other.column(), other.value(), target, written);
      select.add(other.value());
    }
    SqlSelect rows = new SqlSelect(SqlParserPos.ZERO, null, new SqlNodeList(select, SqlParserPos.ZERO),
        typedValues(merge.getSourceTableRef(), written), null, null, null, null, null, null, null, null, null);
    return new MergeShape(branches, columnList, conditions.build(), rows);
  }

  /** Notes the table column's type for the source column that {@code value} names, if it names one. */
  private static void written(EntityTable table, RelDataType tableRow, String column, SqlNode value, String target,
      Map<String, Written> written) {
    RelDataType type = tableRow.getFieldList().get(column(table, column)).getType();
    sourceColumn(value, target).ifPresent(name -> written.putIfAbsent(name, new Written(column, type)));
  }

  /** The table column a source column is written to, and its type. */
  private record Written(String column, RelDataType type) {}

  /** The source column a value names ({@code s.z}, or {@code z}), unless it names the target's. */
  private static Optional<String> sourceColumn(SqlNode value, String target) {
    if (!(value instanceof SqlIdentifier id) || id.names.size() > 2
        || id.names.size() == 2 && id.names.get(0).equals(target)) {
      return Optional.empty();
    }
    return Optional.of(id.names.get(id.names.size() - 1));
  }

  /**
   * A source {@code (VALUES ...) AS s(a, p, z)} whose numeric columns are typed by the table columns
   * they are written to. Left alone, a VALUES column takes the type its rows share: a DOUBLE for
   * {@code 2.5E-3} beside {@code 0.1}, through which a DECIMAL's digits would be lost (and Calcite
   * cannot even order such rows). Each value is cast to its table column's type instead, as an
   * INSERT's VALUES are, so that every row is written exactly.
   */
  private static SqlNode typedValues(SqlNode source, Map<String, Written> written) {
    if (!(source instanceof SqlBasicCall as) || as.getKind() != SqlKind.AS || as.operandCount() <= 2
        || !(as.operand(0) instanceof SqlBasicCall values) || values.getKind() != SqlKind.VALUES) {
      return source;
    }
    List<SqlNode> typedRows = new ArrayList<>();
    for (SqlNode row : values.getOperandList()) {
      if (!(row instanceof SqlBasicCall tuple) || tuple.operandCount() != as.operandCount() - 2) {
        return source;
      }
      List<SqlNode> typed = new ArrayList<>();
      for (int i = 0; i < tuple.operandCount(); i++) {
        Written column = written.get(((SqlIdentifier) as.operand(i + 2)).getSimple());
        RelDataType type = column == null ? null : column.type();
        if (type != null && SqlTypeUtil.isIntType(type)) {
          refuseFraction(tuple.operand(i), column.column());
        }
        typed.add(type != null && SqlTypeUtil.isNumeric(type)
            ? SqlStdOperatorTable.CAST.createCall(SqlParserPos.ZERO, tuple.operand(i),
                SqlTypeUtil.convertTypeToSpec(type))
            : tuple.operand(i));
      }
      typedRows.add(tuple.getOperator().createCall(tuple.getFunctionQuantifier(), tuple.getParserPosition(), typed));
    }
    List<SqlNode> operands = new ArrayList<>(as.getOperandList());
    operands.set(0, values.getOperator().createCall(values.getFunctionQuantifier(), values.getParserPosition(),
        typedRows));
    return as.getOperator().createCall(as.getFunctionQuantifier(), as.getParserPosition(), operands);
  }

  /**
   * A literal with a fraction, written into a column of whole numbers, is refused: the CAST around
   * it would truncate it. (A parameter is refused as it is bound, as any integer parameter is.)
   */
  private static void refuseFraction(SqlNode value, String column) {
    boolean negative = value.getKind() == SqlKind.MINUS_PREFIX;
    SqlNode literal = negative ? ((SqlBasicCall) value).operand(0) : value;
    if (literal instanceof SqlNumericLiteral number) {
      BigDecimal decimal = negative ? number.getValueAs(BigDecimal.class).negate() : number.getValueAs(BigDecimal.class);
      if (SqlValues.hasFraction(decimal)) {
        throw SqlValues.fractionForWholeNumbers(column, decimal);
      }
    }
  }

  /** A comparison in ON of a target column beyond the key with a source value. */
  private record Comparison(String column, ServerCondition.Op op, SqlNode value) {}

  /** With both branches, the UPDATE must set the INSERT's columns besides the key, to the same values. */
  private static void sameColumns(SqlUpdate update, Set<String> keyColumns, List<String> insertColumns,
      Map<String, SqlNode> given) {
    List<String> setColumns = names(update.getTargetColumnList());
    Set<String> inserted = new LinkedHashSet<>(insertColumns);
    inserted.removeAll(keyColumns);
    if (!inserted.equals(new LinkedHashSet<>(setColumns))) {
      throw refused("its UPDATE SET and its INSERT must give the same columns besides the key (SET "
          + String.join(", ", setColumns) + "; INSERT " + String.join(", ", inserted) + ")");
    }
    List<SqlNode> setValues = update.getSourceExpressionList().getList();
    for (int i = 0; i < setColumns.size(); i++) {
      if (!setValues.get(i).equalsDeep(given.get(setColumns.get(i)), Litmus.IGNORE)) {
        throw refused("its UPDATE SET and its INSERT must give column '" + setColumns.get(i)
            + "' the same value, so that creating and updating the item set the same attributes");
      }
    }
  }

  private static int column(EntityTable table, String name) {
    int column = table.columnIndex(name);
    if (column < 0) {
      throw new KeycondException(SqlState.UNKNOWN_COLUMN, "Table '" + table.name() + "' has no column '" + name + "'");
    }
    return column;
  }

  private static final Map<SqlKind, ServerCondition.Op> COMPARISONS = Map.of(SqlKind.EQUALS, ServerCondition.Op.EQ,
      SqlKind.NOT_EQUALS, ServerCondition.Op.NE, SqlKind.LESS_THAN, ServerCondition.Op.LT,
      SqlKind.LESS_THAN_OR_EQUAL, ServerCondition.Op.LE, SqlKind.GREATER_THAN, ServerCondition.Op.GT,
      SqlKind.GREATER_THAN_OR_EQUAL, ServerCondition.Op.GE);

  /**
   * Reads the ON clause: each key column equated with a source value, and each other comparison of
   * a target column with a source value.
   */
  private static void onClause(SqlNode condition, String target, EntityTable table, Set<String> keyColumns,
      Map<String, SqlNode> keyValues, List<Comparison> others) {
    for (SqlNode conjunct : SqlConjuncts.of(condition)) {
      if (!(conjunct instanceof SqlBasicCall) || !COMPARISONS.containsKey(conjunct.getKind())) {
        throw refused("its ON clause must be comparisons of the target's columns with source values joined by "
            + "AND, not " + conjunct);
      }
      SqlBasicCall call = (SqlBasicCall) conjunct;
      String column = targetColumn(call.operand(0), target, table);
      SqlNode value = call.operand(1);
      SqlKind kind = call.getKind();
      if (column == null) {
        column = targetColumn(call.operand(1), target, table);
        value = call.operand(0);
        kind = kind.reverse();
      }
      ServerCondition.Op op = COMPARISONS.get(kind);
      if (column == null || refersTo(value, target)) {
        throw refused("its ON clause must compare a column of '" + target + "' with a source value: " + conjunct);
      }
      if (op == ServerCondition.Op.EQ && keyColumns.contains(column) && !keyValues.containsKey(column)) {
        keyValues.put(column, value);
      } else if (keyColumns.contains(column)) {
        throw refused("its ON clause must equate key column '" + column + "' with one source value, and compare "
            + "it with nothing else");
      } else {
        others.add(new Comparison(column, op, value));
      }
    }
  }

  /** The column of the target table an identifier names ({@code t.id}), or null. */
  private static String targetColumn(SqlNode node, String target, EntityTable table) {
    if (node instanceof SqlIdentifier id && id.names.size() == 2 && id.names.get(0).equals(target)
        && table.columnIndex(id.names.get(1)) >= 0) {
      return id.names.get(1);
    }
    return null;
  }

  private static boolean refersTo(SqlNode node, String target) {
    boolean[] found = {false};
    node.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlIdentifier id) {
        found[0] |= id.names.size() > 1 && id.names.get(0).equals(target);
        return null;
      }
    });
    return found[0];
  }

  private static List<SqlNode> insertValues(SqlInsert insert) {
    if (!(insert.getSource() instanceof SqlCall values) || values.getKind() != SqlKind.VALUES
        || values.operandCount() != 1 || !(values.operand(0) instanceof SqlCall row)) {
      throw refused("its INSERT must be INSERT (columns) VALUES (values of the source row)");
    }
    if (insert.getTargetColumnList() == null) {
      throw refused("its INSERT must name its columns: INSERT (" + "columns) VALUES (...)");
    }
    return row.getOperandList();
  }

  private static List<String> names(SqlNodeList identifiers) {
    List<String> names = new ArrayList<>();
    for (SqlNode node : identifiers) {
      SqlIdentifier id = (SqlIdentifier) node;
      names.add(id.names.get(id.names.size() - 1));
    }
    return names;
  }

  /**
   * An index key template that reads a set column and a column neither set nor in the key would
   * need the item's current value, which an UpdateItem that may create the item cannot read.
   */
  private static void checkDerived(EntityTable table, Set<String> keyColumns, List<String> setColumns) {
    Set<String> known = new LinkedHashSet<>(keyColumns);
    known.addAll(setColumns);
    for (Map.Entry<String, KeyTemplate> key : table.mapping().keys().entrySet()) {
      List<String> columns = key.getValue().columns();
      if (columns.stream().anyMatch(setColumns::contains) && !known.containsAll(columns)) {
        throw refused("it sets a column of index key '" + key.getKey() + "' = '" + key.getValue()
            + "' but not all of them; set every column of that template too");
      }
    }
  }

  private static KeycondException refused(String why) {
    return new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond runs MERGE by key only, as one request "
        + "per source row: MERGE INTO t USING (VALUES ...) AS s(...) ON t.<key column> = s.<column> AND ... WHEN "
        + "MATCHED THEN UPDATE SET <column> = s.<column>, ... WHEN NOT MATCHED THEN INSERT (<key columns>, <the same "
        + "columns>) VALUES (s.<column>, ...), or one of the two branches alone. This MERGE does not fit: " + why);
  }
}
