package dev.keycond.planner.codec;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * The forms in which keycond writes dates and timestamps ({@code 2026-01-05},
 * {@code 2026-01-01T10:30:00Z}, {@code 2026-01-01T10:30:00.5Z}), read by hand. A read decodes one
 * per TIMESTAMP or DATE attribute of every item, and a {@code DateTimeFormatter} costs several
 * microseconds a value (it builds a parser and a map of fields each time); these forms are read
 * digit by digit instead. Any other text, and any value these forms cannot hold (24:00, a leap
 * second, February 30), is left to the formatter, so the result and the error are the formatter's.
 */
final class IsoForms {
  private static final int DATE_LENGTH = 10;
  /** {@code yyyy-MM-ddTHH:mm:ssZ}. */
  private static final int INSTANT_LENGTH = 20;
  private static final int MAX_FRACTION_DIGITS = 9;

  private IsoForms() {}

  /**
   * A DATE's text, as {@link LocalDate#parse} reads it.
   *
   * @throws java.time.format.DateTimeParseException for a text that is no ISO-8601 date
   */
  static LocalDate date(String text) {
    if (text.length() == DATE_LENGTH && isDateAt(text)) {
      try {
        return LocalDate.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10));
      } catch (DateTimeException noSuchDay) {
        // February 30: the formatter's error says so.
      }
    }
    return LocalDate.parse(text);
  }

  /** Whether {@code text} is {@code yyyy-MM-ddTHH:mm:ss}, a fraction of 1 to 9 digits or none, and {@code Z}. */
  static boolean isUtcInstant(String text) {
    int length = text.length();
    if (length != INSTANT_LENGTH && (length < INSTANT_LENGTH + 2 || length > INSTANT_LENGTH + 1 + MAX_FRACTION_DIGITS)) {
      return false;
    }
    if (!isDateAt(text) || text.charAt(10) != 'T' || !digits(text, 11, 13) || text.charAt(13) != ':'
        || !digits(text, 14, 16) || text.charAt(16) != ':' || !digits(text, 17, 19) || text.charAt(length - 1) != 'Z') {
      return false;
    }
    return length == INSTANT_LENGTH || text.charAt(19) == '.' && digits(text, 20, length - 1);
  }

  /**
   * The UTC wall-clock time of a text {@link #isUtcInstant} accepts.
   *
   * @throws DateTimeException for a field out of its range (24:00, a leap second, February 30)
   */
  static LocalDateTime utcInstant(String text) {
    int nanos = 0;
    int fractionEnd = text.length() - 1;
    if (fractionEnd > 20) {
      nanos = number(text, 20, fractionEnd);
      for (int digits = fractionEnd - 20; digits < MAX_FRACTION_DIGITS; digits++) {
        nanos *= 10;
      }
    }
    return LocalDateTime.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10),
        number(text, 11, 13), number(text, 14, 16), number(text, 17, 19), nanos);
  }

  private static boolean isDateAt(String text) {
    return digits(text, 0, 4) && text.charAt(4) == '-' && digits(text, 5, 7) && text.charAt(7) == '-'
        && digits(text, 8, 10);
  }

  /** Whether the characters from {@code start} to {@code end} are ASCII digits, the only ones ISO-8601 has. */
  private static boolean digits(String text, int start, int end) {
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** The digits from {@code start} to {@code end}, at most nine, as a number. */
  private static int number(String text, int start, int end) {
    int n = 0;
    for (int i = start; i < end; i++) {
      n = n * 10 + (text.charAt(i) - '0');
    }
    return n;
  }
}
