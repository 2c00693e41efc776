package dev.keycond.planner.sql;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code x NOT IN (SELECT y ...)} with a NULL {@code x}: SQL says it is unknown when the subquery
 * has rows, and true when it has none. Calcite's conversion of NOT IN leaves out that case when
 * {@code y} cannot be NULL (a key column), as if {@code x} could not be NULL either, and so keeps
 * the rows whose {@code x} is NULL. Each such NOT IN is written, right after parsing, as
 *
 * <pre>{@code x NOT IN (S) AND (x IS NOT NULL OR NOT EXISTS (S) OR UNKNOWN)}</pre>
 *
 * which has the same value as the NOT IN in every case (unknown for a NULL x and rows in S, true
 * for no rows), whatever Calcite does with NULLs; for an x that cannot be NULL the added condition
 * is simply true.
 */
public final class NotInNulls extends SqlShuttle {
  private NotInNulls() {}

  public static SqlNode rewrite(SqlNode statement) {
    return statement.accept(new NotInNulls());
  }

  @Override
  public SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (!(visited instanceof SqlCall notIn) || notIn.getKind() != SqlKind.NOT_IN
        || !(notIn.operand(1) instanceof SqlSelect subquery) || notIn.operand(0).getKind() == SqlKind.ROW) {
      return visited;
    }
    SqlParserPos pos = notIn.getParserPosition();
    SqlNode x = notIn.operand(0);
    SqlNode nullKnown = or(pos,
        or(pos, SqlStdOperatorTable.IS_NOT_NULL.createCall(pos, x.clone(pos)),
            SqlStdOperatorTable.NOT.createCall(pos,
                SqlStdOperatorTable.EXISTS.createCall(pos, subquery.clone(pos)))),
        SqlStdOperatorTable.CAST.createCall(pos, SqlLiteral.createNull(pos),
            new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.BOOLEAN, pos), pos)));
    return SqlStdOperatorTable.AND.createCall(pos, notIn, nullKnown);
  }

  private static SqlNode or(SqlParserPos pos, SqlNode a, SqlNode b) {
    return SqlStdOperatorTable.OR.createCall(pos, a, b);
  }
}
