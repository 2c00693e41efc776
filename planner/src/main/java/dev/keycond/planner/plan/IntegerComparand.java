package dev.keycond.planner.plan;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.mapping.Column;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A number compared with an INTEGER or BIGINT key column. SQL compares numbers by value, so a
 * number the column cannot hold (42.5, or 2^40 for an INTEGER) is still a valid comparand: no row
 * equals it, and as a range bound it is exact as it is on a number (N) key, and holds the same
 * integers as its rounding into the range on a zero-padded slot.
 */
final class IntegerComparand {
  private IntegerComparand() {}

  /** Whether {@code value} is a number compared with an integer column. */
  static boolean applies(Object value, Column column) {
    return column.type().isExactInteger() && value instanceof Number;
  }

  static BigDecimal exact(Object value) {
    return (BigDecimal) SqlValues.coerce(value, SqlTypeName.DECIMAL);
  }

  /** The column's value equal to the number; empty when the column holds none (a fraction, or past its range). */
  static Optional<Object> equalValue(Object value, Column column) {
    BigDecimal n = exact(value);
    try {
      return Optional.of(SqlValues.toColumnValue(n, column.type()));
    } catch (KeycondException noSuchValue) {
      return Optional.empty();
    }
  }

  /**
   * A bound rounded to the nearest integer inside its range: up for a lower bound, down for an
   * upper one. No integer lies between the two, so the range holds the same integers, and reading
   * from the rounded bound inclusively starts at the first one that can match.
   */
  static BigDecimal rounded(BigDecimal bound, KeyPart.Role role) {
    return bound.setScale(0, role.isLowerBound() ? RoundingMode.CEILING : RoundingMode.FLOOR);
  }
}
