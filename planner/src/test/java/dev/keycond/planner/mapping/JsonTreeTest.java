package dev.keycond.planner.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonTreeTest {
  /** Texts without fractions, where Jackson's ObjectMapper reads the tree JsonTree must read. */
  private static final List<String> TEXTS = List.of(
      "{\"tables\": {\"files\": {\"source\": \"Drive\", \"columns\": {\"a\": \"VARCHAR\", \"b\": {\"type\": \"INTEGER\"}}}}}",
      "[1, -2, 2147483648, -9223372036854775809, 123456789012345678901234567890, true, false, null, \"\", []]",
      "{\"\\u00e9t\\u00e9\": \"\\ud83d\\ude00 \\\"quoted\\\" \\\\ \\/ \\n\", \"nested\": [[{}], {\"x\": [null]}]}",
      "  \"a string alone\"  ",
      "0");

  @Test
  void readsTheTreeJacksonsObjectMapperReads() throws JsonProcessingException {
    ObjectMapper mapper = new ObjectMapper();
    for (String text : TEXTS) {
      assertEquals(mapper.readTree(text), JsonTree.parse(text), text);
    }
  }

  @Test
  void readsANumberWithAFractionOrAnExponentAsTheDecimalWritten() throws JsonProcessingException {
    JsonNode numbers = JsonTree.parse("[1.10, 12345678901234567890.123456789012345678, -1e-3, 2E+5]");
    assertEquals(List.of(new BigDecimal("1.10"), new BigDecimal("12345678901234567890.123456789012345678"),
        new BigDecimal("-0.001"), new BigDecimal("2E+5")),
        List.of(numbers.get(0).decimalValue(), numbers.get(1).decimalValue(), numbers.get(2).decimalValue(),
            numbers.get(3).decimalValue()));
    assertTrue(numbers.get(0).isBigDecimal(), numbers.get(0).getNodeType().toString());
  }

  @Test
  void skipsAByteOrderMarkBeforeTheText() throws JsonProcessingException {
    assertEquals(JsonTree.parse("{\"a\": [1]}"), JsonTree.parse("\uFEFF{\"a\": [1]}"));
  }

  @Test
  void refusesANameGivenTwiceInOneObjectWhereItComesTheSecondTime() throws JsonProcessingException {
    JsonProcessingException twice = assertThrows(JsonProcessingException.class,
        () -> JsonTree.parse("{\"t\": {\"a\": 1},\n \"t\": {}}"));
    assertEquals("Duplicate field 't'", twice.getOriginalMessage());
    assertEquals(2, twice.getLocation().getLineNr());
    assertEquals(List.of(1, 1), List.of(JsonTree.parse("[{\"a\": 1}, {\"a\": 1}]").get(0).size(),
        JsonTree.parse("{\"a\": {\"a\": 1}}").get("a").size()), "the same name in two objects is two names");
  }

  @Test
  void anEmptyTextIsTheMissingNode() throws JsonProcessingException {
    assertTrue(JsonTree.parse("").isMissingNode());
    assertTrue(JsonTree.parse(" \n\t").isMissingNode());
  }

  @Test
  void refusesTextAfterTheValueAndTextThatIsNoJson() {
    JsonProcessingException after = assertThrows(JsonProcessingException.class, () -> JsonTree.parse("{} x"));
    assertEquals(1, after.getLocation().getLineNr());
    for (String broken : List.of("{", "{\"a\" 1}", "[1,]", "{\"a\": 1} {}", "nul", "'single'")) {
      assertThrows(JsonProcessingException.class, () -> JsonTree.parse(broken), broken);
    }
  }
}
