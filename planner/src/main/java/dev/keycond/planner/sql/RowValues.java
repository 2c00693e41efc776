package dev.keycond.planner.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Row-value comparisons, written right after parsing as the conditions on single columns they
 * stand for, which key planning reads like any other:
 *
 * <pre>{@code
 * (a, b) = (x, y)                    a = x AND b = y
 * (a, b) <> (x, y)                   a <> x OR b <> y
 * (a, b) IN ((x, y), (z, w))         (a = x AND b = y) OR (a = z AND b = w)
 * (a, b) NOT IN ((x, y), (z, w))     NOT ((a = x AND b = y) OR (a = z AND b = w))
 * }</pre>
 *
 * Hibernate finds an entity by a composite id so ({@code IN ((?, ?))}). Each form has the row comparison's value in
 * SQL's three-valued logic: a row equality is false when one pair differs, true when every pair is
 * equal, and unknown otherwise, which is the AND of the pairs' equalities. Rows of different
 * lengths, and a row compared with a subquery, are left for the validator and the planner.
 */
public final class RowValues extends SqlShuttle {
  private RowValues() {}

  public static SqlNode rewrite(SqlNode statement) {
    return statement.accept(new RowValues());
  }

  @Override
  public SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (!(visited instanceof SqlCall comparison) || comparison.operandCount() != 2
        || !(comparison.operand(0) instanceof SqlCall left) || left.getKind() != SqlKind.ROW) {
      return visited;
    }
    SqlParserPos pos = comparison.getParserPosition();
    SqlNode right = comparison.operand(1);
    return switch (comparison.getKind()) {
      case EQUALS -> sameLength(left, right) ? equal(pos, left, (SqlCall) right) : visited;
      case NOT_EQUALS -> sameLength(left, right) ? differ(pos, left, (SqlCall) right) : visited;
      case IN -> right instanceof SqlNodeList list && allSameLength(left, rows(list))
          ? anyEqual(pos, left, rows(list)) : visited;
      case NOT_IN -> right instanceof SqlNodeList list && allSameLength(left, rows(list))
          ? SqlStdOperatorTable.NOT.createCall(pos, anyEqual(pos, left, rows(list))) : visited;
      default -> visited;
    };
  }

  /**
   * The row values of an IN list. The parser reads the list of one row {@code IN ((x, y))} as the
   * list {@code (x, y)}: a list with no row in it is that one row.
   */
  private static SqlNodeList rows(SqlNodeList list) {
    if (list.stream().anyMatch(node -> node.getKind() == SqlKind.ROW)) {
      return list;
    }
    SqlParserPos pos = list.getParserPosition();
    return new SqlNodeList(List.of(SqlStdOperatorTable.ROW.createCall(pos, list.getList())), pos);
  }

  private static boolean sameLength(SqlCall left, SqlNode right) {
    return right instanceof SqlCall row && row.getKind() == SqlKind.ROW && row.operandCount() == left.operandCount();
  }

  private static boolean allSameLength(SqlCall left, SqlNodeList rows) {
    return !rows.isEmpty() && rows.stream().allMatch(row -> sameLength(left, row));
  }

  private static SqlNode anyEqual(SqlParserPos pos, SqlCall left, SqlNodeList rows) {
    List<SqlNode> equalities = new ArrayList<>();
    for (SqlNode row : rows) {
      equalities.add(equal(pos, left, (SqlCall) row));
    }
    return joined(pos, SqlStdOperatorTable.OR, equalities);
  }

  private static SqlNode equal(SqlParserPos pos, SqlCall left, SqlCall right) {
    return pairwise(pos, SqlStdOperatorTable.EQUALS, SqlStdOperatorTable.AND, left, right);
  }

  private static SqlNode differ(SqlParserPos pos, SqlCall left, SqlCall right) {
    return pairwise(pos, SqlStdOperatorTable.NOT_EQUALS, SqlStdOperatorTable.OR, left, right);
  }

  /** Each column of the left row compared with the value at its position, the comparisons joined. */
  private static SqlNode pairwise(SqlParserPos pos, SqlBinaryOperator compare, SqlBinaryOperator join,
      SqlCall left, SqlCall right) {
    List<SqlNode> pairs = new ArrayList<>();
    for (int i = 0; i < left.operandCount(); i++) {
      pairs.add(compare.createCall(pos, left.operand(i).clone(pos), right.operand(i)));
    }
    return joined(pos, join, pairs);
  }

  private static SqlNode joined(SqlParserPos pos, SqlBinaryOperator join, List<SqlNode> conditions) {
    SqlNode joined = conditions.get(0);
    for (int i = 1; i < conditions.size(); i++) {
      joined = join.createCall(pos, joined, conditions.get(i));
    }
    return joined;
  }
}
