package dev.keycond.planner.shape;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Splits a statement's text into the tokens a shape is read from: words, quoted names, string and
 * number literals, {@code ?} markers and operators. White space and comments separate tokens and
 * are dropped; the shape keeps the text around the literals as it is, so they need no token.
 */
final class ShapeLexer {
  enum Kind {
    /** A name or a keyword, unquoted. */
    WORD,
    /** A name in double quotes. */
    QUOTED,
    /** A string literal in single quotes. */
    STRING,
    /** An exact number: digits, with a fraction or without; never a sign or an exponent. */
    NUMBER,
    /** A number with an exponent ({@code 1E5}), which SQL types as approximate. */
    APPROXIMATE,
    /** A {@code ?} marker. */
    MARKER,
    /** Anything else: an operator or punctuation, one to two characters. */
    OPERATOR
  }

  /**
   * @param start the first character in the text
   * @param end one past the last character
   */
  record Token(Kind kind, int start, int end, String text) {
    boolean isWord(String word) {
      return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    boolean isOperator(String operator) {
      return kind == Kind.OPERATOR && text.equals(operator);
    }
  }

  private static final List<String> TWO_CHARACTER_OPERATORS = List.of("<=", ">=", "<>", "!=", "||", "::", "=>");

  private final String sql;
  private int at;

  private ShapeLexer(String sql) {
    this.sql = sql;
  }

  /** The tokens of the text; empty when a literal, a quoted name or a comment is not closed. */
  static Optional<List<Token>> tokens(String sql) {
    return new ShapeLexer(sql).all();
  }

  private Optional<List<Token>> all() {
    List<Token> tokens = new ArrayList<>();
    while (at < sql.length()) {
      char c = sql.charAt(at);
      if (Character.isWhitespace(c)) {
        at++;
        continue;
      }
      if (sql.startsWith("--", at)) {
        int newline = sql.indexOf('\n', at);
        at = newline < 0 ? sql.length() : newline + 1;
        continue;
      }
      if (sql.startsWith("/*", at)) {
        int close = sql.indexOf("*/", at + 2);
        if (close < 0) {
          return Optional.empty();
        }
        at = close + 2;
        continue;
      }
      int start = at;
      Kind kind;
      if (c == '\'' || c == '"') {
        if (!skipQuoted(c)) {
          return Optional.empty();
        }
        kind = c == '\'' ? Kind.STRING : Kind.QUOTED;
      } else if (isDigit(c) || c == '.' && at + 1 < sql.length() && isDigit(sql.charAt(at + 1))) {
        kind = number();
      } else if (Character.isLetter(c) || c == '_' || c == '$') {
        while (at < sql.length() && isWordPart(sql.charAt(at))) {
          at++;
        }
        kind = Kind.WORD;
      } else if (c == '?') {
        at++;
        kind = Kind.MARKER;
      } else {
        boolean two = at + 1 < sql.length() && TWO_CHARACTER_OPERATORS.contains(sql.substring(at, at + 2));
        at += two ? 2 : 1;
        kind = Kind.OPERATOR;
      }
      tokens.add(new Token(kind, start, at, sql.substring(start, at)));
    }
    return Optional.of(tokens);
  }

  /** Moves past a quoted literal or name, whose quote is written twice inside it; false when it is not closed. */
  private boolean skipQuoted(char quote) {
    at++;
    while (at < sql.length()) {
      if (sql.charAt(at) == quote) {
        if (at + 1 < sql.length() && sql.charAt(at + 1) == quote) {
          at += 2;
          continue;
        }
        at++;
        return true;
      }
      at++;
    }
    return false;
  }

  private Kind number() {
    while (at < sql.length() && isDigit(sql.charAt(at))) {
      at++;
    }
    if (at < sql.length() && sql.charAt(at) == '.') {
      at++;
      while (at < sql.length() && isDigit(sql.charAt(at))) {
        at++;
      }
    }
    if (at < sql.length() && (sql.charAt(at) == 'e' || sql.charAt(at) == 'E')) {
      int exponent = at + 1;
      if (exponent < sql.length() && (sql.charAt(exponent) == '+' || sql.charAt(exponent) == '-')) {
        exponent++;
      }
      if (exponent < sql.length() && isDigit(sql.charAt(exponent))) {
        at = exponent;
        while (at < sql.length() && isDigit(sql.charAt(at))) {
          at++;
        }
        return Kind.APPROXIMATE;
      }
    }
    return Kind.NUMBER;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isWordPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
