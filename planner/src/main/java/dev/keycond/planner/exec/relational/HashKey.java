package dev.keycond.planner.exec.relational;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/**
 * Values as SQL groups, de-duplicates and joins them: numbers that are numerically equal are one
 * key whatever their Java type or scale (1, 1L, 1.0, 1.00), and NULL equals NULL. Joins leave out
 * NULL keys themselves before they make a key.
 */
final class HashKey {
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private final Object[] values;
  private final int hash;

  private HashKey(Object[] values) {
    this.values = values;
    this.hash = Arrays.hashCode(values);
  }

  /** The key of some columns of a row. */
  static HashKey of(Object[] row, int[] columns) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = normalize(row[columns[i]]);
    }
    return new HashKey(values);
  }

  /** The key of a whole row. */
  static HashKey of(Object[] row) {
    Object[] values = new Object[row.length];
    for (int i = 0; i < row.length; i++) {
      values[i] = normalize(row[i]);
    }
    return new HashKey(values);
  }

  /** One object per numeric value: a Long when it is whole and fits, else a BigDecimal without trailing zeros. */
  private static Object normalize(Object value) {
    if (value instanceof Integer || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigDecimal d) {
      return normalize(d);
    }
    if (value instanceof Double d) {
      return Double.isFinite(d) ? normalize(BigDecimal.valueOf(d)) : d;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(HashKey::normalize).toList();
    }
    return value;
  }

  private static Object normalize(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    if (stripped.scale() <= 0 && stripped.compareTo(LONG_MIN) >= 0 && stripped.compareTo(LONG_MAX) <= 0) {
      return stripped.longValue();
    }
    return stripped;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof HashKey key && hash == key.hash && Arrays.equals(values, key.values);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
