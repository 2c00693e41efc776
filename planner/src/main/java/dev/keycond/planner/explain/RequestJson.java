package dev.keycond.planner.explain;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;

/**
 * A request in DynamoDB's own JSON, as the DynamoDB API and {@code aws dynamodb <command>
 * --cli-input-json} take it. It is read member by member from the SDK request that is sent, under
 * the names DynamoDB gives the members, so that the text is that request and nothing else: values
 * in DynamoDB JSON ({@code {"S":"DRIVE#a91"}}), binary values in base64.
 */
public final class RequestJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private RequestJson() {}

  /** The request's JSON text, on one line. */
  public static String of(SdkPojo request) {
    try {
      return MAPPER.writeValueAsString(object(request));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** An SDK object (a request, an attribute value) as its DynamoDB JSON node. */
  static ObjectNode object(SdkPojo pojo) {
    ObjectNode node = NODES.objectNode();
    for (SdkField<?> field : pojo.sdkFields()) {
      Object value = field.getValueOrDefault(pojo);
      if (isSet(value)) {
        node.set(field.locationName(), value(value));
      }
    }
    return node;
  }

  /** Whether the request holds a binary value (B, BS), which its JSON writes in base64. */
  static boolean hasBinary(Object value) {
    if (value instanceof SdkBytes) {
      return true;
    }
    if (value instanceof SdkPojo pojo) {
      return pojo.sdkFields().stream().map(field -> field.getValueOrDefault(pojo))
          .anyMatch(member -> isSet(member) && hasBinary(member));
    }
    if (value instanceof List<?> list) {
      return list.stream().anyMatch(RequestJson::hasBinary);
    }
    return value instanceof Map<?, ?> map && map.values().stream().anyMatch(RequestJson::hasBinary);
  }

  /** Whether a member is set: the SDK gives an unset list or map as an empty placeholder. */
  static boolean isSet(Object value) {
    return value != null && !(value instanceof SdkAutoConstructList) && !(value instanceof SdkAutoConstructMap);
  }

  private static JsonNode value(Object value) {
    if (value instanceof SdkPojo pojo) {
      return object(pojo);
    }
    if (value instanceof String text) {
      return NODES.textNode(text);
    }
    if (value instanceof Integer number) {
      return NODES.numberNode(number);
    }
    if (value instanceof Boolean bool) {
      return NODES.booleanNode(bool);
    }
    if (value instanceof SdkBytes bytes) {
      return NODES.textNode(Base64.getEncoder().encodeToString(bytes.asByteArray()));
    }
    if (value instanceof List<?> list) {
      ArrayNode array = NODES.arrayNode();
      list.forEach(element -> array.add(value(element)));
      return array;
    }
    if (value instanceof Map<?, ?> map) {
      ObjectNode object = NODES.objectNode();
      map.forEach((key, element) -> object.set((String) key, value(element)));
      return object;
    }
    throw new IllegalArgumentException("a DynamoDB request member of type " + value.getClass().getSimpleName());
  }
}
