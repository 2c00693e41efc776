package dev.keycond.sqltests.fuzz;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items in a canonical text, so that two items are equal exactly when DynamoDB holds the same:
 * a number by value ({@code N 100} whether stored as 100, 100.0 or 1E+2), text quoted, long text
 * shortened to its length and ends, attributes in name order.
 */
final class ItemText {
  private ItemText() {}

  static String of(AttributeValue value) {
    if (value == null) {
      return "absent";
    }
    if (value.s() != null) {
      return "S '" + shown(value.s()) + "'";
    }
    if (value.n() != null) {
      BigDecimal n = new BigDecimal(value.n());
      return "N " + (n.signum() == 0 ? "0" : n.stripTrailingZeros().toString());
    }
    return value.toString();
  }

  /**
   * Text as a report shows it: long text shortened to its ends, its length and a hash, a lone
   * surrogate (which no output encoding takes) as {@code \\uD800}.
   */
  static String shown(String text) {
    return escaped(text.length() <= 120 ? text : text.substring(0, 40) + "...(" + text.length() + " chars)..."
        + text.substring(text.length() - 20) + " #" + Integer.toHexString(text.hashCode()));
  }

  /** Text with each lone surrogate as {@code \\uD800}, so that any output encoding takes it. */
  static String escaped(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
          || Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
      out.append(Character.isSurrogate(c) && !paired ? String.format("\\u%04X", (int) c) : String.valueOf(c));
    }
    return out.toString();
  }

  static Map<String, String> of(Map<String, AttributeValue> item) {
    Map<String, String> text = new TreeMap<>();
    if (item != null) {
      item.forEach((name, value) -> text.put(name, of(value)));
    }
    return text;
  }
}
