package dev.keycond.sqltests.fuzz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

/**
 * A value as SQL text and as the JDBC value a PreparedStatement sets for it.
 *
 * @param sql the literal, such as {@code 'ann'}, {@code 2.5E1} or {@code 99999999999999999999}
 * @param value a String or a BigDecimal
 */
record Literal(String sql, Object value) {
  static Literal of(String text) {
    return new Literal("'" + text.replace("'", "''") + "'", text);
  }

  /** Whether the value is a number, or text that is valid Unicode (no lone surrogate), which the reference can hold. */
  boolean validUnicode() {
    return !(value instanceof String text) || text.codePoints().noneMatch(c -> c >= Character.MIN_SURROGATE
        && c <= Character.MAX_SURROGATE);
  }

  /** The literal as the reference engine reads it: text {@link ReferenceText encoded}. */
  String referenceSql() {
    return value instanceof String text ? "'" + ReferenceText.encode(text).replace("'", "''") + "'" : sql;
  }

  static Literal of(BigDecimal number, String sql) {
    return new Literal(sql, number);
  }

  static Literal of(BigDecimal number) {
    return new Literal(number.toPlainString(), number);
  }

  /**
   * A number written plainly, with trailing zeros, or with an exponent; the exponent form only for
   * values that a DOUBLE holds exactly, where an approximate literal and the exact number agree.
   */
  static Literal number(BigDecimal n, Random random) {
    int form = random.nextInt(6);
    if (form == 0) {
      return of(n, n.setScale(Math.max(n.scale(), 0) + 1).toPlainString());
    }
    if (form == 1 && n.compareTo(new BigDecimal(new BigDecimal(n.doubleValue()).toString())) == 0
        && n.precision() <= 15) {
      return of(n, scientific(n));
    }
    return of(n);
  }

  /**
   * A number in exponent form ({@code 2.5E-3}): read as a DOUBLE by SQL, whose shortest decimal
   * form is the number itself, so the exact value it means is not in doubt.
   */
  static Literal scientific(BigDecimal n, String why) {
    if (BigDecimal.valueOf(n.doubleValue()).compareTo(n) != 0) {
      throw new IllegalArgumentException(n + " has no exact shortest DOUBLE form (" + why + ")");
    }
    return of(n, scientific(n));
  }

  private static String scientific(BigDecimal n) {
    if (n.signum() == 0) {
      return "0E0";
    }
    BigDecimal stripped = n.stripTrailingZeros();
    BigInteger unscaled = stripped.unscaledValue().abs();
    String digits = unscaled.toString();
    int exponent = digits.length() - 1 - stripped.scale();
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return (n.signum() < 0 ? "-" : "") + mantissa + "E" + exponent;
  }
}
