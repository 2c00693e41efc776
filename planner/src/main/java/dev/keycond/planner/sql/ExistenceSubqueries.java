package dev.keycond.planner.sql;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The {@code EXISTS (SELECT ...)} and {@code NOT EXISTS (SELECT ...)} conjuncts of an UPDATE's or
 * DELETE's WHERE clause, taken out of it: each is planned on its own, as a read of one item that
 * the write is checked against atomically, and the rest of the WHERE clause finds the rows to
 * change. An EXISTS under OR or NOT of more stays in the statement, which is then refused as a
 * WHERE clause that no single read can find the rows of.
 *
 * @param statement the UPDATE or DELETE without those conjuncts (TRUE in place of a WHERE clause
 *     that was nothing else)
 * @param subqueries the subqueries taken out, in the order written
 */
public record ExistenceSubqueries(SqlNode statement, ImmutableList<Subquery> subqueries) {

  /** One subquery, and whether the statement needs it to find a row ({@code EXISTS}) or none ({@code NOT EXISTS}). */
  public record Subquery(SqlSelect select, boolean exists) {}

  /** Takes them out of {@code statement} (changed in place); another statement has none. */
  public static ExistenceSubqueries of(SqlNode statement) {
    SqlNode where = statement instanceof SqlUpdate update ? update.getCondition()
        : statement instanceof SqlDelete delete ? delete.getCondition() : null;
    if (where == null) {
      return new ExistenceSubqueries(statement, ImmutableList.of());
    }
    List<SqlNode> kept = new ArrayList<>();
    ImmutableList.Builder<Subquery> subqueries = ImmutableList.builder();
    for (SqlNode conjunct : SqlConjuncts.of(where)) {
      boolean negated = conjunct.getKind() == SqlKind.NOT
          && ((SqlCall) conjunct).operand(0).getKind() == SqlKind.EXISTS;
      SqlNode exists = negated ? ((SqlCall) conjunct).operand(0) : conjunct;
      if (exists.getKind() == SqlKind.EXISTS && ((SqlCall) exists).operand(0) instanceof SqlSelect select) {
        subqueries.add(new Subquery(select, !negated));
      } else {
        kept.add(conjunct);
      }
    }
    ImmutableList<Subquery> found = subqueries.build();
    if (!found.isEmpty()) {
      SqlParserPos pos = where.getParserPosition();
      SqlNode rest = kept.isEmpty() ? SqlLiteral.createBoolean(true, pos)
          : kept.stream().reduce((a, b) -> SqlStdOperatorTable.AND.createCall(pos, a, b)).orElseThrow();
      // The WHERE clause is operand 3 of an UPDATE and operand 1 of a DELETE.
      ((SqlCall) statement).setOperand(statement instanceof SqlUpdate ? 3 : 1, rest);
    }
    return new ExistenceSubqueries(statement, found);
  }
}
