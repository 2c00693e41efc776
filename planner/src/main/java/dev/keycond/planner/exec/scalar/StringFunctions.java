package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.sql.fun.SqlTrimFunction;

/**
 * Character-string functions. Lengths and positions count characters (Unicode code points), not
 * UTF-16 units, so that a character above U+FFFF is one character, as it is to DynamoDB.
 */
final class StringFunctions {
  private StringFunctions() {}

  /** {@code a || b} on character or binary strings. */
  static Scalar concat(Scalar left, Scalar right) {
    return Strict.of(left, right,
        (a, b) -> a instanceof ByteString bytes ? bytes.concat((ByteString) b) : (String) a + b);
  }

  static Scalar upper(Scalar operand) {
    return Strict.of(operand, value -> ((String) value).toUpperCase(Locale.ROOT));
  }

  static Scalar lower(Scalar operand) {
    return Strict.of(operand, value -> ((String) value).toLowerCase(Locale.ROOT));
  }

  static Scalar charLength(Scalar operand) {
    return Strict.of(operand, value -> length((String) value));
  }

  /**
   * {@code TRIM(flag characters FROM string)}. Every character of {@code characters} is trimmed,
   * as in PostgreSQL; the common single-character case is the same in every dialect.
   */
  static Scalar trim(SqlTrimFunction.Flag flag, Scalar characters, Scalar string) {
    boolean leading = flag.getLeft() == 1;
    boolean trailing = flag.getRight() == 1;
    return Strict.of(characters, string, (c, s) -> trim((String) s, (String) c, leading, trailing));
  }

  /** {@code SUBSTRING(string FROM start [FOR length])}, 1-based; positions before 1 count toward the length. */
  static Scalar substring(List<Scalar> operands) {
    return Strict.of(operands, values -> substring((String) values[0], whole(values[1]),
        values.length > 2 ? whole(values[2]) : Long.MAX_VALUE));
  }

  /** {@code POSITION(search IN string [FROM start])}: the 1-based position of the first match, 0 for none. */
  static Scalar position(List<Scalar> operands) {
    return Strict.of(operands, values -> position((String) values[0], (String) values[1],
        values.length > 2 ? whole(values[2]) : 1));
  }

  static Scalar replace(List<Scalar> operands) {
    return Strict.of(operands, values -> {
      String search = (String) values[1];
      // Java would insert the replacement between every character for an empty search string.
      return search.isEmpty() ? values[0] : ((String) values[0]).replace(search, (String) values[2]);
    });
  }

  /** ASCII: the code of the first character, 0 for an empty string. */
  static Scalar ascii(Scalar operand) {
    return Strict.of(operand, value -> ((String) value).isEmpty() ? 0 : ((String) value).codePointAt(0));
  }

  /** LEFT(string, n): the first n characters, all of them when there are fewer; n below 0 is an error. */
  static Scalar left(Scalar string, Scalar count) {
    return Strict.of(string, count, (s, n) -> substring((String) s, 1, characters(n, "LEFT")));
  }

  /** RIGHT(string, n): the last n characters, all of them when there are fewer; n below 0 is an error. */
  static Scalar right(Scalar string, Scalar count) {
    return Strict.of(string, count, (s, n) -> {
      String text = (String) s;
      long kept = Math.min(characters(n, "RIGHT"), length(text));
      return substring(text, length(text) - kept + 1, kept);
    });
  }

  /**
   * {@code OVERLAY(string PLACING replacement FROM start [FOR length])}, also JDBC's {@code {fn INSERT}}:
   * the string with {@code length} characters from {@code start} (1-based) replaced; the length
   * defaults to the replacement's.
   */
  static Scalar overlay(List<Scalar> operands) {
    return Strict.of(operands, values -> {
      String text = (String) values[0];
      String replacement = (String) values[1];
      long start = whole(values[2]);
      long length = values.length > 3 ? whole(values[3]) : length(replacement);
      if (start < 1 || length < 0) {
        throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "OVERLAY takes a start of 1 or more and a "
            + "length of 0 or more, not " + start + " and " + length);
      }
      return substring(text, 1, start - 1) + replacement
          + substring(text, start + Math.min(length, Integer.MAX_VALUE), Long.MAX_VALUE);
    });
  }

  /** OCTET_LENGTH: the bytes of a binary string (SQL gives it no other). */
  static Scalar octetLength(Scalar operand) {
    return Strict.of(operand, value -> ((ByteString) value).length());
  }

  private static long characters(Object count, String function) {
    long n = whole(count);
    if (n < 0) {
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
          function + " takes a count of characters of 0 or more, not " + n);
    }
    return n;
  }

  private static int length(String s) {
    return s.codePointCount(0, s.length());
  }

  private static long whole(Object number) {
    return ((Number) number).longValue();
  }

  private static String trim(String s, String characters, boolean leading, boolean trailing) {
    int begin = 0;
    int end = s.length();
    while (leading && begin < end && characters.indexOf(s.codePointAt(begin)) >= 0) {
      begin += Character.charCount(s.codePointAt(begin));
    }
    while (trailing && end > begin && characters.indexOf(s.codePointBefore(end)) >= 0) {
      end -= Character.charCount(s.codePointBefore(end));
    }
    return s.substring(begin, end);
  }

  private static String substring(String s, long start, long length) {
    if (length < 0) {
      throw new KeycondException(SqlState.DATA_EXCEPTION, "negative substring length not allowed");
    }
    long count = length(s);
    long end = start > 0 && length > Long.MAX_VALUE - start ? Long.MAX_VALUE : start + length;
    long from = Math.min(Math.max(start, 1), count + 1);
    long to = Math.min(end, count + 1);
    if (to <= from) {
      return "";
    }
    int begin = s.offsetByCodePoints(0, (int) from - 1);
    return s.substring(begin, s.offsetByCodePoints(begin, (int) (to - from)));
  }

  private static int position(String search, String s, long start) {
    long from = Math.max(start, 1);
    if (from > length(s) + 1) {
      return 0;
    }
    int found = s.indexOf(search, s.offsetByCodePoints(0, (int) from - 1));
    return found < 0 ? 0 : s.codePointCount(0, found) + 1;
  }
}
