package dev.keycond.planner.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
    Query query = new Query("Drive", Optional.empty(), "#a0 = :v0", Optional.of("#a0, #a1"), attributes, true,
        Optional.empty(), false, false, false);
    assertEquals("size", query.toSdk(null).expressionAttributeNames().get("#a1"));
  }

  private static Query query(String keyCondition, ExpressionAttributes attributes) {
    return new Query("Drive", Optional.empty(), keyCondition, Optional.empty(), attributes, true, Optional.empty(),
        false, false, false);
  }
}
