package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The forms keycond writes are read by hand, not by a formatter: every text must read exactly as
 * the JDK's ISO-8601 parsers read it, and every text the hand reader does not take must still be
 * read (or refused) by them.
 */
class IsoFormsTest {
  private static final int RANDOM_VALUES = 20_000;

  /** What {@link Timestamps#parse} read a text as before the hand reader: the JDK's instant parser. */
  private static LocalDateTime byFormatter(String text) {
    return LocalDateTime.ofInstant(Instant.parse(text), ZoneOffset.UTC);
  }

  @Test
  void randomInstantsReadAsTheFormatterReadsThem() {
    Random random = new Random(20261201);
    for (int i = 0; i < RANDOM_VALUES; i++) {
      LocalDateTime value = LocalDateTime.of(random.nextInt(9_999), 1 + random.nextInt(12), 1, random.nextInt(24),
          random.nextInt(60), random.nextInt(60)).plusDays(random.nextInt(31));
      String text = String.format("%04d-%02d-%02dT%02d:%02d:%02d", value.getYear(), value.getMonthValue(),
          value.getDayOfMonth(), value.getHour(), value.getMinute(), value.getSecond());
      int fractionDigits = random.nextInt(10);
      if (fractionDigits > 0) {
        StringBuilder fraction = new StringBuilder(".");
        for (int d = 0; d < fractionDigits; d++) {
          fraction.append((char) ('0' + random.nextInt(10)));
        }
        text += fraction;
      }
      text += "Z";
      assertTrue(IsoForms.isUtcInstant(text), text);
      assertEquals(byFormatter(text), Timestamps.parse(text), text);
    }
  }

  @Test
  void randomDatesReadAsTheFormatterReadsThem() {
    Random random = new Random(5);
    for (int i = 0; i < RANDOM_VALUES; i++) {
      String text = String.format("%04d-%02d-%02d", random.nextInt(10_000), 1 + random.nextInt(12), 1 + random.nextInt(31));
      Object expected;
      try {
        expected = LocalDate.parse(text);
      } catch (DateTimeParseException e) {
        expected = DateTimeParseException.class;
      }
      Object read;
      try {
        read = IsoForms.date(text);
      } catch (DateTimeParseException e) {
        read = DateTimeParseException.class;
      }
      assertEquals(expected, read, text);
    }
  }

  @Test
  void fractionsScaleToNanoseconds() {
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 500_000_000), IsoForms.utcInstant("2026-01-01T10:30:00.5Z"));
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 1_000), IsoForms.utcInstant("2026-01-01T10:30:00.000001Z"));
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 123_456_789),
        IsoForms.utcInstant("2026-01-01T10:30:00.123456789Z"));
  }

  /** Texts the hand reader leaves to the formatter: other forms, lower case, too many digits. */
  @ParameterizedTest
  @ValueSource(strings = {
      "2026-01-01t10:30:00z", "2026-01-01T10:30:00.Z", "2026-01-01T10:30:00.1234567890Z", "2026-01-01T10:30Z",
      "2026-01-01T10:30:00+02:00", "2026-01-01T10:30:00", "2026-01-01 10:30:00Z", "+12026-01-01T10:30:00Z",
      "2026-01-01T10:30:00,5Z", "2026-01-01T1０:30:00Z", "2026-1-01T10:30:00Z"})
  void otherFormsAreNotTakenByHand(String text) {
    assertFalse(IsoForms.isUtcInstant(text), text);
  }

  @Test
  void valuesOutsideTheFieldsAreLeftToTheFormatter() {
    // The formatter reads 24:00 as the next midnight and a leap second as the second before it.
    assertEquals(LocalDateTime.of(2026, 1, 2, 0, 0), Timestamps.parse("2026-01-01T24:00:00Z"));
    assertEquals(LocalDateTime.of(2026, 6, 30, 23, 59, 59), Timestamps.parse("2026-06-30T23:59:60Z"));
    assertThrows(DateTimeParseException.class, () -> Timestamps.parse("2026-02-30T10:00:00Z"));
    assertThrows(DateTimeParseException.class, () -> Timestamps.parse("2026-01-01T10:60:00Z"));
    assertThrows(DateTimeParseException.class, () -> IsoForms.date("2026-02-29"));
    assertThrows(DateTimeParseException.class, () -> IsoForms.date("2026-13-01"));
    assertEquals(LocalDate.of(2024, 2, 29), IsoForms.date("2024-02-29"));
  }

  @Test
  void otherDateFormsAreTheFormattersToRefuse() {
    assertThrows(DateTimeParseException.class, () -> IsoForms.date("2026-1-05"));
    assertThrows(DateTimeParseException.class, () -> IsoForms.date("2026-01-05T00:00:00Z"));
    assertThrows(DateTimeParseException.class, () -> IsoForms.date("２026-01-05"));
  }

  @Test
  void lowerCaseAndFormsWithoutSecondsStillRead() {
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30), Timestamps.parse("2026-01-01t10:30:00z"));
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30), Timestamps.parse("2026-01-01T10:30:00.Z"));
  }
}
