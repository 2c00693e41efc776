package dev.keycond.jdbc;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A name pattern of a DatabaseMetaData call: {@code %} matches any run of characters, {@code _}
 * any one character, and {@value #ESCAPE} makes the next character literal. Null matches every
 * name. Matching is case-sensitive, as keycond's identifiers are.
 */
final class NamePattern {
  /** What {@link java.sql.DatabaseMetaData#getSearchStringEscape()} reports. */
  static final String ESCAPE = "\\";

  private NamePattern() {}

  static Predicate<String> of(String pattern) {
    if (pattern == null) {
      return name -> true;
    }
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == ESCAPE.charAt(0) && i + 1 < pattern.length()) {
        regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    Pattern compiled = Pattern.compile(regex.toString(), Pattern.DOTALL);
    return name -> name != null && compiled.matcher(name).matches();
  }

  /**
   * A name argument that JDBC defines as an exact name, such as the table of getPrimaryKeys.
   * Tools also pass patterns there (DBeaver asks for the keys of {@code %}), so a name that
   * matches no object exactly is read as a pattern.
   */
  static Predicate<String> ofName(String name, Iterable<String> existing) {
    if (name != null) {
      for (String candidate : existing) {
        if (candidate.equals(name)) {
          return name::equals;
        }
      }
    }
    return of(name);
  }
}
