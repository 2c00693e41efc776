package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ColumnType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class AttributeCodecTest {
  private static final AttributeValue BYTES = AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, (byte) 0xFF}));

  private static String wrongType(AttributeValue value, ColumnType type) {
    return assertThrows(IllegalArgumentException.class, () -> AttributeCodec.decode(value, type)).getMessage();
  }

  @Nested
  class Decode {
    @Test
    void missingOrNullAttributeIsSqlNull() {
      assertNull(AttributeCodec.decode(null, ColumnType.BIGINT));
      assertNull(AttributeCodec.decode(AttributeValue.fromNul(true), ColumnType.VARCHAR));
    }

    @Test
    void eachScalarType() {
      assertEquals("hello", AttributeCodec.decode(AttributeValue.fromS("hello"), ColumnType.VARCHAR));
      assertEquals(new BigDecimal("12.50"), AttributeCodec.decode(AttributeValue.fromN("12.50"), ColumnType.DECIMAL));
      assertEquals(42L, AttributeCodec.decode(AttributeValue.fromN("42"), ColumnType.BIGINT));
      assertEquals(42, AttributeCodec.decode(AttributeValue.fromN("42"), ColumnType.INTEGER));
      assertEquals(1.5, AttributeCodec.decode(AttributeValue.fromN("1.5"), ColumnType.DOUBLE));
      assertEquals(true, AttributeCodec.decode(AttributeValue.fromBool(true), ColumnType.BOOLEAN));
      assertEquals(new ByteString(new byte[] {1, (byte) 0xFF}), AttributeCodec.decode(BYTES, ColumnType.VARBINARY));
      assertEquals(LocalDate.of(2026, 1, 5), AttributeCodec.decode(AttributeValue.fromS("2026-01-05"), ColumnType.DATE));
      assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30),
          AttributeCodec.decode(AttributeValue.fromS("2026-01-01T12:30:00+02:00"), ColumnType.TIMESTAMP));
    }

    @Test
    void numberReadAsVarcharKeepsItsText() {
      assertEquals("12.50", AttributeCodec.decode(AttributeValue.fromN("12.50"), ColumnType.VARCHAR));
    }

    @Test
    void integerInExponentFormIsAccepted() {
      assertEquals(1000, AttributeCodec.decode(AttributeValue.fromN("1E+3"), ColumnType.INTEGER));
      assertEquals(120L, AttributeCodec.decode(AttributeValue.fromN("120.0"), ColumnType.BIGINT));
    }

    /** Plain digits are read without a BigDecimal up to 18 (BIGINT) or 9 (INTEGER) of them; longer ones with it. */
    @Test
    void integersOnEitherSideOfThePlainDigitsReadTheSame() {
      assertEquals(0L, AttributeCodec.decode(AttributeValue.fromN("-0"), ColumnType.BIGINT));
      assertEquals(7L, AttributeCodec.decode(AttributeValue.fromN("007"), ColumnType.BIGINT));
      assertEquals(999_999_999_999_999_999L,
          AttributeCodec.decode(AttributeValue.fromN("999999999999999999"), ColumnType.BIGINT));
      assertEquals(-999_999_999_999_999_999L,
          AttributeCodec.decode(AttributeValue.fromN("-999999999999999999"), ColumnType.BIGINT));
      assertEquals(Long.MAX_VALUE, AttributeCodec.decode(AttributeValue.fromN("9223372036854775807"), ColumnType.BIGINT));
      assertEquals(Long.MIN_VALUE, AttributeCodec.decode(AttributeValue.fromN("-9223372036854775808"), ColumnType.BIGINT));
      assertEquals(5L, AttributeCodec.decode(AttributeValue.fromN("+5"), ColumnType.BIGINT));
      assertEquals(999_999_999, AttributeCodec.decode(AttributeValue.fromN("999999999"), ColumnType.INTEGER));
      assertEquals(Integer.MAX_VALUE, AttributeCodec.decode(AttributeValue.fromN("2147483647"), ColumnType.INTEGER));
      assertEquals(Integer.MIN_VALUE, AttributeCodec.decode(AttributeValue.fromN("-2147483648"), ColumnType.INTEGER));
      assertEquals(Long.class, AttributeCodec.decode(AttributeValue.fromN("12"), ColumnType.BIGINT).getClass());
      assertEquals(Integer.class, AttributeCodec.decode(AttributeValue.fromN("12"), ColumnType.INTEGER).getClass());
      assertEquals("holds the number -9223372036854775809, which does not fit BIGINT",
          wrongType(AttributeValue.fromN("-9223372036854775809"), ColumnType.BIGINT));
      assertEquals("holds the number -2147483649, which does not fit INTEGER",
          wrongType(AttributeValue.fromN("-2147483649"), ColumnType.INTEGER));
    }

    @Test
    void bigintOverflowSaysItDoesNotFit() {
      assertEquals("holds the number 9223372036854775808, which does not fit BIGINT",
          wrongType(AttributeValue.fromN("9223372036854775808"), ColumnType.BIGINT));
      assertEquals("holds the number 2147483648, which does not fit INTEGER",
          wrongType(AttributeValue.fromN("2147483648"), ColumnType.INTEGER));
    }

    @Test
    void fractionInAnIntegerColumnSaysItDoesNotFit() {
      assertEquals("holds the number 1.5, which is not a whole BIGINT value",
          wrongType(AttributeValue.fromN("1.5"), ColumnType.BIGINT));
    }

    @Test
    void wrongTypesAreNamed() {
      assertEquals("holds the string '12', which is not a DECIMAL value",
          wrongType(AttributeValue.fromS("12"), ColumnType.DECIMAL));
      assertEquals("holds the number 1, which is not a BOOLEAN value",
          wrongType(AttributeValue.fromN("1"), ColumnType.BOOLEAN));
      assertEquals("holds the boolean true, which is not a VARCHAR value",
          wrongType(AttributeValue.fromBool(true), ColumnType.VARCHAR));
      assertEquals("holds binary data, which is not a VARCHAR value", wrongType(BYTES, ColumnType.VARCHAR));
      assertEquals("holds a list, which is not a BIGINT value",
          wrongType(AttributeValue.fromL(List.of()), ColumnType.BIGINT));
      assertEquals("holds a string set, which is not a TIMESTAMP value",
          wrongType(AttributeValue.fromSs(List.of("a")), ColumnType.TIMESTAMP));
    }

    @Test
    void longStringsAreAbbreviatedInMessages() {
      String fifty = "x".repeat(50);
      assertEquals("holds the string '" + "x".repeat(37) + "...', which is not a BIGINT value",
          wrongType(AttributeValue.fromS(fifty), ColumnType.BIGINT));
    }

    @Test
    void faultsCarryTheirSqlState() {
      assertEquals(SqlState.INVALID_DATETIME, assertThrows(UnreadableValueException.class,
          () -> AttributeCodec.decode(AttributeValue.fromS("soon"), ColumnType.TIMESTAMP)).state());
      assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, assertThrows(UnreadableValueException.class,
          () -> AttributeCodec.decode(AttributeValue.fromN("9223372036854775808"), ColumnType.BIGINT)).state());
      assertEquals(SqlState.INVALID_CHARACTER_VALUE, assertThrows(UnreadableValueException.class,
          () -> AttributeCodec.decode(AttributeValue.fromS("x"), ColumnType.BIGINT)).state());
    }

    @Test
    void setsAreSortedInDynamoOrder() {
      assertEquals(List.of("B", "a", "b"),
          AttributeCodec.decode(AttributeValue.fromSs(List.of("b", "a", "B")), ColumnType.STRING_SET));
      assertEquals(List.of(new BigDecimal("9"), new BigDecimal("10")),
          AttributeCodec.decode(AttributeValue.fromNs(List.of("10", "9")), ColumnType.NUMBER_SET));
    }
  }

  @Nested
  class Encode {
    @Test
    void numbersAreCanonical() {
      assertEquals(AttributeValue.fromN("42"), AttributeCodec.encode(42L, ColumnType.BIGINT));
      assertEquals(AttributeValue.fromN("7"), AttributeCodec.encode(7, ColumnType.INTEGER));
      assertEquals(AttributeValue.fromN("1.5"), AttributeCodec.encode(new BigDecimal("1.500"), ColumnType.DECIMAL));
      assertEquals(AttributeValue.fromN("0"), AttributeCodec.encode(new BigDecimal("0E-10"), ColumnType.DECIMAL));
      assertEquals(AttributeValue.fromN("100000000000000000000"), AttributeCodec.encode(1e20, ColumnType.DOUBLE));
    }

    @Test
    void otherScalarTypes() {
      assertEquals(AttributeValue.fromS("x"), AttributeCodec.encode("x", ColumnType.VARCHAR));
      assertEquals(AttributeValue.fromBool(false), AttributeCodec.encode(false, ColumnType.BOOLEAN));
      assertEquals(BYTES, AttributeCodec.encode(new ByteString(new byte[] {1, (byte) 0xFF}), ColumnType.VARBINARY));
      assertEquals(AttributeValue.fromS("2026-01-05"), AttributeCodec.encode(LocalDate.of(2026, 1, 5), ColumnType.DATE));
      assertEquals(AttributeValue.fromS("2026-01-01T10:30:00Z"),
          AttributeCodec.encode(LocalDateTime.of(2026, 1, 1, 10, 30), ColumnType.TIMESTAMP));
    }

    @Test
    void keyOfANumberAttributeIsANumber() {
      assertEquals(AttributeValue.fromN("12.5"), AttributeCodec.encode(new BigDecimal("12.50"), ColumnType.DECIMAL));
      assertEquals(AttributeValue.fromS("k"), AttributeCodec.encode("k", ColumnType.VARCHAR));
    }

    @Test
    void decodeOfEncodeIsTheSameValue() {
      LocalDateTime t = LocalDateTime.of(2026, 1, 1, 10, 30, 0, 1_000_000);
      assertEquals(t, AttributeCodec.decode(AttributeCodec.encode(t, ColumnType.TIMESTAMP), ColumnType.TIMESTAMP));
      assertEquals(-5L, AttributeCodec.decode(AttributeCodec.encode(-5L, ColumnType.BIGINT), ColumnType.BIGINT));
    }

    @Test
    void canonicalNumberHasOneTextPerValue() {
      assertEquals("0", AttributeCodec.canonicalNumber(new BigDecimal("-0.00")));
      assertEquals("120", AttributeCodec.canonicalNumber(new BigDecimal("1.20E+2")));
      assertEquals("0.05", AttributeCodec.canonicalNumber(new BigDecimal("0.050")));
    }
  }

  /** Plain text, unless it would run past DynamoDB's 38 digits: then the exponent form of the same number. */
  @Test
  void aNumberIsSentPlainUpTo38DigitsAndInItsExponentFormPastThem() {
    assertEquals("1.5", AttributeCodec.dynamoNumber(new BigDecimal("1.50")));
    assertEquals("0.0025", AttributeCodec.dynamoNumber(new BigDecimal("2.5E-3")));
    assertEquals("1" + "0".repeat(37), AttributeCodec.dynamoNumber(new BigDecimal("1E+37")));
    assertEquals("1E+38", AttributeCodec.dynamoNumber(new BigDecimal("1E+38")));
    assertEquals("-1.5E+100", AttributeCodec.dynamoNumber(-1.5e100));
    assertEquals("1E-130", AttributeCodec.dynamoNumber(new BigDecimal("1E-130")));
    assertEquals("0", AttributeCodec.dynamoNumber(new BigDecimal("-0.000")));
    assertEquals("12345678901234567890123456789012345678",
        AttributeCodec.dynamoNumber(new BigDecimal("12345678901234567890123456789012345678")));
  }
}
