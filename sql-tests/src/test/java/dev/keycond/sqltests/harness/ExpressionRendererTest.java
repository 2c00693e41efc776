package dev.keycond.sqltests.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ExpressionRendererTest {

  @Test
  void substitutesWholePlaceholdersOnly() {
    Map<String, String> names = Map.of("#k1", "PK", "#k10", "SK");
    Map<String, AttributeValue> values = Map.of(
        ":k1", AttributeValue.fromS("one"), ":k10", AttributeValue.fromS("ten"));

    assertEquals("SK = 'ten' AND PK = 'one' AND begins_with(SK, 'one')",
        ExpressionRenderer.render("#k10 = :k10 AND #k1 = :k1 AND begins_with(#k10, :k1)",
            names, values));
  }

  @Test
  void doesNotSubstituteInsideSubstitutedText() {
    assertEquals("PK = 'DRIVE#a91:x'",
        ExpressionRenderer.render("#p = :p",
            Map.of("#p", "PK", "#a91", "WRONG"),
            Map.of(":p", AttributeValue.fromS("DRIVE#a91:x"), ":x", AttributeValue.fromS("WRONG"))));
  }

  @Test
  void leavesUnknownPlaceholdersAndNullExpressions() {
    assertEquals("#missing = :missing", ExpressionRenderer.render("#missing = :missing",
        Map.of(), Map.of()));
    assertNull(ExpressionRenderer.render(null, Map.of(), Map.of()));
  }

  @Test
  void rendersEveryValueType() {
    assertEquals("'it''s'", ExpressionRenderer.value(AttributeValue.fromS("it's")));
    assertEquals("-1.50", ExpressionRenderer.value(AttributeValue.fromN("-1.50")));
    assertEquals("X'00ff10'", ExpressionRenderer.value(
        AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, (byte) 0xff, 0x10}))));
    assertEquals("true", ExpressionRenderer.value(AttributeValue.fromBool(true)));
    assertEquals("NULL", ExpressionRenderer.value(AttributeValue.fromNul(true)));
    assertEquals("<<'a', 'b'>>", ExpressionRenderer.value(AttributeValue.fromSs(List.of("a", "b"))));
    assertEquals("<<1, 2>>", ExpressionRenderer.value(AttributeValue.fromNs(List.of("1", "2"))));
    assertEquals("<<X'01'>>", ExpressionRenderer.value(
        AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {1})))));
    assertEquals("['a', 1]", ExpressionRenderer.value(
        AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromN("1")))));
    assertEquals("{a: 1, b: {c: 'd'}}", ExpressionRenderer.value(AttributeValue.fromM(Map.of(
        "b", AttributeValue.fromM(Map.of("c", AttributeValue.fromS("d"))),
        "a", AttributeValue.fromN("1")))));
  }
}
