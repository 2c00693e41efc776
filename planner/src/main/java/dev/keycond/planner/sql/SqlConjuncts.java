package dev.keycond.planner.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

/** The conditions a parsed condition joins by AND, nested ANDs flattened, in the order written. */
public final class SqlConjuncts {
  private SqlConjuncts() {}

  public static List<SqlNode> of(SqlNode condition) {
    List<SqlNode> conjuncts = new ArrayList<>();
    collect(condition, conjuncts);
    return conjuncts;
  }

  private static void collect(SqlNode node, List<SqlNode> conjuncts) {
    if (node.getKind() == SqlKind.AND) {
      ((SqlCall) node).getOperandList().forEach(operand -> collect(operand, conjuncts));
    } else {
      conjuncts.add(node);
    }
  }
}
