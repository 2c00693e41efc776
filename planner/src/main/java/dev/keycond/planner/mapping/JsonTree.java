package dev.keycond.planner.mapping;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads a JSON text, such as a mapping file, into a tree, with Jackson's streaming parser alone. An
 * {@code ObjectMapper} would read the same tree, but building the first one of a process cost about
 * 170 ms, on a first connection's way to its first row. Numbers with a fraction or an exponent are
 * read as decimals, digit for digit (an ObjectMapper reads doubles); a name given twice in one
 * object is refused (an ObjectMapper keeps its last value); a byte order mark before the text is
 * skipped.
 */
public final class JsonTree {
  /** A name given twice in one object is refused: which of its values was meant cannot be told. */
  private static final JsonFactory FACTORY =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  /** The byte order mark some editors put first in a UTF-8 file, which is no part of the JSON. */
  private static final char BYTE_ORDER_MARK = '\uFEFF';
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTree() {}

  /**
   * The text's one JSON value; the missing node when it holds none, only white space.
   *
   * @throws JsonProcessingException when the text is not one JSON value, alone but for white space
   */
  public static JsonNode parse(String json) throws JsonProcessingException {
    String text = !json.isEmpty() && json.charAt(0) == BYTE_ORDER_MARK ? json.substring(1) : json;
    try (JsonParser parser = FACTORY.createParser(text)) {
      if (parser.nextToken() == null) {
        return NODES.missingNode();
      }
      JsonNode value = value(parser);
      if (parser.nextToken() != null) {
        throw new JsonParseException(parser, "text after the JSON value: " + parser.getText(),
            parser.currentTokenLocation());
      }
      return value;
    } catch (JsonProcessingException e) {
      throw e;
    } catch (IOException e) {
      // The text is in memory: nothing can fail to be read.
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode value(JsonParser parser) throws IOException {
    return switch (parser.currentToken()) {
      case START_OBJECT -> object(parser);
      case START_ARRAY -> array(parser);
      case VALUE_STRING -> NODES.textNode(parser.getText());
      case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
        case INT -> NODES.numberNode(parser.getIntValue());
        case LONG -> NODES.numberNode(parser.getLongValue());
        default -> NODES.numberNode(parser.getBigIntegerValue());
      };
      // As written, trailing zeros kept: the factory's own numberNode(BigDecimal) may strip them.
      case VALUE_NUMBER_FLOAT -> DecimalNode.valueOf(parser.getDecimalValue());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      default -> throw new JsonParseException(parser, "unexpected " + parser.currentToken());
    };
  }

  private static ObjectNode object(JsonParser parser) throws IOException {
    ObjectNode object = NODES.objectNode();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      parser.nextToken();
      object.set(name, value(parser));
    }
    return object;
  }

  private static ArrayNode array(JsonParser parser) throws IOException {
    ArrayNode array = NODES.arrayNode();
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      array.add(value(parser));
    }
    return array;
  }
}
