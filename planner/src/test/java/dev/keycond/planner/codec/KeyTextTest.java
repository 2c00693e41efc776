package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

class KeyTextTest {
  private static final Slot FREE = new Slot("n", 0);
  private static final Slot SIX = new Slot("seq", 6);

  @Test
  void textIsWrittenAsItIs() {
    assertEquals("a#b c", KeyText.encode("a#b c", ColumnType.VARCHAR, FREE));
  }

  @Test
  void integersWithoutWidthAreTheirDigits() {
    assertEquals("42", KeyText.encode(42, ColumnType.INTEGER, FREE));
    assertEquals("-7", KeyText.encode(-7L, ColumnType.BIGINT, FREE));
    assertEquals("9223372036854775807", KeyText.encode(Long.MAX_VALUE, ColumnType.BIGINT, FREE));
  }

  @Test
  void fixedWidthPadsWithZeros() {
    assertEquals("000042", KeyText.encode(42L, ColumnType.BIGINT, SIX));
    assertEquals("000000", KeyText.encode(0, ColumnType.INTEGER, SIX));
    assertEquals("999999", KeyText.encode(999999, ColumnType.INTEGER, SIX));
  }

  @Test
  void valueWiderThanItsSlotIsOutOfRange() {
    KeycondException e = assertThrows(KeycondException.class, () -> KeyText.encode(1000000L, ColumnType.BIGINT, SIX));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, e.state());
    assertEquals("22003", e.state().code());
    assertEquals("Value 1000000 of column 'seq' does not fit the key template's 6-digit slot; it must be between 0 "
        + "and 999999", e.getMessage());
  }

  @Test
  void negativeValueInAFixedWidthSlotIsOutOfRange() {
    KeycondException e = assertThrows(KeycondException.class, () -> KeyText.encode(-1, ColumnType.INTEGER, SIX));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, e.state());
  }

  @Test
  void decimalsAreCanonical() {
    assertEquals("1.5", KeyText.encode(new BigDecimal("1.50"), ColumnType.DECIMAL, FREE));
    assertEquals("0", KeyText.encode(new BigDecimal("0.000"), ColumnType.DECIMAL, FREE));
    assertEquals("0", KeyText.encode(new BigDecimal("-0.0"), ColumnType.DECIMAL, FREE));
    assertEquals("1000", KeyText.encode(new BigDecimal("1E+3"), ColumnType.DECIMAL, FREE));
    assertEquals("-0.001", KeyText.encode(new BigDecimal("-1E-3"), ColumnType.DECIMAL, FREE));
  }

  @Test
  void doublesAreCanonical() {
    assertEquals("2", KeyText.encode(2.0, ColumnType.DOUBLE, FREE));
    assertEquals("0.1", KeyText.encode(0.1, ColumnType.DOUBLE, FREE));
    assertEquals("100000000000000000000", KeyText.encode(1e20, ColumnType.DOUBLE, FREE));
  }

  @Test
  void booleansDatesAndTimestampsHaveOneForm() {
    assertEquals("true", KeyText.encode(true, ColumnType.BOOLEAN, FREE));
    assertEquals("2026-01-05", KeyText.encode(LocalDate.of(2026, 1, 5), ColumnType.DATE, FREE));
    assertEquals("2026-01-01T10:30:00Z",
        KeyText.encode(LocalDateTime.of(2026, 1, 1, 10, 30), ColumnType.TIMESTAMP, FREE));
    assertEquals("2026-01-01T10:30:00.250Z",
        KeyText.encode(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 250_000_000), ColumnType.TIMESTAMP, FREE));
  }

  @Test
  void binaryCannotBeKeyText() {
    assertThrows(IllegalStateException.class,
        () -> KeyText.encode(new ByteString(new byte[] {1}), ColumnType.VARBINARY, FREE));
  }

  @Test
  void decodeReadsEachType() {
    assertEquals("x", KeyText.decode("x", ColumnType.VARCHAR));
    assertEquals(42, KeyText.decode("000042", ColumnType.INTEGER));
    assertEquals(42L, KeyText.decode("42", ColumnType.BIGINT));
    assertEquals(new BigDecimal("1.50"), KeyText.decode("1.50", ColumnType.DECIMAL));
    assertEquals(1.5, KeyText.decode("1.5", ColumnType.DOUBLE));
    assertEquals(false, KeyText.decode("false", ColumnType.BOOLEAN));
    assertEquals(LocalDate.of(2026, 1, 5), KeyText.decode("2026-01-05", ColumnType.DATE));
    assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30), KeyText.decode("2026-01-01T10:30:00.000Z", ColumnType.TIMESTAMP));
  }

  private static void assertUnreadable(SqlState state, String message, String text, ColumnType type) {
    UnreadableValueException e = assertThrows(UnreadableValueException.class, () -> KeyText.decode(text, type));
    assertEquals(message, e.getMessage());
    assertEquals(state, e.state());
  }

  @Test
  void decodeRejectsTextOfAnotherTypeWithTheStateOfTheFault() {
    assertUnreadable(SqlState.INVALID_CHARACTER_VALUE, "holds 'x1', which is not a valid INTEGER", "x1", ColumnType.INTEGER);
    assertUnreadable(SqlState.INVALID_CHARACTER_VALUE, "holds 'TRUE', which is not a valid BOOLEAN", "TRUE", ColumnType.BOOLEAN);
    assertUnreadable(SqlState.INVALID_DATETIME, "holds '2026-02-30', which is not a valid DATE", "2026-02-30", ColumnType.DATE);
    assertUnreadable(SqlState.INVALID_DATETIME, "holds 'soon', which is not a valid TIMESTAMP", "soon", ColumnType.TIMESTAMP);
    assertUnreadable(SqlState.NUMERIC_OUT_OF_RANGE, "holds '99999999999', which is not a valid INTEGER", "99999999999",
        ColumnType.INTEGER);
  }

  @Test
  void encodeThenDecodeIsTheSameValue() {
    LocalDateTime t = LocalDateTime.of(2026, 3, 4, 5, 6, 7, 8_000_000);
    assertEquals(t, KeyText.decode(KeyText.encode(t, ColumnType.TIMESTAMP, FREE), ColumnType.TIMESTAMP));
    assertEquals(17L, KeyText.decode(KeyText.encode(17L, ColumnType.BIGINT, SIX), ColumnType.BIGINT));
  }
}
