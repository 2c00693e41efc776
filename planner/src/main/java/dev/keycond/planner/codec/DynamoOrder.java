package dev.keycond.planner.codec;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;

/**
 * DynamoDB's order, for comparisons and sorts keycond does itself: strings by their UTF-8 bytes,
 * binary as unsigned bytes, numbers numerically. A result must not depend on whether a step ran in
 * DynamoDB or in the driver.
 *
 * <p>UTF-8 byte order is code point order, which differs from Java's UTF-16 {@code compareTo} for
 * characters above U+FFFF, so strings are compared code point by code point.
 */
public final class DynamoOrder implements Comparator<Object> {
  public static final DynamoOrder INSTANCE = new DynamoOrder();

  private DynamoOrder() {}

  /** Compares two non-null values of the same SQL type family. */
  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public int compare(Object a, Object b) {
    if (a instanceof String s && b instanceof String t) {
      return compareStrings(s, t);
    }
    if (a instanceof Number x && b instanceof Number y) {
      return compareNumbers(x, y);
    }
    if (a instanceof ByteString x && b instanceof ByteString y) {
      return compareBytes(x.getBytes(), y.getBytes());
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      return compareLists(x, y);
    }
    if (a instanceof Comparable ca && a.getClass() == b.getClass()) {
      return ca.compareTo(b);
    }
    throw new IllegalArgumentException(
        "cannot compare " + a.getClass().getSimpleName() + " with " + b.getClass().getSimpleName());
  }

  public static int compareStrings(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Boolean.compare(i < a.length(), j < b.length());
  }

  public static int compareBytes(byte[] a, byte[] b) {
    return java.util.Arrays.compareUnsigned(a, b);
  }

  private static int compareNumbers(Number a, Number b) {
    if ((a instanceof Integer || a instanceof Long) && (b instanceof Integer || b instanceof Long)) {
      return Long.compare(a.longValue(), b.longValue());
    }
    if (a instanceof Double || b instanceof Double || a instanceof Float || b instanceof Float) {
      return Double.compare(a.doubleValue(), b.doubleValue());
    }
    return toBigDecimal(a).compareTo(toBigDecimal(b));
  }

  private int compareLists(List<?> a, List<?> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      int c = x == null ? (y == null ? 0 : 1) : y == null ? -1 : compare(x, y);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  public static BigDecimal toBigDecimal(Number n) {
    if (n instanceof BigDecimal d) {
      return d;
    }
    if (n instanceof Integer || n instanceof Long) {
      return BigDecimal.valueOf(n.longValue());
    }
    return new BigDecimal(n.toString());
  }
}
