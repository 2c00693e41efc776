package dev.keycond.planner.codec;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * TIMESTAMP values are kept as UTC wall-clock {@link LocalDateTime}s. Reads accept any ISO-8601
 * form; writes use one canonical form ({@code 2026-01-01T10:30:00Z}, fractions only when present)
 * so that equal instants are equal strings in DynamoDB.
 */
public final class Timestamps {
  private Timestamps() {}

  public static String format(LocalDateTime utc) {
    return DateTimeFormatter.ISO_INSTANT.format(utc.toInstant(ZoneOffset.UTC));
  }

  public static LocalDateTime parse(String text) {
    if (IsoForms.isUtcInstant(text)) {
      try {
        return IsoForms.utcInstant(text);
      } catch (DateTimeException outOfRange) {
        // 24:00 or a leap second, which the formatter reads, or no such day, which it refuses.
      }
    }
    try {
      return LocalDateTime.ofInstant(Instant.parse(text), ZoneOffset.UTC);
    } catch (DateTimeParseException notAnInstant) {
      try {
        return OffsetDateTime.parse(text).withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
      } catch (DateTimeParseException notOffset) {
        try {
          return LocalDateTime.parse(text.replace(' ', 'T'));
        } catch (DateTimeParseException notLocal) {
          return LocalDate.parse(text).atStartOfDay();
        }
      }
    }
  }
}
