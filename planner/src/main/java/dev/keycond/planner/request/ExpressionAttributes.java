package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A request's ExpressionAttributeNames and ExpressionAttributeValues. DynamoDB rejects a request
 * that carries a placeholder none of its expressions uses, so a request is built only with
 * exactly the placeholders its expressions use.
 *
 * <p>A request re-bound from a template (the same expressions and placeholders, other values)
 * carries the expressions its template was checked against, so that it is not checked again: the
 * check reads only the placeholders, which binding leaves as they are. Two values are equal when
 * their names and values are; what they were checked against is no part of them.
 */
public final class ExpressionAttributes {
  public static final ExpressionAttributes NONE = new ExpressionAttributes(ImmutableMap.of(), ImmutableMap.of());
  private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

  private final ImmutableMap<String, String> names;
  private final ImmutableMap<String, RequestValue> values;
  /** The expressions these placeholders are known to be used exactly by; empty when not known. */
  private final List<Optional<String>> checkedAgainst;

  /**
   * @param names placeholder ({@code #a0}) to attribute name
   * @param values placeholder ({@code :v0}) to value
   */
  public ExpressionAttributes(ImmutableMap<String, String> names, ImmutableMap<String, RequestValue> values) {
    this(names, values, List.of());
  }

  private ExpressionAttributes(ImmutableMap<String, String> names, ImmutableMap<String, RequestValue> values,
      List<Optional<String>> checkedAgainst) {
    this.names = Objects.requireNonNull(names);
    this.values = Objects.requireNonNull(values);
    this.checkedAgainst = checkedAgainst;
  }

  /** Placeholder ({@code #a0}) to attribute name. */
  public ImmutableMap<String, String> names() {
    return names;
  }

  /** Placeholder ({@code :v0}) to value. */
  public ImmutableMap<String, RequestValue> values() {
    return values;
  }

  /**
   * These placeholders with {@code leading} in place of the first values, in placeholder order,
   * known to be used exactly by {@code expressions}: the caller is a request built, and so checked,
   * with these attributes and these expressions.
   *
   * @throws IllegalArgumentException when there are fewer values than {@code leading}
   */
  ExpressionAttributes withLeadingValues(List<RequestValue> leading, List<Optional<String>> expressions) {
    if (leading.size() > values.size()) {
      throw new IllegalArgumentException(leading.size() + " values for " + values.size() + " placeholders");
    }
    ImmutableMap.Builder<String, RequestValue> bound = ImmutableMap.builderWithExpectedSize(values.size());
    int i = 0;
    for (Map.Entry<String, RequestValue> entry : values.entrySet()) {
      bound.put(entry.getKey(), i < leading.size() ? leading.get(i) : entry.getValue());
      i++;
    }
    return new ExpressionAttributes(names, bound.buildOrThrow(), expressions);
  }

  /** These attributes, known to be used exactly by {@code expressions}, as by the request they were checked for. */
  ExpressionAttributes checkedBy(List<Optional<String>> expressions) {
    return new ExpressionAttributes(names, values, expressions);
  }

  /**
   * Checks that the expressions use every placeholder, and use no other; nothing to do when these
   * attributes come from a request checked with the very same expressions.
   *
   * @throws IllegalArgumentException naming the placeholder, which is a bug in request building
   */
  @SafeVarargs
  final void checkUsedExactlyBy(Optional<String>... expressions) {
    if (checkedWith(expressions)) {
      return;
    }
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

  /** Whether these are the expressions (the same texts) that the placeholders were checked against. */
  @SafeVarargs
  private boolean checkedWith(Optional<String>... expressions) {
    if (checkedAgainst.size() != expressions.length) {
      return false;
    }
    for (int i = 0; i < expressions.length; i++) {
      if (!checkedAgainst.get(i).equals(expressions[i])) {
        return false;
      }
    }
    return true;
  }

  /** The names as the SDK takes them; null when there are none, which DynamoDB requires. */
  Map<String, String> sdkNames() {
    return names.isEmpty() ? null : names;
  }

  /** The values as the SDK takes them; null when there are none, which DynamoDB requires. */
  Map<String, AttributeValue> sdkValues() {
    return values.isEmpty() ? null : RequestValue.bind(values);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ExpressionAttributes that && names.equals(that.names) && values.equals(that.values);
  }

  @Override
  public int hashCode() {
    return 31 * names.hashCode() + values.hashCode();
  }

  @Override
  public String toString() {
    return "ExpressionAttributes[names=" + names + ", values=" + values + "]";
  }
}
