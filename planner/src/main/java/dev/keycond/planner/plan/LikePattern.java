package dev.keycond.planner.plan;

/**
 * The literal prefix of a SQL LIKE pattern, read up to the first unescaped wildcard.
 *
 * @param prefix the characters every match starts with
 * @param prefixOnly true when the rest of the pattern is a single {@code %}, so that "starts with
 *     prefix" is the whole condition
 * @param wildcardFree true when the pattern has no wildcard at all, so LIKE means equality
 */
public record LikePattern(String prefix, boolean prefixOnly, boolean wildcardFree) {

  /**
   * @param escape the ESCAPE character, or null
   * @throws IllegalArgumentException for an escape character followed by anything but a wildcard or itself
   */
  public static LikePattern parse(String pattern, Character escape) {
    StringBuilder prefix = new StringBuilder();
    int i = 0;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      if (escape != null && c == escape) {
        if (i + 1 >= pattern.length()) {
          throw new IllegalArgumentException("LIKE pattern '" + pattern + "' ends with its escape character");
        }
        char next = pattern.charAt(i + 1);
        if (next != '%' && next != '_' && next != escape) {
          throw new IllegalArgumentException("LIKE pattern '" + pattern + "' escapes '" + next
              + "'; only %, _ and the escape character itself can be escaped");
        }
        prefix.append(next);
        i += 2;
        continue;
      }
      if (c == '%' || c == '_') {
        boolean prefixOnly = c == '%' && i == pattern.length() - 1;
        return new LikePattern(prefix.toString(), prefixOnly, false);
      }
      prefix.append(c);
      i++;
    }
    return new LikePattern(prefix.toString(), false, true);
  }
}
