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

  /**
   * The statement's SQL without a final {@code ;} and the blanks and comments after it (the text
   * as it is when it cannot be split into tokens, for the parser to say why); empty when the text
   * has no SQL at all, only blanks and comments.
   */
  public static Optional<String> sql(String text) {
    Optional<List<ShapeLexer.Token>> tokens = ShapeLexer.tokens(text);
    if (tokens.isEmpty()) {
      return Optional.of(text);
    }
    List<ShapeLexer.Token> all = tokens.get();
    boolean terminated = !all.isEmpty() && all.get(all.size() - 1).isOperator(";");
    if (all.size() == (terminated ? 1 : 0)) {
      return Optional.empty();
    }
    return Optional.of(terminated ? text.substring(0, all.get(all.size() - 1).start()) : text);
  }
}
