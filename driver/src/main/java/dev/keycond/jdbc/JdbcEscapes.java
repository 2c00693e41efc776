package dev.keycond.jdbc;

import dev.keycond.planner.error.SqlState;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;

/**
 * JDBC's escape syntax, turned into the SQL keycond reads before a statement is planned. The SQL
 * parser reads the function and literal escapes itself ({@code {fn UCASE(x)}}, {@code {d '2026-01-01'}},
 * {@code {ts ...}}, {@code {t ...}}), so they are left as written, but for the function's name,
 * which the parser matches in upper case only; the others become their SQL: {@code {oj <join>}} the
 * join, {@code {escape 'c'}} {@code ESCAPE 'c'}, and {@code {limit n offset m}} {@code LIMIT n OFFSET
 * m}, their closing braces a space. Braces inside string literals, quoted names and comments ({@code
 * --} and {@code //} to the end of the line, {@code /* *}{@code /}) are text. A brace that closes
 * nothing, or an escape the parser reads that is not closed, is left for the parser to report; one
 * replaced by SQL that is not closed is a syntax error (42000). {@code {call ...}} is refused:
 * DynamoDB has no procedures.
 */
final class JdbcEscapes {
  /** What an open brace became, so that its closing brace becomes the same. */
  private sealed interface Open {
    /** An escape the parser reads: its braces stay. */
    record Kept() implements Open {}

    /** Escape {@code keyword}, replaced by its SQL: its closing brace becomes a space. */
    record Replaced(String keyword) implements Open {}
  }

  private static final Open KEPT = new Open.Kept();

  private JdbcEscapes() {}

  /**
   * {@code sql} with JDBC's escapes that the parser does not read replaced by their SQL.
   *
   * @throws SQLException 0A000 for a procedure call, 42000 for an escape replaced by SQL that is not closed
   */
  static String translate(String sql) throws SQLException {
    if (sql.indexOf('{') < 0) {
      return sql;
    }
    StringBuilder out = new StringBuilder(sql.length());
    Deque<Open> open = new ArrayDeque<>();
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      int end = quotedOrCommentEnd(sql, i);
      if (end > i) {
        out.append(sql, i, end);
        i = end;
      } else if (c == '{') {
        int word = skipSpaces(sql, i + 1);
        String keyword = keyword(sql, word);
        if (keyword.equals("call") || sql.startsWith("?", word)) {
          throw SqlState.FEATURE_NOT_SUPPORTED.toException("keycond runs no procedures, so JDBC's {call ...} "
              + "escape cannot run: DynamoDB has none. Write the statement it stands for.", null);
        }
        if (keyword.equals("fn")) {
          // The parser finds a JDBC function by its upper-case name: {fn ucase(x)} is {fn UCASE(x)}.
          int name = skipSpaces(sql, word + keyword.length());
          String function = keyword(sql, name);
          open.push(KEPT);
          out.append(sql, i, name).append(function.toUpperCase(Locale.ROOT));
          i = name + function.length();
          continue;
        }
        Optional<String> replacement = switch (keyword) {
          case "oj" -> Optional.of("");
          case "escape" -> Optional.of("ESCAPE");
          case "limit" -> Optional.of("LIMIT");
          default -> Optional.empty();
        };
        if (replacement.isPresent()) {
          open.push(new Open.Replaced(keyword));
          out.append(replacement.get());
          i = word + keyword.length();
        } else {
          open.push(KEPT);
          out.append(c);
          i++;
        }
      } else if (c == '}' && !open.isEmpty()) {
        // A space where a replaced escape closes, so that {oj t}WHERE does not become tWHERE.
        out.append(open.pop() instanceof Open.Kept ? c : ' ');
        i++;
      } else {
        out.append(c);
        i++;
      }
    }
    // A replaced escape's opening brace is gone, so the parser could not tell that it never closes.
    for (Open unclosed : open) {
      if (unclosed instanceof Open.Replaced replaced) {
        throw SqlState.SYNTAX_ERROR.toException("The JDBC escape {" + replaced.keyword() + " ...} is not closed: "
            + "end it with }", null);
      }
    }
    return out.toString();
  }

  /**
   * Where the string literal, quoted name or comment that starts at {@code i} ends (an unclosed one
   * runs to the end of the text); {@code i} itself when none starts there.
   */
  private static int quotedOrCommentEnd(String sql, int i) {
    char c = sql.charAt(i);
    if (c == '\'' || c == '"') {
      int close = SqlTextSpans.closingQuote(sql, i);
      return close < 0 ? sql.length() : close + 1;
    }
    return SqlTextSpans.commentEnd(sql, i);
  }

  private static int skipSpaces(String sql, int i) {
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The word of letters, digits and underscores at {@code i}, in lower case; empty when none starts there. */
  private static String keyword(String sql, int i) {
    int end = i;
    while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
      end++;
    }
    return sql.substring(i, end).toLowerCase(Locale.ROOT);
  }
}
