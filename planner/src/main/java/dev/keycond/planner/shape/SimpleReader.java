package dev.keycond.planner.shape;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.shape.ShapeLexer.Kind;
import dev.keycond.planner.shape.ShapeLexer.Token;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads the tokens of a simple statement ({@link SimpleSelect}, {@link SimpleInsert},
 * {@link SimpleChange}) in order: any token out of place ends the reading with nothing, and the text is then planned by Calcite,
 * which also says what is wrong with it. What the simple statements share is read here once: their
 * names, values and WHERE clause, and whether Calcite's parser would split the text alike.
 */
final class SimpleReader {
  /** Calcite's longest name; a longer one is an error there. */
  private static final int LONGEST_NAME = 128;

  private final List<Token> tokens;
  private int at;
  private int markers;

  private SimpleReader(List<Token> tokens) {
    this.tokens = tokens;
  }

  /**
   * The text read as {@code statement} reads it, when that reading takes every token and Calcite's
   * parser would split the text into the same tokens.
   */
  static <T> Optional<T> read(String sql, Function<SimpleReader, Optional<T>> statement) {
    if (sql.contains("/*+")) {
      // A hint, to Calcite's parser; the lexer takes it for a comment.
      return Optional.empty();
    }
    // Most texts that are not one end at their first token; only those read as one are checked further.
    return ShapeLexer.tokens(sql).flatMap(tokens -> {
      SimpleReader reader = new SimpleReader(tokens);
      return statement.apply(reader).filter(read -> reader.at == tokens.size() && readAsCalcite(sql, tokens));
    });
  }

  /**
   * Whether Calcite's parser would split the text into the same tokens: its words are ASCII (Java
   * takes {@code LıKE} for {@code LIKE} when it ignores case, Calcite takes it for a name), and
   * between them there is only what Calcite skips, its white space and comments (a vertical tab is
   * white space to Java and an error to Calcite; a carriage return ends a {@code --} comment there,
   * and a comment right after a {@code *} is not one).
   */
  private static boolean readAsCalcite(String sql, List<Token> tokens) {
    int from = 0;
    for (Token token : tokens) {
      if (!skipped(sql, from, token.start())
          || token.kind() == Kind.WORD && !token.text().chars().allMatch(c -> c < 0x80)) {
        return false;
      }
      from = token.end();
    }
    return skipped(sql, from, sql.length());
  }

  /** Whether the text between two tokens is white space and comments to Calcite. */
  private static boolean skipped(String sql, int from, int to) {
    int at = from;
    while (at < to) {
      char c = sql.charAt(at);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        at++;
      } else if (sql.startsWith("--", at)) {
        int newline = sql.indexOf('\n', at);
        int end = newline < 0 || newline > to ? to : newline;
        if (sql.substring(at, end).indexOf('\r') >= 0) {
          return false;
        }
        at = end;
      } else if (sql.startsWith("/*", at) && sql.indexOf("*/", at + 2) >= 0
          && (at == 0 || sql.charAt(at - 1) != '*')) {
        // After a '*', Calcite reads "*/" as a token: SELECT */**/ is an error there.
        at = sql.indexOf("*/", at + 2) + 2;
      } else {
        return false;
      }
    }
    return true;
  }

  /** {@code comparison [AND comparison]...}: a WHERE clause's conditions, after its WHERE. */
  Optional<ImmutableList<Comparison>> conditions() {
    ImmutableList.Builder<Comparison> where = ImmutableList.builder();
    do {
      Optional<Comparison> comparison = comparison();
      if (comparison.isEmpty()) {
        return Optional.empty();
      }
      where.add(comparison.get());
    } while (word("AND"));
    return Optional.of(where.build());
  }

  private Optional<Comparison> comparison() {
    Optional<String> column = name();
    if (column.isEmpty() || at >= tokens.size()) {
      return Optional.empty();
    }
    Token token = tokens.get(at++);
    Comparison.Operator operator;
    if (token.isWord("LIKE")) {
      operator = Comparison.Operator.LIKE;
    } else if (token.kind() == Kind.OPERATOR) {
      switch (token.text()) {
        case "=" -> operator = Comparison.Operator.EQUALS;
        case "<" -> operator = Comparison.Operator.LESS_THAN;
        case "<=" -> operator = Comparison.Operator.LESS_THAN_OR_EQUAL;
        case ">" -> operator = Comparison.Operator.GREATER_THAN;
        case ">=" -> operator = Comparison.Operator.GREATER_THAN_OR_EQUAL;
        default -> {
          return Optional.empty();
        }
      }
    } else {
      return Optional.empty();
    }
    return value().filter(value -> operator != Comparison.Operator.LIKE || !(value instanceof Value.Integer))
        .map(value -> new Comparison(column.get(), operator, value));
  }

  /** A string, an integer in digits alone, or a marker. */
  Optional<Value> value() {
    if (at >= tokens.size()) {
      return Optional.empty();
    }
    Token token = tokens.get(at++);
    switch (token.kind()) {
      case STRING:
        return Optional.of(new Value.Text(unquoted(token.text())));
      case MARKER:
        return Optional.of(new Value.Marker(markers++));
      case NUMBER:
        // Digits alone, without leading zeros: Calcite types them as they read (INTEGER, BIGINT).
        boolean digits = token.text().chars().allMatch(c -> c >= '0' && c <= '9')
            && (token.text().length() == 1 || token.text().charAt(0) != '0');
        return digits ? Optional.of(new Value.Integer(token.text())) : Optional.empty();
      default:
        return Optional.empty();
    }
  }

  /** A name: an ASCII word Calcite does not reserve, or a quoted name of ASCII letters. */
  Optional<String> name() {
    if (at >= tokens.size()) {
      return Optional.empty();
    }
    Token token = tokens.get(at);
    String name;
    if (token.kind() == Kind.WORD && !ReservedWords.contains(token.text())) {
      name = token.text();
    } else if (token.kind() == Kind.QUOTED) {
      name = unquoted(token.text());
    } else {
      return Optional.empty();
    }
    if (name.isEmpty() || name.length() > LONGEST_NAME || !name.chars().allMatch(c -> c >= ' ' && c < 0x7f)) {
      return Optional.empty();
    }
    at++;
    return Optional.of(name);
  }

  /** Whether the next token is the word, which is then read. */
  boolean word(String word) {
    if (at < tokens.size() && tokens.get(at).isWord(word)) {
      at++;
      return true;
    }
    return false;
  }

  /** Whether the next token is the operator, which is then read. */
  boolean operator(String operator) {
    if (at < tokens.size() && tokens.get(at).isOperator(operator)) {
      at++;
      return true;
    }
    return false;
  }

  /** A quoted token's text without its quotes, each doubled quote inside it made one. */
  private static String unquoted(String quoted) {
    String quote = quoted.substring(0, 1);
    return quoted.substring(1, quoted.length() - 1).replace(quote + quote, quote);
  }
}
