package dev.keycond.planner.sql;

import dev.keycond.planner.schema.InformationSchema;
import dev.keycond.planner.schema.InformationSchema.View;
import dev.keycond.planner.schema.InformationSchema.ViewColumn;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * A view of {@code INFORMATION_SCHEMA} named in a FROM clause is written, right after parsing, as
 * the VALUES of its rows, so that any SQL reads it (filters, joins, ORDER BY) and nothing is sent to
 * DynamoDB to read it. In a statement that reads a view, an unquoted name that is a view column's in
 * another case ({@code table_name}) is read as that column's ({@code TABLE_NAME}), as a database
 * whose unquoted names are case-insensitive reads it.
 */
public final class InformationSchemaViews extends SqlShuttle {
  private final Supplier<InformationSchema> views;
  private boolean readsView;

  private InformationSchemaViews(Supplier<InformationSchema> views) {
    this.views = views;
  }

  /** @param views the views' rows, asked for only when the statement names a view */
  public static SqlNode rewrite(SqlNode statement, Supplier<InformationSchema> views) {
    InformationSchemaViews rewriter = new InformationSchemaViews(views);
    SqlNode rewritten = statement.accept(rewriter);
    return rewriter.readsView ? rewritten.accept(new ViewColumnNames()) : rewritten;
  }

  @Override
  public SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (visited instanceof SqlSelect select && select.getFrom() != null) {
      select.setFrom(fromItem(select.getFrom()));
    }
    return visited;
  }

  private SqlNode fromItem(SqlNode item) {
    if (item instanceof SqlJoin join) {
      join.setLeft(fromItem(join.getLeft()));
      join.setRight(fromItem(join.getRight()));
      return join;
    }
    if (item instanceof SqlIdentifier name && isView(name)) {
      SqlParserPos pos = name.getParserPosition();
      return SqlStdOperatorTable.AS.createCall(pos, rows(name), new SqlIdentifier(name.names.get(1), pos));
    }
    if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(0) instanceof SqlIdentifier name && isView(name)) {
      SqlCall as = (SqlCall) item;
      as.setOperand(0, rows(name));
      return as;
    }
    return item;
  }

  private static boolean isView(SqlIdentifier name) {
    return name.names.size() == 2 && name.names.get(0).equalsIgnoreCase(InformationSchema.NAME)
        && InformationSchema.isView(name.names.get(1));
  }

  private static String viewName(SqlIdentifier name) {
    return name.names.get(1).toUpperCase(Locale.ROOT);
  }

  /**
   * {@code SELECT CAST(c0 AS type) AS NAME, ... FROM (VALUES ...) AS v(c0, ...)}; a view without
   * rows reads one row of NULLs and keeps none of it.
   */
  private SqlNode rows(SqlIdentifier name) {
    readsView = true;
    View view = views.get().view(viewName(name));
    SqlParserPos pos = name.getParserPosition();
    List<ViewColumn> columns = view.columns();
    List<List<Object>> rows = view.rows().isEmpty()
        ? List.of(Collections.nCopies(columns.size(), null)) : view.rows();
    List<SqlNode> values = new ArrayList<>();
    for (List<Object> row : rows) {
      values.add(SqlStdOperatorTable.ROW.createCall(pos, row.stream().map(v -> literal(v, pos)).toList()));
    }
    List<SqlNode> asOperands = new ArrayList<>();
    asOperands.add(SqlStdOperatorTable.VALUES.createCall(pos, values));
    asOperands.add(new SqlIdentifier("v", pos));
    SqlNodeList select = new SqlNodeList(pos);
    for (int i = 0; i < columns.size(); i++) {
      asOperands.add(new SqlIdentifier("c" + i, pos));
      SqlNode cast = SqlStdOperatorTable.CAST.createCall(pos, new SqlIdentifier(List.of("v", "c" + i), pos),
          new SqlDataTypeSpec(new SqlBasicTypeNameSpec(columns.get(i).type(), pos), pos));
      select.add(SqlStdOperatorTable.AS.createCall(pos, cast, new SqlIdentifier(columns.get(i).name(), pos)));
    }
    SqlNode from = SqlStdOperatorTable.AS.createCall(pos, asOperands);
    SqlNode where = view.rows().isEmpty() ? SqlLiteral.createBoolean(false, pos) : null;
    return new SqlSelect(pos, null, select, from, where, null, null, null, null, null, null, null, null);
  }

  private static SqlNode literal(Object value, SqlParserPos pos) {
    if (value == null) {
      return SqlLiteral.createNull(pos);
    }
    if (value instanceof Number number) {
      return SqlLiteral.createExactNumeric(new BigDecimal(number.toString()).toPlainString(), pos);
    }
    return SqlLiteral.createCharString(value.toString(), pos);
  }

  /** Unquoted names of view columns, in whatever case they are written, as the views spell them. */
  private static final class ViewColumnNames extends SqlShuttle {
    @Override
    public SqlNode visit(SqlIdentifier id) {
      List<String> names = new ArrayList<>(id.names);
      boolean changed = false;
      for (int i = 0; i < names.size(); i++) {
        String upper = names.get(i).toUpperCase(Locale.ROOT);
        if (!id.isComponentQuoted(i) && !upper.equals(names.get(i)) && InformationSchema.COLUMN_NAMES.contains(upper)) {
          names.set(i, upper);
          changed = true;
        }
      }
      return changed ? new SqlIdentifier(names, id.getParserPosition()) : id;
    }
  }
}
