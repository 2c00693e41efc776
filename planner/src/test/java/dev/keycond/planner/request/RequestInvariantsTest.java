package dev.keycond.planner.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * DynamoDB rejects a request whose ExpressionAttributeNames or ExpressionAttributeValues hold a
 * placeholder that no expression uses, and one whose expressions use a placeholder it does not
 * define; no request can be built in either shape.
 */
class RequestInvariantsTest {
  private static final ImmutableMap<String, RequestValue> VALUE =
      ImmutableMap.of(":v0", new RequestValue.Bound(AttributeValue.fromS("DRIVE#a91")));

  @Test
  void aNameNoExpressionUsesIsRefused() {
    ExpressionAttributes attributes = new ExpressionAttributes(ImmutableMap.of("#a0", "PK", "#a1", "SK"), VALUE);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> query("#a0 = :v0", attributes));
    assertEquals("placeholder #a1 is used by no expression", e.getMessage());
  }

  @Test
  void aValueNoExpressionUsesIsRefused() {
    ExpressionAttributes attributes = new ExpressionAttributes(ImmutableMap.of("#a0", "PK"),
        ImmutableMap.of(":v0", VALUE.get(":v0"), ":v1", VALUE.get(":v0")));
    assertThrows(IllegalArgumentException.class, () -> query("#a0 = :v0", attributes));
  }

  @Test
  void anUndefinedPlaceholderIsRefused() {
    ExpressionAttributes attributes = new ExpressionAttributes(ImmutableMap.of("#a0", "PK"), VALUE);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> query("#a0 = :v0 AND begins_with(#a1, :v0)", attributes));
    assertEquals("expression '#a0 = :v0 AND begins_with(#a1, :v0)' uses #a1, which the request does not define",
        e.getMessage());
  }

  @Test
  void theProjectionCountsAsAnExpression() {
    ExpressionAttributes attributes = new ExpressionAttributes(ImmutableMap.of("#a0", "PK", "#a1", "size"), VALUE);
    Query query = new Query("Drive", Optional.empty(), "#a0 = :v0", Optional.empty(), Optional.of("#a0, #a1"),
        attributes, true, Optional.empty(), false, Selection.PROJECTED, false);
    assertEquals("size", query.toSdk(null, ReturnConsumedCapacity.INDEXES).expressionAttributeNames().get("#a1"));
  }

  @Test
  void theFilterCountsAsAnExpression() {
    ExpressionAttributes attributes = new ExpressionAttributes(ImmutableMap.of("#a0", "PK", "#a1", "size"),
        ImmutableMap.of(":v0", VALUE.get(":v0"), ":v1", new RequestValue.Bound(AttributeValue.fromN("10"))));
    Query query = new Query("Drive", Optional.empty(), "#a0 = :v0", Optional.of("#a1 > :v1"), Optional.empty(),
        attributes, true, Optional.empty(), false, Selection.PROJECTED, false);
    assertEquals("#a1 > :v1", query.toSdk(null, ReturnConsumedCapacity.INDEXES).filterExpression());
    Scan scan = new Scan("Drive", Optional.empty(), Optional.of("#a1 > :v1"), Optional.empty(),
        new ExpressionAttributes(ImmutableMap.of("#a1", "size"), ImmutableMap.of(":v1", attributes.values().get(":v1"))),
        Optional.empty(), false, Selection.PROJECTED, false, Optional.empty());
    assertEquals("#a1 > :v1", scan.toSdk(null, ReturnConsumedCapacity.INDEXES).filterExpression());
  }

  @Test
  void aFilterPlaceholderThatIsNotDefinedIsRefused() {
    ExpressionAttributes attributes = new ExpressionAttributes(ImmutableMap.of("#a0", "PK"), VALUE);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Query("Drive",
        Optional.empty(), "#a0 = :v0", Optional.of("#a1 > :v0"), Optional.empty(), attributes, true,
        Optional.empty(), false, Selection.PROJECTED, false));
    assertEquals("expression '#a1 > :v0' uses #a1, which the request does not define", e.getMessage());
  }

  @Test
  void wholeItemsOrACountTakeNoProjection() {
    ExpressionAttributes attributes = new ExpressionAttributes(ImmutableMap.of("#a0", "PK", "#a1", "size"), VALUE);
    for (Selection selection : new Selection[] {Selection.COUNT, Selection.ALL_ATTRIBUTES}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Query("Drive",
          Optional.empty(), "#a0 = :v0", Optional.empty(), Optional.of("#a0, #a1"), attributes, true,
          Optional.empty(), false, selection, false));
      assertEquals("Select=" + selection + " takes no ProjectionExpression, but has #a0, #a1", e.getMessage());
    }
  }

  @Test
  void aSegmentIsOneOfAtLeastTwo() {
    assertThrows(IllegalArgumentException.class, () -> new Scan.Segment(0, 1));
    assertThrows(IllegalArgumentException.class, () -> new Scan.Segment(2, 2));
    assertThrows(IllegalArgumentException.class, () -> new Scan.Segment(-1, 4));
    Scan scan = new Scan("Drive", Optional.empty(), Optional.empty(), Optional.empty(), ExpressionAttributes.NONE,
        Optional.empty(), false, Selection.PROJECTED, false, Optional.empty()).inSegment(new Scan.Segment(1, 4));
    assertEquals(1, scan.toSdk(null, ReturnConsumedCapacity.INDEXES).segment());
    assertEquals(4, scan.toSdk(null, ReturnConsumedCapacity.INDEXES).totalSegments());
  }

  private static Query query(String keyCondition, ExpressionAttributes attributes) {
    return new Query("Drive", Optional.empty(), keyCondition, Optional.empty(), Optional.empty(), attributes, true,
        Optional.empty(), false, Selection.PROJECTED, false);
  }
}
