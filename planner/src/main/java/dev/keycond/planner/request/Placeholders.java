package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Allocates the {@code #name} and {@code :value} placeholders of one request. Every attribute name
 * goes through a placeholder, because DynamoDB reserves 573 words (such as {@code size} and
 * {@code path}) that cannot appear bare in an expression.
 */
final class Placeholders {
  private final Map<String, String> names = new LinkedHashMap<>();
  private final Map<String, RequestValue> values = new LinkedHashMap<>();

  String name(String attribute) {
    return names.computeIfAbsent(attribute, a -> "#a" + names.size());
  }

  String value(RequestValue value) {
    String placeholder = ":v" + values.size();
    values.put(placeholder, value);
    return placeholder;
  }

  /** What was allocated, as the request carries it: names by placeholder, values by placeholder. */
  ExpressionAttributes attributes() {
    ImmutableMap.Builder<String, String> byPlaceholder = ImmutableMap.builder();
    names.forEach((attribute, placeholder) -> byPlaceholder.put(placeholder, attribute));
    return new ExpressionAttributes(byPlaceholder.build(), ImmutableMap.copyOf(values));
  }
}
