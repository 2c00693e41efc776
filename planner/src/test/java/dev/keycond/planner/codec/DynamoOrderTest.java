package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

class DynamoOrderTest {
  private static final String GRINNING = new String(Character.toChars(0x1F600));

  private static int sign(Object a, Object b) {
    return Integer.signum(DynamoOrder.INSTANCE.compare(a, b));
  }

  private static ByteString bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return new ByteString(b);
  }

  @Test
  void characterAboveTheBmpSortsAfterReplacementCharacter() {
    // UTF-16 puts the surrogate pair (0xD83D...) before U+FFFD; UTF-8 bytes and code points put it after.
    assertEquals(1, Integer.signum("\uFFFD".compareTo(GRINNING)), "Java's own order differs");
    assertEquals(-1, sign("\uFFFD", GRINNING));
    assertEquals(1, sign(GRINNING, "\uFFFD"));
    assertEquals(-1, Integer.signum(DynamoOrder.compareStrings("a\uFFFDz", "a" + GRINNING)));
  }

  @Test
  void stringsCompareByCodePointThenLength() {
    assertEquals(-1, sign("Z", "a"));
    assertEquals(1, sign("\u00E9", "z"));
    assertEquals(-1, sign("a", "ab"));
    assertEquals(-1, sign("", "a"));
    assertEquals(0, sign(GRINNING + "x", GRINNING + "x"));
  }

  @Test
  void binaryComparesUnsignedBytes() {
    assertEquals(-1, sign(bytes(0x01), bytes(0xFF)));
    assertEquals(1, sign(bytes(0x80), bytes(0x7F)));
    assertEquals(-1, sign(bytes(), bytes(0x00)));
    assertEquals(-1, sign(bytes(0x10), bytes(0x10, 0x00)));
    assertEquals(0, sign(bytes(0xAB, 0xCD), bytes(0xAB, 0xCD)));
    assertEquals(-1, Integer.signum(DynamoOrder.compareBytes(new byte[] {1}, new byte[] {(byte) 0x90})));
  }

  @Test
  void mixedNumericTypesCompareByValue() {
    assertEquals(-1, sign(2, 10L));
    assertEquals(0, sign(new BigDecimal("1.0"), 1));
    assertEquals(0, sign(new BigDecimal("1.00"), new BigDecimal("1")));
    assertEquals(1, sign(new BigDecimal("10.5"), 10L));
    assertEquals(1, sign(2.5, new BigDecimal("2.4")));
    assertEquals(-1, sign(-3, 2.0));
  }

  @Test
  void largeIntegersAreComparedExactly() {
    // Through double these would be equal.
    assertEquals(1, sign(Long.MAX_VALUE, Long.MAX_VALUE - 1));
    assertEquals(-1, sign(new BigDecimal("12345678901234567890123456789012345678"),
        new BigDecimal("12345678901234567890123456789012345679")));
  }

  @Test
  void listsCompareElementWiseWithNullsLast() {
    assertEquals(-1, sign(List.of(1, "a"), List.of(1, "b")));
    assertEquals(-1, sign(List.of(1), List.of(1, 2)));
    assertEquals(1, sign(Arrays.asList((Object) null), List.of("a")));
    assertEquals(0, sign(Arrays.asList(null, 1), Arrays.asList(null, 1)));
  }

  @Test
  void otherComparablesOfOneClassUseTheirOwnOrder() {
    assertEquals(-1, sign(LocalDate.of(2025, 12, 31), LocalDate.of(2026, 1, 1)));
    assertEquals(-1, sign(false, true));
  }

  @Test
  void differentFamiliesCannotBeCompared() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sign("1", 1));
    assertEquals("cannot compare String with Integer", e.getMessage());
  }

  @Test
  void sortingFollowsDynamoOrder() {
    List<Object> values = new ArrayList<>(List.of(GRINNING, "\uFFFD", "b", "B", "ab", "a"));
    values.sort(DynamoOrder.INSTANCE);
    assertEquals(List.of("B", "a", "ab", "b", "\uFFFD", GRINNING), values);
  }
}
