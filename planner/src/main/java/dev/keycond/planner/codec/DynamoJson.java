package dev.keycond.planner.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.mapping.ColumnType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.calcite.avatica.util.ByteString;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts between DynamoDB values and plain JSON, which is how maps, lists and whole items are
 * shown to SQL: numbers stay exact, binary values become base64 strings, sets become arrays.
 */
public final class DynamoJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false)
      .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
      .setNodeFactory(NODES);

  private DynamoJson() {}

  public static String toJson(AttributeValue value) {
    return write(node(value));
  }

  /** An item (or any map of attributes) as a JSON object, with its attributes in name order. */
  public static String toJson(Map<String, AttributeValue> item) {
    return write(object(item));
  }

  /** JSON text of a node, with numbers written plain as in every other JSON text keycond shows. */
  public static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode node(AttributeValue v) {
    switch (v.type()) {
      case S:
        return NODES.textNode(v.s());
      case N:
        return NODES.numberNode(new BigDecimal(v.n()));
      case B:
        return NODES.textNode(Base64.getEncoder().encodeToString(v.b().asByteArray()));
      case BOOL:
        return NODES.booleanNode(v.bool());
      case NUL:
        return NODES.nullNode();
      case M:
        return object(v.m());
      case L:
        ArrayNode list = NODES.arrayNode();
        v.l().forEach(e -> list.add(node(e)));
        return list;
      case SS:
        return set(AttributeCodec.decode(v, ColumnType.STRING_SET));
      case NS:
        return set(AttributeCodec.decode(v, ColumnType.NUMBER_SET));
      case BS:
        return set(AttributeCodec.decode(v, ColumnType.BINARY_SET));
      default:
        throw new IllegalArgumentException("holds a value of unknown type");
    }
  }

  /** The JSON text of a set column's value (sorted elements). */
  public static String setText(List<?> sortedElements) {
    return write(set(sortedElements));
  }

  /** A set's elements in the order its column shows them, so that its JSON text is repeatable too. */
  private static ArrayNode set(Object sortedElements) {
    ArrayNode set = NODES.arrayNode();
    for (Object element : (List<?>) sortedElements) {
      if (element instanceof String text) {
        set.add(text);
      } else if (element instanceof BigDecimal number) {
        set.add(number);
      } else {
        set.add(Base64.getEncoder().encodeToString(((ByteString) element).getBytes()));
      }
    }
    return set;
  }

  private static ObjectNode object(Map<String, AttributeValue> attributes) {
    ObjectNode object = NODES.objectNode();
    new TreeMap<>(attributes).forEach((name, value) -> object.set(name, node(value)));
    return object;
  }

  /**
   * Reads JSON text as the DynamoDB value it describes: an object becomes a map, an array a list.
   *
   * @throws IllegalArgumentException when the text is not JSON
   */
  public static AttributeValue fromJson(String json) {
    return fromJson(parse(json));
  }

  /** A parsed JSON value as the DynamoDB value it describes. */
  public static AttributeValue fromJson(JsonNode node) {
    return value(node);
  }

  /**
   * Parses JSON text, keeping numbers exact.
   *
   * @throws IllegalArgumentException when the text is not JSON
   */
  public static JsonNode parse(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("is not valid JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static AttributeValue value(JsonNode node) {
    if (node == null || node.isNull()) {
      return AttributeValue.fromNul(true);
    }
    if (node.isTextual()) {
      return AttributeValue.fromS(node.textValue());
    }
    if (node.isNumber()) {
      return AttributeValue.fromN(AttributeCodec.dynamoNumber(node.decimalValue()));
    }
    if (node.isBoolean()) {
      return AttributeValue.fromBool(node.booleanValue());
    }
    if (node.isArray()) {
      List<AttributeValue> list = new ArrayList<>();
      node.forEach(e -> list.add(value(e)));
      return AttributeValue.fromL(list);
    }
    if (node.isBinary()) {
      try {
        return AttributeValue.fromB(SdkBytes.fromByteArray(node.binaryValue()));
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException(e);
      }
    }
    Map<String, AttributeValue> map = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      map.put(field.getKey(), value(field.getValue()));
    }
    return AttributeValue.fromM(map);
  }
}
