package dev.keycond.planner.sql;

import dev.keycond.planner.plan.LikePattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Checks the ESCAPE clauses of the LIKEs written in a statement as soon as it is parsed. A wrong
 * one is known before anything is planned, and Calcite's simplifier reads an ESCAPE literal as one
 * character, failing with an internal error on an empty one. {@link LikePattern} decides what is
 * valid.
 */
public final class EscapeClauses extends SqlBasicVisitor<Void> {
  private EscapeClauses() {}

  /** @throws dev.keycond.planner.error.KeycondException 22019 for an ESCAPE clause that is not one character */
  public static void check(SqlNode statement) {
    statement.accept(new EscapeClauses());
  }

  @Override
  public Void visit(SqlCall call) {
    if (call.getKind() == SqlKind.LIKE && call.operandCount() > 2
        && call.operand(2) instanceof SqlCharStringLiteral escape) {
      LikePattern.escapeCharacter(escape.getValueAs(String.class));
    }
    return super.visit(call);
  }
}
