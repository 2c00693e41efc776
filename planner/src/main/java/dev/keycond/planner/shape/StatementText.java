package dev.keycond.planner.shape;

import java.util.List;
import java.util.Optional;

/**
 * Where a statement's SQL ends. JDBC takes one statement without a terminator, but scripts, tools
 * and hand-written code often end it with {@code ;}, which Calcite's parser refuses; and a text of
 * blanks and comments alone has nothing to run, which the parser reports without a position.
 */
public final class StatementText {
  private StatementText() {}

  /** The text without a final {@code ;} and the blanks and comments after it; as it is otherwise. */
  public static String withoutFinalSemicolon(String sql) {
    Optional<List<ShapeLexer.Token>> tokens = ShapeLexer.tokens(sql);
    if (tokens.isEmpty() || tokens.get().isEmpty()) {
      return sql;
    }
    ShapeLexer.Token last = tokens.get().get(tokens.get().size() - 1);
    return last.isOperator(";") ? sql.substring(0, last.start()) : sql;
  }

  /** Whether the text has no SQL at all: only blanks and comments, or nothing. */
  public static boolean isEmpty(String sql) {
    return ShapeLexer.tokens(sql).filter(List::isEmpty).isPresent();
  }
}
