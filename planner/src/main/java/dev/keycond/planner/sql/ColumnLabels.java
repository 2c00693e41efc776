package dev.keycond.planner.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * The labels of a statement's result columns. Calcite names a column that is neither a column
 * reference nor given an alias {@code EXPR$0}, {@code EXPR$1}...; such a column is labelled with
 * its expression as the statement writes it ({@code COUNT(*)}, {@code size * 2}), as most
 * databases do, so that a tool's header says what the column holds; so is a column that a
 * {@code *} or a name takes from such a column of a subquery. Every other name is kept.
 */
public final class ColumnLabels {
  private static final Pattern GENERATED = Pattern.compile("EXPR\\$\\d+");

  private ColumnLabels() {}

  /**
   * @param sql the statement's text, which the parser positions refer to
   * @param validated the validated query
   * @param names the names Calcite gave the result columns
   */
  public static List<String> of(String sql, SqlNode validated, List<String> names) {
    List<String> labels = new ArrayList<>(names);
    Optional<SqlSelect> select = naming(validated);
    List<SqlNode> items = select.map(ColumnLabels::items).orElse(List.of());
    if (items.size() != names.size()) {
      return labels;
    }
    for (int i = 0; i < names.size(); i++) {
      if (GENERATED.matcher(names.get(i)).matches()) {
        String text = text(sql, items.get(i), select.get());
        if (!text.isEmpty()) {
          labels.set(i, text);
        }
      }
    }
    return labels;
  }

  /**
   * The text of the expression a select item stands for: its own, or, for a name that refers to
   * an unnamed column of a subquery in the FROM clause, that column's. Empty when there is none.
   */
  private static String text(String sql, SqlNode item, SqlSelect select) {
    SqlNode expression = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
    if (!(expression instanceof SqlIdentifier name)) {
      return expression instanceof SqlNodeList ? "" : text(sql, expression);
    }
    String column = name.names.get(name.names.size() - 1);
    if (select.getFrom() == null) {
      return "";
    }
    for (SqlNode subquery : subqueries(select.getFrom(), new ArrayList<>())) {
      Optional<SqlSelect> inner = naming(subquery);
      List<SqlNode> innerItems = inner.map(ColumnLabels::items).orElse(List.of());
      for (int i = 0; i < innerItems.size(); i++) {
        if (column.equals(SqlValidatorUtil.alias(innerItems.get(i), i))) {
          return text(sql, innerItems.get(i), inner.get());
        }
      }
    }
    return "";
  }

  /** The queries a FROM clause reads from, through its joins and aliases. */
  private static List<SqlNode> subqueries(SqlNode from, List<SqlNode> found) {
    if (from instanceof SqlJoin join) {
      subqueries(join.getLeft(), found);
      subqueries(join.getRight(), found);
    } else if (from.getKind() == SqlKind.AS) {
      subqueries(((SqlCall) from).operand(0), found);
    } else if (from.isA(SqlKind.QUERY)) {
      found.add(from);
    }
    return found;
  }

  /** The SELECT that names a query's columns: a set operation's columns are named by its first query. */
  private static Optional<SqlSelect> naming(SqlNode query) {
    if (query instanceof SqlSelect select) {
      return Optional.of(select);
    }
    if (query instanceof SqlOrderBy orderBy) {
      return naming(orderBy.query);
    }
    if (query instanceof SqlWith with) {
      return naming(with.body);
    }
    if (query.isA(SqlKind.SET_QUERY)) {
      return naming(((SqlCall) query).operand(0));
    }
    return Optional.empty();
  }

  private static List<SqlNode> items(SqlSelect select) {
    return select.getSelectList() == null ? List.of() : select.getSelectList().getList();
  }

  /** The expression's text as written, on one line; empty when the statement has no text for it. */
  private static String text(String sql, SqlNode expression) {
    SqlParserPos pos = expression.getParserPosition();
    if (pos.getLineNum() <= 0 || pos.getEndLineNum() <= 0) {
      return "";
    }
    int start = SqlParserUtil.lineColToIndex(sql, pos.getLineNum(), pos.getColumnNum());
    int end = SqlParserUtil.lineColToIndex(sql, pos.getEndLineNum(), pos.getEndColumnNum()) + 1;
    if (start < 0 || end > sql.length() || start >= end) {
      return "";
    }
    if (sql.charAt(start) == '}' && sql.lastIndexOf('{', start) >= 0) {
      // The parser places a JDBC date or time escape ({d '2026-01-01'}) at its closing brace alone.
      start = sql.lastIndexOf('{', start);
    }
    return oneLine(sql.substring(start, end).strip());
  }

  /** The text with each run of white space outside its string literals and quoted names made one space. */
  private static String oneLine(String text) {
    StringBuilder line = new StringBuilder(text.length());
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
        line.append(c);
      } else if (c == '\'' || c == '"') {
        quote = c;
        line.append(c);
      } else if (!Character.isWhitespace(c)) {
        line.append(c);
      } else if (line.charAt(line.length() - 1) != ' ') {
        line.append(' ');
      }
    }
    return line.toString();
  }
}
