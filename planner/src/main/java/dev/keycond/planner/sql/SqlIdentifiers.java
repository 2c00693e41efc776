package dev.keycond.planner.sql;

import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * Names as a statement must write them. keycond's parser keeps the case of every name, quoted or
 * not, so a name needs double quotes only when it is a word SQL reserves ({@code year},
 * {@code value}) or holds a character an unquoted name cannot ({@code files@ByParent}).
 */
public final class SqlIdentifiers {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
  private static final SqlAbstractParserImpl.Metadata WORDS = SqlParser.create("").getMetadata();

  private SqlIdentifiers() {}

  /** The name as SQL text: as it is, or in double quotes (a quote inside doubled). */
  public static String quote(String name) {
    if (PLAIN.matcher(name).matches() && !isReserved(name)) {
      return name;
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** A column as SQL text, qualified by a table name or alias. */
  public static String qualified(String qualifier, String column) {
    return quote(qualifier) + "." + quote(column);
  }

  /** Whether SQL reserves the word, in any case, so that it cannot be a name unless quoted. */
  public static boolean isReserved(String word) {
    return WORDS.isReservedWord(word.toUpperCase(Locale.ROOT));
  }
}
