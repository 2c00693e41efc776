package dev.keycond.planner.plan;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.regex.Pattern;

/**
 * A SQL LIKE pattern read with its ESCAPE character. It is the one place that decides what a
 * pattern means and whether it is valid, for the key condition (its literal prefix) and for the
 * driver's own evaluation (its regular expression) alike, so that both refuse the same patterns
 * with the same SQLStates.
 *
 * @param prefix the characters every match starts with, read up to the first unescaped wildcard
 * @param prefixOnly true when the rest of the pattern is a single {@code %}, so that "starts with
 *     prefix" is the whole condition
 * @param wildcardFree true when the pattern has no wildcard at all, so LIKE means equality
 * @param regex the whole pattern as a regular expression, to be compiled with the flags of LIKE or ILIKE
 */
public record LikePattern(String prefix, boolean prefixOnly, boolean wildcardFree, String regex) {

  /**
   * @param escape the text of the ESCAPE clause, or null when there is none
   * @throws KeycondException 22019 when the ESCAPE clause is not a single character; 22025 when the
   *     escape character ends the pattern or precedes anything but a wildcard or itself
   */
  public static LikePattern parse(String pattern, String escape) {
    int escapeCharacter = escapeCharacter(escape);
    StringBuilder prefix = new StringBuilder();
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    boolean wildcardSeen = false;
    boolean prefixOnly = false;
    int i = 0;
    while (i < pattern.length()) {
      int c = pattern.codePointAt(i);
      i += Character.charCount(c);
      if (c == escapeCharacter) {
        if (i >= pattern.length()) {
          throw new KeycondException(SqlState.INVALID_ESCAPE_SEQUENCE, "LIKE pattern '" + pattern
              + "' ends with its escape character '" + escape + "'; write '" + escape + escape
              + "' for the character itself");
        }
        c = pattern.codePointAt(i);
        i += Character.charCount(c);
        if (c != '%' && c != '_' && c != escapeCharacter) {
          throw new KeycondException(SqlState.INVALID_ESCAPE_SEQUENCE, "LIKE pattern '" + pattern + "' escapes '"
              + new String(Character.toChars(c)) + "'; only %, _ and the escape character itself can be escaped");
        }
      } else if (c == '%' || c == '_') {
        if (!wildcardSeen) {
          wildcardSeen = true;
          prefixOnly = c == '%' && i == pattern.length();
        }
        appendLiteral(regex, literal);
        regex.append(c == '%' ? ".*" : ".");
        continue;
      }
      literal.appendCodePoint(c);
      if (!wildcardSeen) {
        prefix.appendCodePoint(c);
      }
    }
    appendLiteral(regex, literal);
    return new LikePattern(prefix.toString(), prefixOnly, !wildcardSeen, regex.toString());
  }

  /**
   * The escape character of an ESCAPE clause, or -1 for none.
   *
   * @param escape the text of the ESCAPE clause, or null when there is none
   * @throws KeycondException 22019 when it is not a single character
   */
  public static int escapeCharacter(String escape) {
    if (escape == null) {
      return -1;
    }
    if (escape.codePointCount(0, escape.length()) != 1) {
      throw new KeycondException(SqlState.INVALID_ESCAPE_CHARACTER,
          "The ESCAPE clause of LIKE takes a single character, not '" + escape + "'");
    }
    return escape.codePointAt(0);
  }

  private static void appendLiteral(StringBuilder regex, StringBuilder literal) {
    if (literal.length() > 0) {
      regex.append(Pattern.quote(literal.toString()));
      literal.setLength(0);
    }
  }
}
