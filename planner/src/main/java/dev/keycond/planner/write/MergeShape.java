package dev.keycond.planner.write;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.HashMap;
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
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * The one MERGE that DynamoDB runs as it says: by key, one UpdateItem per source row, which creates
 * the item or updates it. That needs the ON clause to equate the table's whole key with source
 * values, the INSERT to give those key values and the very values the UPDATE sets, and both to use
 * only the source row: then "create or update" sets the same attributes either way. Any other
 * MERGE is refused with what to write instead.
 *
 * @param columns the table columns each source row gives, in the order of {@code rows}'s select list
 * @param rows a SELECT of those values from the MERGE's source, to be planned like any query
 */
public record MergeShape(ImmutableList<Integer> columns, SqlSelect rows) {

  /**
   * @param merge the MERGE as parsed (the validator rewrites it in place)
   * @param tableRow the table's row type, whose column types the source's values are written as
   */
  public static MergeShape of(SqlMerge merge, EntityTable table, RelDataType tableRow) {
    SqlUpdate update = merge.getUpdateCall();
    SqlInsert insert = merge.getInsertCall();
    if (update == null || insert == null) {
      throw refused("it needs both WHEN MATCHED THEN UPDATE SET ... and WHEN NOT MATCHED THEN INSERT ...; for only "
          + "one of them, write an UPDATE or an INSERT");
    }
    String target = merge.getAlias() != null ? merge.getAlias().getSimple()
        : ((SqlIdentifier) merge.getTargetTable()).names.get(((SqlIdentifier) merge.getTargetTable()).names.size() - 1);
    Map<String, SqlNode> onValues = keyEqualities(merge.getCondition(), target, table);
    Set<String> keyColumns = new LinkedHashSet<>();
    table.columns().stream().filter(c -> table.isKeyColumn(c.name())).forEach(c -> keyColumns.add(c.name()));
    if (!onValues.keySet().equals(keyColumns)) {
      throw refused("its ON clause must equate each key column of table '" + table.name() + "' (" + String.join(", ",
          keyColumns) + ") with a source value, and nothing else");
    }
    List<SqlNode> insertValues = insertValues(insert);
    List<String> insertColumns = names(insert.getTargetColumnList());
    Map<String, SqlNode> given = new HashMap<>();
    for (int i = 0; i < insertColumns.size(); i++) {
      given.put(insertColumns.get(i), insertValues.get(i));
    }
    for (String key : keyColumns) {
      if (!given.containsKey(key) || !given.get(key).equalsDeep(onValues.get(key), org.apache.calcite.util.Litmus.IGNORE)) {
        throw refused("its INSERT must give key column '" + key + "' the value its ON clause compares it with");
      }
    }
    List<String> setColumns = names(update.getTargetColumnList());
    Set<String> inserted = new LinkedHashSet<>(insertColumns);
    inserted.removeAll(keyColumns);
    if (!inserted.equals(new LinkedHashSet<>(setColumns))) {
      throw refused("its UPDATE SET and its INSERT must give the same columns besides the key (SET "
          + String.join(", ", setColumns) + "; INSERT " + String.join(", ", inserted) + ")");
    }
    List<SqlNode> setValues = update.getSourceExpressionList().getList();
    for (int i = 0; i < setColumns.size(); i++) {
      if (!setValues.get(i).equalsDeep(given.get(setColumns.get(i)), org.apache.calcite.util.Litmus.IGNORE)) {
        throw refused("its UPDATE SET and its INSERT must give column '" + setColumns.get(i)
            + "' the same value, so that creating and updating the item set the same attributes");
      }
      if (refersTo(setValues.get(i), target)) {
        throw refused("its values may only come from the source row; " + setColumns.get(i) + " reads table '"
            + target + "'");
      }
    }
    if (update.getCondition() != null) {
      throw refused("WHEN MATCHED AND ... conditions are not supported");
    }
    checkDerived(table, keyColumns, setColumns);
    ImmutableList.Builder<Integer> columns = ImmutableList.builder();
    List<SqlNode> select = new ArrayList<>();
    Map<String, RelDataType> written = new HashMap<>();
    for (int i = 0; i < insertColumns.size(); i++) {
      int column = table.columnIndex(insertColumns.get(i));
      if (column < 0) {
        throw new KeycondException(SqlState.UNKNOWN_COLUMN, "Table '" + table.name() + "' has no column '"
            + insertColumns.get(i) + "'");
      }
      columns.add(column);
      select.add(insertValues.get(i));
      sourceColumn(insertValues.get(i), target)
          .ifPresent(name -> written.putIfAbsent(name, tableRow.getFieldList().get(column).getType()));
    }
    SqlSelect rows = new SqlSelect(SqlParserPos.ZERO, null, new SqlNodeList(select, SqlParserPos.ZERO),
        typedValues(merge.getSourceTableRef(), written), null, null, null, null, null, null, null, null, null);
    return new MergeShape(columns.build(), rows);
  }

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
  private static SqlNode typedValues(SqlNode source, Map<String, RelDataType> written) {
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
        RelDataType type = written.get(((SqlIdentifier) as.operand(i + 2)).getSimple());
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

  /** Each column the ON clause equates with a source value. */
  private static Map<String, SqlNode> keyEqualities(SqlNode condition, String target, EntityTable table) {
    Map<String, SqlNode> values = new HashMap<>();
    List<SqlNode> conjuncts = new ArrayList<>();
    conjuncts(condition, conjuncts);
    for (SqlNode conjunct : conjuncts) {
      if (!(conjunct instanceof SqlBasicCall call) || call.getKind() != SqlKind.EQUALS) {
        throw refused("its ON clause must be key columns equal to source values joined by AND, not " + conjunct);
      }
      SqlNode left = call.operand(0);
      SqlNode right = call.operand(1);
      String column = targetColumn(left, target, table);
      SqlNode value = right;
      if (column == null) {
        column = targetColumn(right, target, table);
        value = left;
      }
      if (column == null || refersTo(value, target)) {
        throw refused("its ON clause must compare a column of '" + target + "' with a source value: " + conjunct);
      }
      values.put(column, value);
    }
    return values;
  }

  private static void conjuncts(SqlNode node, List<SqlNode> out) {
    if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.AND) {
      call.getOperandList().forEach(o -> conjuncts(o, out));
    } else {
      out.add(node);
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
    return new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond runs MERGE by key only, as one UpdateItem "
        + "per source row: MERGE INTO t USING (VALUES ...) AS s(...) ON t.<key column> = s.<column> AND ... WHEN "
        + "MATCHED THEN UPDATE SET <column> = s.<column>, ... WHEN NOT MATCHED THEN INSERT (<key columns>, <the same "
        + "columns>) VALUES (s.<column>, ...). This MERGE does not fit: " + why);
  }
}
