package dev.keycond.planner.shape;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.shape.ShapeLexer.Kind;
import dev.keycond.planner.shape.ShapeLexer.Token;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A query's text with the literals that a plan can take as parameters lifted out: {@code ... AND
 * path LIKE 'root/f07/%'} and {@code ... AND path LIKE 'root/f08/%'} have one shape, planned once.
 *
 * <p>A literal is lifted only where a plan of the text treats it as a value compared with one
 * column, and nothing else of the plan depends on it: it is the right side of {@code =},
 * {@code <>}, {@code <}, {@code <=}, {@code >}, {@code >=} or {@code LIKE} (without
 * {@code ESCAPE}) whose left side is a bare column name, the comparison stands alone between
 * {@code WHERE}, {@code ON}, {@code HAVING}, {@code AND}, {@code OR}, {@code NOT} or parentheses
 * and the end of its condition, and no other comparison in the text names that column (two
 * comparisons of one column are merged or found contradictory by their values). A string is
 * lifted only when it is plain printable ASCII, not empty and not ending in a space; a number only
 * when it is exact, unsigned and has no exponent; a LIKE pattern only when it has a wildcard. Every
 * other literal (LIMIT and OFFSET values, the arguments of functions, GROUP BY and ORDER BY
 * positions, select items, IN lists, BETWEEN bounds, negative numbers, NULL, TRUE, typed literals
 * such as {@code DATE '2026-01-01'}) stays in the shape as written, so texts that differ in it
 * have different shapes. What a lifted literal still decides (its type, where a pattern's
 * wildcards are) is in the shape too: see {@link LiftedLiteral#group()}.
 *
 * <p>Only queries are shaped: statements that write, EXPLAIN, and texts with {@code ?} markers
 * keep every literal, and their shape is their text.
 */
public final class StatementShape {
  /** Marks a lifted literal in a key; a text holding it is never shaped, so no text is mistaken for a key. */
  private static final char MARK = '\u0000';
  private static final Set<String> COMPARISONS = Set.of("=", "<>", "!=", "<", "<=", ">", ">=");
  /** Words after which a comparison starts a condition of its own. */
  private static final Set<String> CONDITION_STARTS = Set.of("WHERE", "ON", "HAVING", "AND", "OR", "NOT");
  /** Words before which a comparison's condition has ended. */
  private static final Set<String> CONDITION_ENDS = Set.of("AND", "OR", "GROUP", "ORDER", "LIMIT", "OFFSET", "FETCH",
      "UNION", "INTERSECT", "EXCEPT", "MINUS", "HAVING", "WINDOW", "WHERE", "JOIN", "INNER", "LEFT", "RIGHT",
      "FULL", "CROSS", "NATURAL");
  /** Words after a column that compare it with something. */
  private static final Set<String> COMPARING_WORDS = Set.of("IN", "NOT", "BETWEEN", "LIKE", "ILIKE", "RLIKE",
      "SIMILAR", "IS");
  private static final Set<String> QUERY_STARTS = Set.of("SELECT", "WITH", "VALUES");

  /** The text before the first lifted literal, between each two, and after the last. */
  private final ImmutableList<String> between;
  private final ImmutableList<LiftedLiteral> literals;
  private final String key;

  private StatementShape(ImmutableList<String> between, ImmutableList<LiftedLiteral> literals) {
    this.between = between;
    this.literals = literals;
    this.key = text(literals.stream().map(l -> MARK + l.group() + MARK).toList());
  }

  /** What texts of this shape have in common: the text with a mark of its group for each lifted literal. */
  public String key() {
    return key;
  }

  /** The text with a {@code ?} marker for each lifted literal: what the shape's texts share a plan of. */
  public String sql() {
    return text(Collections.nCopies(literals.size(), "?"));
  }

  /** The lifted literals, in text order, which is the order of their markers. */
  public ImmutableList<LiftedLiteral> literals() {
    return literals;
  }

  /** The text of this shape with {@code replacements} written where its lifted literals are, in order. */
  public String text(List<String> replacements) {
    if (replacements.size() != literals.size()) {
      throw new IllegalArgumentException("the shape lifts " + literals.size() + " literals, not "
          + replacements.size());
    }
    StringBuilder text = new StringBuilder(between.get(0));
    for (int i = 0; i < replacements.size(); i++) {
      text.append(replacements.get(i)).append(between.get(i + 1));
    }
    return text.toString();
  }

  /** The shape of a text: its lifted literals, or none, when its shape is the text itself. */
  public static StatementShape of(String sql) {
    if (sql.indexOf(MARK) >= 0) {
      return unshaped(sql);
    }
    Optional<List<Token>> lexed = ShapeLexer.tokens(sql);
    if (lexed.isEmpty() || !isQuery(lexed.get())) {
      return unshaped(sql);
    }
    List<Token> tokens = lexed.get();
    boolean[] betweenAnds = betweenAnds(tokens);
    Map<String, Integer> compared = comparedColumns(tokens);
    ImmutableList.Builder<String> between = ImmutableList.builder();
    ImmutableList.Builder<LiftedLiteral> literals = ImmutableList.builder();
    int copied = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Optional<LiftedLiteral> literal = liftable(tokens, i, betweenAnds, compared);
      if (literal.isPresent()) {
        Token token = tokens.get(i);
        between.add(sql.substring(copied, token.start()));
        copied = token.end();
        literals.add(literal.get());
      }
    }
    between.add(sql.substring(copied));
    return new StatementShape(between.build(), literals.build());
  }

  private static StatementShape unshaped(String sql) {
    return new StatementShape(ImmutableList.of(sql), ImmutableList.of());
  }

  /** Whether the text is a query with no marker of its own. */
  private static boolean isQuery(List<Token> tokens) {
    if (tokens.isEmpty() || tokens.stream().anyMatch(t -> t.kind() == Kind.MARKER)) {
      return false;
    }
    Token first = tokens.get(0);
    return first.isOperator("(") || first.kind() == Kind.WORD && QUERY_STARTS.contains(upper(first));
  }

  /** The literal at {@code i}, when it is lifted (see the class comment). */
  private static Optional<LiftedLiteral> liftable(List<Token> tokens, int i, boolean[] betweenAnds,
      Map<String, Integer> compared) {
    Token token = tokens.get(i);
    if (token.kind() != Kind.STRING && token.kind() != Kind.NUMBER || i < 2) {
      return Optional.empty();
    }
    Token operator = tokens.get(i - 1);
    boolean like = operator.isWord("LIKE");
    if (!like && !(operator.kind() == Kind.OPERATOR && COMPARISONS.contains(operator.text()))) {
      return Optional.empty();
    }
    int column = columnStart(tokens, i - 2);
    if (column < 1 || !startsCondition(tokens, column - 1, betweenAnds) || !endsCondition(tokens, i + 1)) {
      return Optional.empty();
    }
    if (compared.getOrDefault(name(tokens.get(i - 2)), 0) != 1) {
      return Optional.empty();
    }
    if (like) {
      return token.kind() == Kind.STRING ? LiftedLiteral.pattern(token.text()) : Optional.empty();
    }
    return token.kind() == Kind.STRING ? LiftedLiteral.string(token.text())
        : Optional.of(LiftedLiteral.number(token.text()));
  }

  /**
   * Where the column name that ends at {@code end} starts ({@code f.path}, {@code "f"."path"});
   * -1 when the token there is no column name.
   */
  private static int columnStart(List<Token> tokens, int end) {
    if (!isName(tokens.get(end))) {
      return -1;
    }
    int start = end;
    while (start >= 2 && tokens.get(start - 1).isOperator(".") && isName(tokens.get(start - 2))) {
      start -= 2;
    }
    return start;
  }

  /** A name: quoted, or a word that is not reserved (an unquoted reserved word is never a column). */
  private static boolean isName(Token token) {
    return token.kind() == Kind.QUOTED || token.kind() == Kind.WORD && !ReservedWords.contains(token.text());
  }

  private static boolean startsCondition(List<Token> tokens, int before, boolean[] betweenAnds) {
    Token token = tokens.get(before);
    return token.isOperator("(")
        || token.kind() == Kind.WORD && CONDITION_STARTS.contains(upper(token)) && !betweenAnds[before];
  }

  private static boolean endsCondition(List<Token> tokens, int after) {
    if (after == tokens.size()) {
      return true;
    }
    Token token = tokens.get(after);
    return token.isOperator(")") || token.isOperator(",") || token.isOperator(";")
        || token.kind() == Kind.WORD && CONDITION_ENDS.contains(upper(token));
  }

  /** The ANDs that end a BETWEEN ({@code x BETWEEN 1 AND 5}), which join no conditions. */
  private static boolean[] betweenAnds(List<Token> tokens) {
    boolean[] betweenAnd = new boolean[tokens.size()];
    List<Boolean> open = new ArrayList<>();
    open.add(false);
    for (int i = 0; i < tokens.size(); i++) {
      Token token = tokens.get(i);
      int depth = open.size() - 1;
      if (token.isOperator("(")) {
        open.add(false);
      } else if (token.isOperator(")") && depth > 0) {
        open.remove(depth);
      } else if (token.isWord("BETWEEN")) {
        open.set(depth, true);
      } else if (token.isWord("AND") && open.get(depth)) {
        betweenAnd[i] = true;
        open.set(depth, false);
      }
    }
    return betweenAnd;
  }

  /**
   * How often each column name is compared with something in the text: next to a comparison
   * operator, or before IN, BETWEEN, LIKE, IS and their kind. A name counts however it is
   * qualified or quoted.
   */
  private static Map<String, Integer> comparedColumns(List<Token> tokens) {
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < tokens.size(); i++) {
      Token token = tokens.get(i);
      if (!isName(token) || i + 1 < tokens.size() && tokens.get(i + 1).isOperator(".")) {
        continue;
      }
      boolean before = i > 0 && isComparison(tokens.get(i - 1));
      boolean after = i + 1 < tokens.size() && (isComparison(tokens.get(i + 1))
          || tokens.get(i + 1).kind() == Kind.WORD && COMPARING_WORDS.contains(upper(tokens.get(i + 1))));
      if (before || after) {
        counts.merge(name(token), 1, Integer::sum);
      }
    }
    return counts;
  }

  private static boolean isComparison(Token token) {
    return token.kind() == Kind.OPERATOR && COMPARISONS.contains(token.text());
  }

  /** A name as it names a column: a quoted name without its quotes. */
  private static String name(Token token) {
    if (token.kind() == Kind.QUOTED) {
      String text = token.text();
      return text.substring(1, text.length() - 1).replace("\"\"", "\"");
    }
    return token.text();
  }

  private static String upper(Token token) {
    return token.text().toUpperCase(java.util.Locale.ROOT);
  }

  /** The values of the lifted literals, in marker order. */
  public List<Object> values() {
    List<Object> values = new ArrayList<>(literals.size());
    for (LiftedLiteral literal : literals) {
      values.add(literal.value());
    }
    return values;
  }
}
