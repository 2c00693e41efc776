package dev.keycond.sqltests.harness;

import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Renders DynamoDB expressions and values as readable text for test assertions, with every
 * {@code #name} and {@code :value} placeholder replaced by what it stands for, e.g.
 * {@code PK = 'DRIVE#a91' AND begins_with(SK, 'root/photos/')}.
 *
 * <p>Values: S as {@code 'text'} (a quote inside doubled, as in SQL), N as its digits, B as
 * hexadecimal {@code X'cafe'}, BOOL as {@code true}/{@code false}, NULL as {@code NULL}, L as
 * {@code [a, b]}, M as {@code {k: v}} with keys sorted, and the sets SS, NS and BS as
 * {@code <<a, b>>}. Names are inserted verbatim; an unknown placeholder is left as it is.
 */
public final class ExpressionRenderer {
  /**
   * A placeholder is the whole run of word characters after '#' or ':', so ':k1' is never found
   * inside ':k10'. The text substituted in is not searched again, so a value such as 'DRIVE#a91'
   * stays intact.
   */
  private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

  private static final HexFormat HEX = HexFormat.of();

  private ExpressionRenderer() {}

  /** Returns null for a null expression, so absent expressions stay absent. */
  public static String render(
      String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    if (expression == null) {
      return null;
    }
    return PLACEHOLDER.matcher(expression).replaceAll(match -> {
      String token = match.group();
      String replacement = token.startsWith("#")
          ? names.getOrDefault(token, token)
          : values.containsKey(token) ? value(values.get(token)) : token;
      return Matcher.quoteReplacement(replacement);
    });
  }

  public static String value(AttributeValue value) {
    return switch (value.type()) {
      case S -> quote(value.s());
      case N -> value.n();
      case B -> binary(value.b());
      case BOOL -> value.bool().toString();
      case NUL -> "NULL";
      case SS -> set(value.ss().stream().map(ExpressionRenderer::quote));
      case NS -> set(value.ns().stream());
      case BS -> set(value.bs().stream().map(ExpressionRenderer::binary));
      case L -> value.l().stream()
          .map(ExpressionRenderer::value)
          .collect(Collectors.joining(", ", "[", "]"));
      case M -> map(value.m());
      case UNKNOWN_TO_SDK_VERSION -> value.toString();
    };
  }

  /** An item or key as {@code {PK: 'X', SK: 'a/1'}}, attributes sorted by name. */
  public static String map(Map<String, AttributeValue> attributes) {
    return new TreeMap<>(attributes).entrySet().stream()
        .map(entry -> entry.getKey() + ": " + value(entry.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private static String binary(SdkBytes bytes) {
    return "X'" + HEX.formatHex(bytes.asByteArrayUnsafe()) + "'";
  }

  private static String set(Stream<String> elements) {
    return elements.collect(Collectors.joining(", ", "<<", ">>"));
  }
}
