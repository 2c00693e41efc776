package dev.keycond.planner.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The item a GetItem found, put together from DynamoDB's answer and the key it was asked by. */
class GetItemAnswerTest {
  private static final Map<String, AttributeValue> KEY = Map.of(
      "PK", AttributeValue.fromS("DRIVE#a1"), "SK", AttributeValue.fromS("root/a.jpg"));

  @Test
  void anAnswerWithoutTheKeyAttributesGetsThemFromTheKey() {
    Map<String, AttributeValue> answered = Map.of("size", AttributeValue.fromN("7"));
    assertEquals(Map.of("PK", AttributeValue.fromS("DRIVE#a1"), "SK", AttributeValue.fromS("root/a.jpg"),
        "size", AttributeValue.fromN("7")), GetItem.withKey(answered, KEY));
  }

  @Test
  void anAnswerWithOneKeyAttributeGetsTheOther() {
    Map<String, AttributeValue> answered = Map.of("PK", AttributeValue.fromS("DRIVE#a1"),
        "size", AttributeValue.fromN("7"));
    assertEquals(Map.of("PK", AttributeValue.fromS("DRIVE#a1"), "SK", AttributeValue.fromS("root/a.jpg"),
        "size", AttributeValue.fromN("7")), GetItem.withKey(answered, KEY));
  }

  @Test
  void anAnswerThatHoldsTheWholeKeyIsTakenAsItIs() {
    Map<String, AttributeValue> answered = Map.of("PK", AttributeValue.fromS("DRIVE#a1"),
        "SK", AttributeValue.fromS("root/a.jpg"), "size", AttributeValue.fromN("7"));
    assertSame(answered, GetItem.withKey(answered, KEY));
  }
}
