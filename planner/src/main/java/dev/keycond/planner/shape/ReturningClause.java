package dev.keycond.planner.shape;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A write's trailing {@code RETURNING <select list>}, split off its text before Calcite's parser,
 * which does not know the word: the write is planned without it, and the list is planned as a
 * projection of the rows the write returns. Read with the shape's lexer, so that the word inside a
 * string, a quoted name, a comment or parentheses is not taken for the clause.
 *
 * @param write the statement's text before the clause (with its EXPLAIN prefix, if any)
 * @param selectList the text after the word: the columns and expressions to return
 */
public record ReturningClause(String write, String selectList) {
  private static final Set<String> WRITES = Set.of("INSERT", "UPSERT", "UPDATE", "DELETE", "MERGE");
  /** The words an EXPLAIN may start with before the statement it explains. */
  private static final Set<String> EXPLAIN_WORDS = Set.of("EXPLAIN", "PLAN", "AS", "JSON", "XML", "FOR",
      "WITH", "WITHOUT", "IMPLEMENTATION", "TYPE", "ATTRIBUTES", "ALL", "EXCLUDING", "INCLUDING");

  public ReturningClause {
    if (selectList.isBlank()) {
      throw new KeycondException(SqlState.SYNTAX_ERROR, "RETURNING needs the columns or expressions to return, "
          + "such as RETURNING * or RETURNING path, size");
    }
  }

  /**
   * The statement's RETURNING clause, when it is a write that ends with one.
   *
   * @throws KeycondException 0A000 for a {@code ?} marker in the clause, 42000 for an empty clause
   */
  public static Optional<ReturningClause> of(String sql) {
    Optional<List<ShapeLexer.Token>> lexed = ShapeLexer.tokens(sql);
    if (lexed.isEmpty()) {
      return Optional.empty();
    }
    List<ShapeLexer.Token> tokens = lexed.get();
    int first = 0;
    while (first < tokens.size() && EXPLAIN_WORDS.stream().anyMatch(tokens.get(first)::isWord)) {
      first++;
    }
    if (first == tokens.size() || WRITES.stream().noneMatch(tokens.get(first)::isWord)) {
      return Optional.empty();
    }
    int depth = 0;
    for (int i = first; i < tokens.size(); i++) {
      ShapeLexer.Token token = tokens.get(i);
      depth += token.isOperator("(") ? 1 : token.isOperator(")") ? -1 : 0;
      if (depth == 0 && token.isWord("RETURNING")) {
        if (tokens.subList(i + 1, tokens.size()).stream().anyMatch(t -> t.kind() == ShapeLexer.Kind.MARKER)) {
          throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "A ? marker in RETURNING is not supported: "
              + "RETURNING lists the columns, and expressions of them, that the write returns");
        }
        String list = sql.substring(token.end()).strip();
        return Optional.of(new ReturningClause(sql.substring(0, token.start()).stripTrailing(), list.endsWith(";")
            ? list.substring(0, list.length() - 1) : list));
      }
    }
    return Optional.empty();
  }
}
