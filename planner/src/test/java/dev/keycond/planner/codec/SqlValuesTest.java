package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ColumnType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SqlValuesTest {
  private static final RexBuilder REX = new RexBuilder(new JavaTypeFactoryImpl());

  private static Object coerce(Object value, SqlTypeName target) {
    return SqlValues.coerce(value, target);
  }

  private static KeycondException failure(Object value, SqlTypeName target) {
    return assertThrows(KeycondException.class, () -> SqlValues.coerce(value, target));
  }

  @Test
  void nullStaysNull() {
    assertNull(coerce(null, SqlTypeName.INTEGER));
  }

  @Nested
  class ToText {
    @Test
    void numbersBooleansAndDates() {
      assertEquals("5", coerce(5, SqlTypeName.VARCHAR));
      assertEquals("1.50", coerce(new BigDecimal("1.50"), SqlTypeName.VARCHAR));
      assertEquals("1000", coerce(new BigDecimal("1E+3"), SqlTypeName.VARCHAR));
      assertEquals("true", coerce(true, SqlTypeName.CHAR));
      assertEquals("2026-01-05", coerce(LocalDate.of(2026, 1, 5), SqlTypeName.VARCHAR));
    }

    @Test
    void timestampWithFractionUsesSqlText() {
      assertEquals("2026-01-01 10:30:15.5",
          coerce(LocalDateTime.of(2026, 1, 1, 10, 30, 15, 500_000_000), SqlTypeName.VARCHAR));
    }

    /**
     * BUG: a timestamp at a whole minute loses its seconds ("2026-01-01 10:30"), because it goes
     * through LocalDateTime.toString. CAST(TIMESTAMP AS VARCHAR) in the executor (Coercion) writes
     * "2026-01-01 10:30:00", so a VARCHAR key column compared with a setTimestamp parameter is
     * looked up under a different text than the driver compares with.
     */
    @Test
    void timestampAtAWholeMinuteKeepsItsSeconds() {
      assertEquals("2026-01-01 10:30:00", coerce(LocalDateTime.of(2026, 1, 1, 10, 30), SqlTypeName.VARCHAR));
    }
  }

  @Nested
  class ToNumbers {
    @Test
    void integersFromNumbersAndText() {
      assertEquals(42, coerce("42", SqlTypeName.INTEGER));
      assertEquals(42, coerce(" 42 ", SqlTypeName.INTEGER));
      assertEquals(42, coerce(42L, SqlTypeName.SMALLINT));
      assertEquals(7, coerce(new BigDecimal("7.000"), SqlTypeName.INTEGER));
      assertEquals(5L, coerce(5, SqlTypeName.BIGINT));
      assertEquals(Long.MAX_VALUE, coerce("9223372036854775807", SqlTypeName.BIGINT));
      assertEquals(3L, coerce(3.0, SqlTypeName.BIGINT));
    }

    @Test
    void outOfRangeIsNumericValueOutOfRange() {
      KeycondException e = failure(new BigDecimal("2147483648"), SqlTypeName.INTEGER);
      assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, e.state());
      assertEquals("Value 2147483648 is out of range for INTEGER", e.getMessage());
      assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, failure(1e19, SqlTypeName.BIGINT).state());
      assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, failure(Double.NaN, SqlTypeName.DECIMAL).state());
    }

    @Test
    void fractionIsNotSilentlyDroppedForAnInteger() {
      KeycondException e = failure("1.5", SqlTypeName.INTEGER);
      assertEquals("22018", e.state().code());
      assertEquals("Value '1.5' has a fraction, which INTEGER cannot hold", e.getMessage());
      assertEquals("22003", failure("1E+19", SqlTypeName.BIGINT).state().code());
    }

    @Test
    void textThatIsNotANumberIsAnInvalidCharacterValue() {
      KeycondException e = failure("abc", SqlTypeName.INTEGER);
      assertEquals(SqlState.INVALID_CHARACTER_VALUE, e.state());
      assertEquals("22018", e.state().code());
      assertEquals("Value 'abc' cannot be converted to INTEGER", e.getMessage());
      assertEquals(SqlState.INVALID_CHARACTER_VALUE, failure("x", SqlTypeName.DOUBLE).state());
      assertEquals(SqlState.INVALID_CHARACTER_VALUE, failure(true, SqlTypeName.BIGINT).state());
    }

    @Test
    void decimalsAreExactAndDoublesAreReadFromTheirShortestText() {
      assertEquals(new BigDecimal("1.50"), coerce("1.50", SqlTypeName.DECIMAL));
      assertEquals(new BigDecimal("0.1"), coerce(0.1, SqlTypeName.DECIMAL));
      assertEquals(1.5, coerce("1.5", SqlTypeName.DOUBLE));
      assertEquals(2.0, coerce(2, SqlTypeName.FLOAT));
    }
  }

  @Nested
  class ToOtherTypes {
    @Test
    void booleansFromText() {
      assertEquals(true, coerce("TRUE", SqlTypeName.BOOLEAN));
      assertEquals(false, coerce(" false ", SqlTypeName.BOOLEAN));
      KeycondException e = failure("yes", SqlTypeName.BOOLEAN);
      assertEquals(SqlState.INVALID_CHARACTER_VALUE, e.state());
      assertEquals("Value 'yes' cannot be converted to BOOLEAN", e.getMessage());
    }

    @Test
    void binaryFromBytesOnly() {
      assertEquals(new ByteString(new byte[] {1, 2}), coerce(new byte[] {1, 2}, SqlTypeName.VARBINARY));
      assertEquals(SqlState.INVALID_CHARACTER_VALUE, failure("0102", SqlTypeName.VARBINARY).state());
    }

    @Test
    void datesFromTextAndTimestamps() {
      assertEquals(LocalDate.of(2026, 1, 5), coerce("2026-01-05", SqlTypeName.DATE));
      assertEquals(LocalDate.of(2026, 1, 5), coerce(LocalDateTime.of(2026, 1, 5, 23, 59), SqlTypeName.DATE));
      assertEquals(SqlState.INVALID_DATETIME, failure("2026-13-01", SqlTypeName.DATE).state());
    }

    @Test
    void timesFromText() {
      assertEquals(LocalTime.of(10, 30), coerce("10:30", SqlTypeName.TIME));
    }

    @Test
    void timestampsFromTextAndDates() {
      assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30), coerce("2026-01-01T12:30:00+02:00", SqlTypeName.TIMESTAMP));
      assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30), coerce(" 2026-01-01 10:30:00 ", SqlTypeName.TIMESTAMP));
      assertEquals(LocalDateTime.of(2026, 1, 5, 0, 0), coerce(LocalDate.of(2026, 1, 5), SqlTypeName.TIMESTAMP));
      assertEquals(SqlState.INVALID_DATETIME, failure("later", SqlTypeName.TIMESTAMP).state());
    }

    @Test
    void columnValuesFollowTheColumnsSqlType() {
      assertEquals(5L, SqlValues.toColumnValue(5, ColumnType.BIGINT));
      assertEquals(LocalDate.of(2026, 1, 5), SqlValues.toColumnValue("2026-01-05", ColumnType.DATE));
      assertEquals("12", SqlValues.toColumnValue(12, ColumnType.VARCHAR));
    }
  }

  @Nested
  class Literals {
    @Test
    void literalsBecomeInternalValues() {
      assertEquals("x", SqlValues.fromLiteral(REX.makeLiteral("x")));
      assertEquals(5, SqlValues.fromLiteral(REX.makeExactLiteral(BigDecimal.valueOf(5))));
      assertEquals(new BigDecimal("1.50"), SqlValues.fromLiteral(REX.makeExactLiteral(new BigDecimal("1.50"))));
      assertEquals(true, SqlValues.fromLiteral(REX.makeLiteral(true)));
      assertEquals(LocalDate.of(2026, 1, 5), SqlValues.fromLiteral(REX.makeDateLiteral(new DateString("2026-01-05"))));
      assertNull(SqlValues.fromLiteral(REX.makeNullLiteral(REX.getTypeFactory().createSqlType(SqlTypeName.INTEGER))));
    }

    @Test
    void timestampLiteralKeepsItsFraction() {
      assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 123_000_000),
          SqlValues.fromLiteral(REX.makeTimestampLiteral(new TimestampString("2026-01-01 10:30:00.123"), 3)));
    }
  }
}
