package dev.keycond.jdbc;

/**
 * Where the spans of SQL text that hold no SQL end: a string literal or a quoted name (a doubled
 * quote inside is the quote itself), and a comment ({@code --} or {@code //} to the end of the
 * line, {@code /* ... *}{@code /}), as keycond's SQL parser reads them. The escape translation and
 * the shell's completion read statements with it.
 */
public final class SqlTextSpans {
  private SqlTextSpans() {}

  /** The index of the quote that closes the one at {@code open} (a doubled quote is text); -1 when none does. */
  public static int closingQuote(String text, int open) {
    char quote = text.charAt(open);
    int i = open + 1;
    while (i < text.length()) {
      if (text.charAt(i) == quote) {
        if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i;
      }
      i++;
    }
    return -1;
  }

  /**
   * Where the comment that starts at {@code i} ends: just past a block comment's close, or at the
   * line end of a line comment (the end of the text when it has none); {@code i} itself when no
   * comment starts there.
   */
  public static int commentEnd(String text, int i) {
    if (text.startsWith("--", i) || text.startsWith("//", i)) {
      int end = i + 2;
      while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
        end++;
      }
      return end;
    }
    if (text.startsWith("/*", i)) {
      int close = text.indexOf("*/", i + 2);
      return close < 0 ? text.length() : close + 2;
    }
    return i;
  }
}
