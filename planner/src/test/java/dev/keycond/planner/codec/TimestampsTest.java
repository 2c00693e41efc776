package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class TimestampsTest {
  private static final LocalDateTime TEN_THIRTY = LocalDateTime.of(2026, 1, 1, 10, 30);

  @ParameterizedTest
  @ValueSource(strings = {
      "2026-01-01T10:30:00Z",
      "2026-01-01T10:30:00.000Z",
      "2026-01-01T10:30:00.000000000Z",
      "2026-01-01T10:30Z",
      "2026-01-01T12:30:00+02:00",
      "2026-01-01T05:30:00-05:00",
      "2026-01-01T10:30:00+00:00",
      "2026-01-01T10:30:00",
      "2026-01-01 10:30:00",
      "2026-01-01T10:30"})
  void everyIsoFormOfTheSameInstantReadsTheSame(String text) {
    assertEquals(TEN_THIRTY, Timestamps.parse(text));
  }

  @Test
  void offsetIsConvertedToUtcAcrossMidnight() {
    assertEquals(LocalDateTime.of(2025, 12, 31, 23, 0), Timestamps.parse("2026-01-01T01:00:00+02:00"));
  }

  @Test
  void fractionsAreKeptToTheNanosecond() {
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 500_000_000), Timestamps.parse("2026-01-01T10:30:00.5Z"));
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 123_456_789),
        Timestamps.parse("2026-01-01T10:30:00.123456789Z"));
  }

  @Test
  void dateAloneIsMidnight() {
    assertEquals(LocalDateTime.of(2026, 1, 1, 0, 0), Timestamps.parse("2026-01-01"));
  }

  @Test
  void nonTimestampIsAParseError() {
    assertThrows(DateTimeParseException.class, () -> Timestamps.parse("yesterday"));
    assertThrows(DateTimeParseException.class, () -> Timestamps.parse("2026-01-01T25:00:00Z"));
  }

  @Test
  void canonicalFormIsUtcWithSecondsAndNoZeroFraction() {
    assertEquals("2026-01-01T10:30:00Z", Timestamps.format(TEN_THIRTY));
  }

  @Test
  void canonicalFormShowsFractionsInGroupsOfThreeDigits() {
    assertEquals("2026-01-01T10:30:00.500Z", Timestamps.format(TEN_THIRTY.withNano(500_000_000)));
    assertEquals("2026-01-01T10:30:00.000001Z", Timestamps.format(TEN_THIRTY.withNano(1_000)));
    assertEquals("2026-01-01T10:30:00.123456789Z", Timestamps.format(TEN_THIRTY.withNano(123_456_789)));
  }

  @Test
  void equalInstantsWriteEqualStrings() {
    assertEquals(Timestamps.format(Timestamps.parse("2026-01-01T12:30:00.000+02:00")),
        Timestamps.format(Timestamps.parse("2026-01-01T10:30:00Z")));
  }
}
