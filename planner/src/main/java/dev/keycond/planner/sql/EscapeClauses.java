package dev.keycond.planner.sql;

import dev.keycond.planner.plan.LikePattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Reads the ESCAPE clauses of the LIKEs written in a statement as soon as it is parsed. A wrong
 * one is known before anything is planned, and Calcite's simplifier reads an ESCAPE literal as one
 * character, failing with an internal error on an empty one. {@code ESCAPE ''} says there is no
 * escape character (Hibernate's PostgreSQL and H2 dialects send every JPQL LIKE so), which is what a
 * LIKE without ESCAPE means: it is written without one, and so planned exactly as that LIKE.
 * {@link LikePattern} decides what else is valid.
 */
public final class EscapeClauses extends SqlShuttle {
  private EscapeClauses() {}

  /**
   * The statement with every {@code ESCAPE ''} left out.
   *
   * @throws dev.keycond.planner.error.KeycondException 22019 for an ESCAPE clause of more than one character
   */
  public static SqlNode rewrite(SqlNode statement) {
    return statement.accept(new EscapeClauses());
  }

  @Override
  public SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (!(visited instanceof SqlCall like) || like.getKind() != SqlKind.LIKE || like.operandCount() <= 2
        || !(like.operand(2) instanceof SqlCharStringLiteral escape)) {
      return visited;
    }
    String text = escape.getValueAs(String.class);
    if (!text.isEmpty()) {
      LikePattern.escapeCharacter(text);
      return visited;
    }
    return like.getOperator().createCall(like.getFunctionQuantifier(), like.getParserPosition(), like.operand(0),
        like.operand(1));
  }
}
