package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A request's ExpressionAttributeNames and ExpressionAttributeValues. DynamoDB rejects a request
 * that carries a placeholder none of its expressions uses, so a request is built only with
 * exactly the placeholders its expressions use.
 *
 * @param names placeholder ({@code #a0}) to attribute name
 * @param values placeholder ({@code :v0}) to value
 */
public record ExpressionAttributes(ImmutableMap<String, String> names, ImmutableMap<String, RequestValue> values) {
  public static final ExpressionAttributes NONE = new ExpressionAttributes(ImmutableMap.of(), ImmutableMap.of());
  private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

  /**
   * Checks that the expressions use every placeholder, and use no other.
   *
   * @throws IllegalArgumentException naming the placeholder, which is a bug in request building
   */
  @SafeVarargs
  final void checkUsedExactlyBy(Optional<String>... expressions) {
    Map<String, Boolean> used = new LinkedHashMap<>();
    names.keySet().forEach(n -> used.put(n, false));
    values.keySet().forEach(v -> used.put(v, false));
    for (Optional<String> expression : expressions) {
      if (expression.isEmpty()) {
        continue;
      }
      Matcher m = PLACEHOLDER.matcher(expression.get());
      while (m.find()) {
        if (used.replace(m.group(), true) == null) {
          throw new IllegalArgumentException("expression '" + expression.get() + "' uses " + m.group()
              + ", which the request does not define");
        }
      }
    }
    used.forEach((placeholder, isUsed) -> {
      if (!isUsed) {
        throw new IllegalArgumentException("placeholder " + placeholder + " is used by no expression");
      }
    });
  }

  /** The names as the SDK takes them; null when there are none, which DynamoDB requires. */
  Map<String, String> sdkNames() {
    return names.isEmpty() ? null : names;
  }

  /** The values as the SDK takes them; null when there are none, which DynamoDB requires. */
  Map<String, AttributeValue> sdkValues() {
    return values.isEmpty() ? null : RequestValue.bind(values);
  }
}
