package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.codec.KeyValueLimits.KeyRole;
import dev.keycond.planner.error.KeycondException;
import software.amazon.awssdk.core.SdkBytes;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class KeyValueLimitsTest {
  @Test
  void validTextUpToTheLimitPasses() {
    assertDoesNotThrow(() -> KeyValueLimits.check("PK", KeyRole.PARTITION, AttributeValue.fromS("x".repeat(2048))));
    assertDoesNotThrow(() -> KeyValueLimits.check("SK", KeyRole.SORT, AttributeValue.fromS("x".repeat(1024))));
    // A pair of surrogates is one character above U+FFFF: valid, and 4 bytes in UTF-8.
    assertDoesNotThrow(() -> KeyValueLimits.check("SK", KeyRole.SORT, AttributeValue.fromS("\uD83D\uDE00".repeat(256))));
  }

  @Test
  void theLimitCountsUtf8Bytes() {
    KeycondException e = assertThrows(KeycondException.class,
        () -> KeyValueLimits.check("SK", KeyRole.SORT, AttributeValue.fromS("é".repeat(513))));
    assertEquals("22001", e.state().code());
    assertTrue(e.getMessage().contains("'SK' is 1026 bytes long"), e.getMessage());
    assertTrue(e.getMessage().contains("at most 1024 bytes for a sort key value"), e.getMessage());
  }

  @Test
  void aPartitionKeyValueMayHold2048Bytes() {
    KeycondException e = assertThrows(KeycondException.class,
        () -> KeyValueLimits.check("PK", KeyRole.PARTITION, AttributeValue.fromS("x".repeat(2049))));
    assertEquals("22001", e.state().code());
    assertTrue(e.getMessage().contains("2049 bytes long"), e.getMessage());
    assertTrue(e.getMessage().contains("at most 2048 bytes for a partition key value"), e.getMessage());
  }

  @Test
  void binaryKeysCountTheirBytes() {
    AttributeValue bytes = AttributeValue.fromB(SdkBytes.fromByteArray(new byte[1025]));
    assertEquals("22001", assertThrows(KeycondException.class,
        () -> KeyValueLimits.check("SK", KeyRole.SORT, bytes)).state().code());
    assertDoesNotThrow(() -> KeyValueLimits.check("PK", KeyRole.PARTITION, bytes));
  }

  @Test
  void numbersAreNotCheckedHere() {
    assertDoesNotThrow(() -> KeyValueLimits.check("ts", KeyRole.SORT, AttributeValue.fromN("1" + "0".repeat(37))));
  }

  @Test
  void loneSurrogatesAreRefused() {
    for (String text : new String[] {"q\uD800", "\uDC00q", "a\uD800\uD800b"}) {
      KeycondException e = assertThrows(KeycondException.class,
          () -> KeyValueLimits.check("PK", KeyRole.PARTITION, AttributeValue.fromS(text)));
      assertEquals("22021", e.state().code());
      assertTrue(e.getMessage().contains("is not valid Unicode"), e.getMessage());
    }
    KeycondException e = assertThrows(KeycondException.class, () -> KeyValueLimits.checkUnicode("ab\uD800", "x"));
    assertTrue(e.getMessage().contains("lone surrogate U+D800 at position 3"), e.getMessage());
  }
}
