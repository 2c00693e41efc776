package dev.keycond.planner.shape;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.shape.ShapeLexer.Kind;
import dev.keycond.planner.shape.ShapeLexer.Token;
import java.util.List;
import java.util.Optional;

/**
 * A SELECT of columns of one table, under comparisons of its columns with values joined by AND:
 * the form of a point read, and of a prefix or range Query, the statements that are planned
 * without Calcite's parser, validator and converter. Read with the shape's lexer; a text of any
 * other form, or one this reading might take otherwise than Calcite's parser, is not one, and is
 * planned by Calcite, which also says what is wrong with it.
 *
 * <pre>
 * SELECT { * | name [, name]... } FROM name
 *   [ WHERE name { = | &lt; | &lt;= | &gt; | &gt;= | LIKE } value [ AND ... ]... ]
 * </pre>
 *
 * where a name is a word that Calcite does not reserve, or a quoted name, and a value is a string,
 * an integer written in digits alone, or a {@code ?} marker (LIKE takes a string or a marker).
 *
 * @param columns the names of the select list, or empty for {@code *}
 */
public record SimpleSelect(String table, Optional<ImmutableList<String>> columns, ImmutableList<Comparison> where) {

  /** Calcite's longest name; a longer one is an error there. */
  private static final int LONGEST_NAME = 128;

  public SimpleSelect {
    columns.ifPresent(c -> {
      if (c.isEmpty() || c.size() != c.stream().distinct().count()) {
        throw new IllegalArgumentException("a select list of distinct names, not " + c);
      }
    });
  }

  /** The comparison operators of a condition. */
  public enum Operator {
    EQUALS,
    LESS_THAN,
    LESS_THAN_OR_EQUAL,
    GREATER_THAN,
    GREATER_THAN_OR_EQUAL,
    LIKE
  }

  /** A column compared with a value. */
  public record Comparison(String column, Operator operator, Value value) {}

  /** What a column is compared with. */
  public sealed interface Value {
    <R> R accept(Visitor<R> visitor);

    /** A string literal, its quotes taken off. */
    record Text(String text) implements Value {
      @Override
      public <R> R accept(Visitor<R> visitor) {
        return visitor.text(text);
      }
    }

    /** An integer literal, in its digits. */
    record Integer(String digits) implements Value {
      @Override
      public <R> R accept(Visitor<R> visitor) {
        return visitor.integer(digits);
      }
    }

    /** The {@code index}-th (0-based) {@code ?} marker of the text. */
    record Marker(int index) implements Value {
      @Override
      public <R> R accept(Visitor<R> visitor) {
        return visitor.marker(index);
      }
    }

    /** Something done with each kind of value. */
    interface Visitor<R> {
      R text(String text);

      R integer(String digits);

      R marker(int index);
    }
  }

  /** The text as a simple SELECT, or empty when it is not one. */
  public static Optional<SimpleSelect> of(String sql) {
    if (sql.contains("/*+")) {
      // A hint, to Calcite's parser; the lexer takes it for a comment.
      return Optional.empty();
    }
    // Most texts that are not one end at their first token; only those read as one are checked further.
    return ShapeLexer.tokens(sql)
        .flatMap(tokens -> new Reader(tokens).select().filter(select -> readAsCalcite(sql, tokens)));
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

  /** Reads the tokens in order; any token out of place ends the reading with nothing. */
  private static final class Reader {
    private final List<Token> tokens;
    private int at;
    private int markers;

    Reader(List<Token> tokens) {
      this.tokens = tokens;
    }

    Optional<SimpleSelect> select() {
      if (!word("SELECT")) {
        return Optional.empty();
      }
      Optional<ImmutableList<String>> columns;
      if (operator("*")) {
        columns = Optional.empty();
      } else {
        ImmutableList.Builder<String> names = ImmutableList.builder();
        do {
          Optional<String> name = name();
          if (name.isEmpty()) {
            return Optional.empty();
          }
          names.add(name.get());
        } while (operator(","));
        columns = Optional.of(names.build());
        if (columns.get().size() != columns.get().stream().distinct().count()) {
          return Optional.empty();
        }
      }
      if (!word("FROM")) {
        return Optional.empty();
      }
      Optional<String> table = name();
      if (table.isEmpty()) {
        return Optional.empty();
      }
      ImmutableList.Builder<Comparison> where = ImmutableList.builder();
      if (word("WHERE")) {
        do {
          Optional<Comparison> comparison = comparison();
          if (comparison.isEmpty()) {
            return Optional.empty();
          }
          where.add(comparison.get());
        } while (word("AND"));
      }
      return at == tokens.size() ? Optional.of(new SimpleSelect(table.get(), columns, where.build()))
          : Optional.empty();
    }

    private Optional<Comparison> comparison() {
      Optional<String> column = name();
      if (column.isEmpty() || at >= tokens.size()) {
        return Optional.empty();
      }
      Token token = tokens.get(at++);
      Operator operator;
      if (token.isWord("LIKE")) {
        operator = Operator.LIKE;
      } else if (token.kind() == Kind.OPERATOR) {
        switch (token.text()) {
          case "=" -> operator = Operator.EQUALS;
          case "<" -> operator = Operator.LESS_THAN;
          case "<=" -> operator = Operator.LESS_THAN_OR_EQUAL;
          case ">" -> operator = Operator.GREATER_THAN;
          case ">=" -> operator = Operator.GREATER_THAN_OR_EQUAL;
          default -> {
            return Optional.empty();
          }
        }
      } else {
        return Optional.empty();
      }
      return value(operator).map(value -> new Comparison(column.get(), operator, value));
    }

    private Optional<Value> value(Operator operator) {
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
          return digits && operator != Operator.LIKE ? Optional.of(new Value.Integer(token.text())) : Optional.empty();
        default:
          return Optional.empty();
      }
    }

    /** A name: an ASCII word Calcite does not reserve, or a quoted name of ASCII letters. */
    private Optional<String> name() {
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

    private boolean word(String word) {
      if (at < tokens.size() && tokens.get(at).isWord(word)) {
        at++;
        return true;
      }
      return false;
    }

    private boolean operator(String operator) {
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
}
