package dev.keycond.planner.explain;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * A request as AWS SDK for Java v2 code that sends it with a {@code DynamoDbClient client}: the
 * request's builder calls, member by member from the SDK request that is sent, with the same
 * expressions, names and values. It compiles with the imports {@code java.util.List}, {@code
 * java.util.Map}, {@code java.util.Base64} (for binary values), {@code
 * software.amazon.awssdk.core.SdkBytes} and {@code software.amazon.awssdk.services.dynamodb.model.*}.
 */
final class JavaSnippet {
  private static final int INDENT = 4;
  /** A list or map longer than this is written one element a line. */
  private static final int LINE = 100;
  /** Map.of takes at most this many entries; more are written with Map.ofEntries. */
  private static final int MAP_OF_ENTRIES = 10;

  private JavaSnippet() {}

  /** The lines of the statement that sends {@code request}, an {@code operation} such as {@code Query}. */
  static List<String> of(String operation, DynamoDbRequest request) {
    String call = operation + "Response response = client." + lowerCamel(operation) + "(" + pojo(request, 0) + ");";
    return call.lines().toList();
  }

  private static String pojo(SdkPojo pojo, int indent) {
    if (pojo instanceof AttributeValue value) {
      return attributeValue(value, indent);
    }
    StringBuilder code = new StringBuilder(pojo.getClass().getSimpleName()).append(".builder()");
    String inner = "\n" + " ".repeat(indent + INDENT);
    for (SdkField<?> field : pojo.sdkFields()) {
      Object value = field.getValueOrDefault(pojo);
      if (RequestJson.isSet(value)) {
        String setter = lowerCamel(field.memberName());
        code.append(inner).append('.').append(setter).append('(')
            .append(enumConstant(pojo, setter).orElseGet(() -> value(value, indent + INDENT))).append(')');
      }
    }
    return code.append(inner).append(".build()").toString();
  }

  /**
   * An enumerated member, such as ReturnConsumedCapacity, as its constant; the SDK holds it as
   * text, and its getter gives the constant.
   */
  private static Optional<String> enumConstant(SdkPojo pojo, String getter) {
    try {
      Method method = pojo.getClass().getMethod(getter);
      if (method.getReturnType().isEnum()) {
        return Optional.of(method.getReturnType().getSimpleName() + "." + ((Enum<?>) method.invoke(pojo)).name());
      }
      return Optional.empty();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the SDK's " + pojo.getClass().getSimpleName() + " has no getter " + getter, e);
    }
  }

  private static String value(Object value, int indent) {
    if (value instanceof SdkPojo pojo) {
      return pojo(pojo, indent);
    }
    if (value instanceof String text) {
      return literal(text);
    }
    if (value instanceof Integer || value instanceof Boolean) {
      return value.toString();
    }
    if (value instanceof SdkBytes bytes) {
      return "SdkBytes.fromByteArray(Base64.getDecoder().decode(\""
          + Base64.getEncoder().encodeToString(bytes.asByteArray()) + "\"))";
    }
    if (value instanceof List<?> list) {
      List<String> elements = new ArrayList<>();
      list.forEach(element -> elements.add(value(element, indent + INDENT)));
      return call("List.of", elements, indent);
    }
    Map<?, ?> map = (Map<?, ?>) value;
    List<String> entries = new ArrayList<>();
    boolean ofEntries = map.size() > MAP_OF_ENTRIES;
    map.forEach((key, element) -> {
      String k = literal((String) key);
      String v = value(element, indent + INDENT);
      entries.add(ofEntries ? "Map.entry(" + k + ", " + v + ")" : k + ", " + v);
    });
    return call(ofEntries ? "Map.ofEntries" : "Map.of", entries, indent);
  }

  private static String attributeValue(AttributeValue value, int indent) {
    switch (value.type()) {
      case S:
        return "AttributeValue.fromS(" + literal(value.s()) + ")";
      case N:
        return "AttributeValue.fromN(" + literal(value.n()) + ")";
      case B:
        return "AttributeValue.fromB(" + value(value.b(), indent) + ")";
      case BOOL:
        return "AttributeValue.fromBool(" + value.bool() + ")";
      case NUL:
        return "AttributeValue.fromNul(true)";
      case SS:
        return "AttributeValue.fromSs(" + value(value.ss(), indent) + ")";
      case NS:
        return "AttributeValue.fromNs(" + value(value.ns(), indent) + ")";
      case BS:
        return "AttributeValue.fromBs(" + value(value.bs(), indent) + ")";
      case M:
        return "AttributeValue.fromM(" + value(value.m(), indent) + ")";
      case L:
        return "AttributeValue.fromL(" + value(value.l(), indent) + ")";
      default:
        throw new IllegalArgumentException("an attribute value of a type this SDK does not know");
    }
  }

  /** {@code List.of(a, b)} on one line when it fits and its arguments do, else one argument a line. */
  private static String call(String method, List<String> arguments, int indent) {
    String oneLine = method + "(" + String.join(", ", arguments) + ")";
    if (indent + oneLine.length() <= LINE && !oneLine.contains("\n")) {
      return oneLine;
    }
    String inner = "\n" + " ".repeat(indent + INDENT);
    return method + "(" + inner + String.join("," + inner, arguments) + ")";
  }

  /**
   * A Java string literal. Characters outside printable ASCII are escaped: a unicode escape for
   * other characters (Java reads them before it reads the literal, so never one for a control
   * character), an octal escape for control characters.
   */
  static String literal(String text) {
    StringBuilder literal = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        literal.append('\\').append(c);
      } else if (c < 0x20) {
        literal.append(String.format(Locale.ROOT, "\\%03o", (int) c));
      } else if (c > 0x7e) {
        literal.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        literal.append(c);
      }
    }
    return literal.append('"').toString();
  }

  /** A member's setter, or an operation's method on the client: {@code TableName} is {@code tableName}. */
  private static String lowerCamel(String name) {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }
}
