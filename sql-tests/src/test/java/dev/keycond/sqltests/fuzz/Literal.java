package dev.keycond.sqltests.fuzz;

import java.math.BigDecimal;

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
}
