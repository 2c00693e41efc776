package dev.keycond.planner.codec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.DynamoNumbers;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.calcite.avatica.util.ByteString;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts between DynamoDB attribute values and the values of SQL columns.
 *
 * <p>Inside keycond a column value is a String (VARCHAR), BigDecimal (DECIMAL), Long (BIGINT),
 * Integer (INTEGER), Double (DOUBLE), Boolean, {@link ByteString} (VARBINARY), UTC
 * {@link LocalDateTime} (TIMESTAMP), {@link LocalDate} (DATE), JSON text (JSON) or an immutable
 * sorted List (the set types).
 */
public final class AttributeCodec {
  private static final int MAX_LONG_DIGITS = 18;
  private static final int MAX_INT_DIGITS = 9;

  private AttributeCodec() {}

  /**
   * Reads an attribute as a value of {@code type}; null for a missing or NULL attribute.
   *
   * @throws UnreadableValueException when the attribute does not hold a value of that type
   */
  public static Object decode(AttributeValue value, ColumnType type) {
    if (value == null || Boolean.TRUE.equals(value.nul())) {
      return null;
    }
    switch (type) {
      case VARCHAR:
        if (value.s() != null) {
          return value.s();
        }
        if (value.n() != null) {
          return value.n();
        }
        break;
      case DECIMAL:
        if (value.n() != null) {
          return new BigDecimal(value.n());
        }
        break;
      case BIGINT:
        if (value.n() != null) {
          String n = value.n();
          return isPlainInteger(n, MAX_LONG_DIGITS) ? Long.parseLong(n) : exactInteger(n, type).longValueExact();
        }
        break;
      case INTEGER:
        if (value.n() != null) {
          String n = value.n();
          return isPlainInteger(n, MAX_INT_DIGITS) ? Integer.parseInt(n) : exactInteger(n, type).intValueExact();
        }
        break;
      case DOUBLE:
        if (value.n() != null) {
          return Double.valueOf(value.n());
        }
        break;
      case BOOLEAN:
        if (value.bool() != null) {
          return value.bool();
        }
        break;
      case VARBINARY:
        if (value.b() != null) {
          return new ByteString(value.b().asByteArray());
        }
        break;
      case TIMESTAMP:
        if (value.s() != null) {
          return KeyText.decode(value.s(), ColumnType.TIMESTAMP);
        }
        break;
      case DATE:
        if (value.s() != null) {
          return KeyText.decode(value.s(), ColumnType.DATE);
        }
        break;
      case JSON:
        return DynamoJson.toJson(value);
      case STRING_SET:
        if (value.hasSs()) {
          return sorted(new ArrayList<Object>(value.ss()));
        }
        break;
      case NUMBER_SET:
        if (value.hasNs()) {
          List<Object> numbers = new ArrayList<>();
          value.ns().forEach(n -> numbers.add(new BigDecimal(n)));
          return sorted(numbers);
        }
        break;
      case BINARY_SET:
        if (value.hasBs()) {
          List<Object> binaries = new ArrayList<>();
          value.bs().forEach(b -> binaries.add(new ByteString(b.asByteArray())));
          return sorted(binaries);
        }
        break;
      default:
        break;
    }
    throw new UnreadableValueException(SqlState.INVALID_CHARACTER_VALUE,
        "holds " + describe(value) + ", which is not a " + type + " value", null);
  }

  /** DynamoDB keeps no order in a set; sorting makes a read repeatable. */
  private static List<Object> sorted(List<Object> elements) {
    elements.sort(DynamoOrder.INSTANCE);
    return List.copyOf(elements);
  }

  /**
   * Whether a number's text is an optional minus and at most {@code maxDigits} digits, a value that
   * fits a long (18 digits) or an int (9) whatever they are, so that it need not be read as a
   * BigDecimal to find out.
   */
  private static boolean isPlainInteger(String number, int maxDigits) {
    int start = number.startsWith("-") ? 1 : 0;
    int digits = number.length() - start;
    if (digits < 1 || digits > maxDigits) {
      return false;
    }
    for (int i = start; i < number.length(); i++) {
      char c = number.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static BigDecimal exactInteger(String number, ColumnType type) {
    BigDecimal d = new BigDecimal(number);
    if (SqlValues.hasFraction(d)) {
      throw new UnreadableValueException(SqlState.INVALID_CHARACTER_VALUE,
          "holds the number " + number + ", which is not a whole " + type + " value", null);
    }
    try {
      if (type == ColumnType.INTEGER) {
        d.intValueExact();
      } else {
        d.longValueExact();
      }
      return d;
    } catch (ArithmeticException e) {
      throw new UnreadableValueException(SqlState.NUMERIC_OUT_OF_RANGE,
          "holds the number " + number + ", which does not fit " + type, e);
    }
  }

  /** Writes a non-null value of {@code type} as its DynamoDB attribute. */
  public static AttributeValue encode(Object value, ColumnType type) {
    switch (type.storage()) {
      case DOCUMENT:
        try {
          return DynamoJson.fromJson(value.toString());
        } catch (IllegalArgumentException e) {
          throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE,
              "Value '" + value + "' " + e.getMessage() + "; a " + type.mappingName() + " column takes JSON text", e);
        }
      // A set holds each member once: a collection that repeats one (as DynamoDB would refuse) is
      // written as the set of its members, numbers compared by value (1.5 and 1.50 are one).
      case SS:
        return AttributeValue.fromSs(((List<?>) value).stream().map(Object::toString).distinct().toList());
      case NS:
        return AttributeValue.fromNs(((List<?>) value).stream()
            .map(n -> dynamoNumber(setNumber(n, type))).distinct().toList());
      case BS:
        return AttributeValue.fromBs(((List<?>) value).stream()
            .map(b -> SdkBytes.fromByteArray(((ByteString) b).getBytes())).distinct().toList());
      case N:
        return AttributeValue.fromN(dynamoNumber((Number) value));
      case BOOL:
        return AttributeValue.fromBool((Boolean) value);
      case B:
        return AttributeValue.fromB(SdkBytes.fromByteArray(((ByteString) value).getBytes()));
      default:
        if (type == ColumnType.TIMESTAMP) {
          return AttributeValue.fromS(Timestamps.format((LocalDateTime) value));
        }
        return AttributeValue.fromS(value.toString());
    }
  }

  /** A member of a number set: a number, or the text of one. */
  private static Number setNumber(Object member, ColumnType type) {
    if (member instanceof Number n) {
      return n;
    }
    try {
      return new BigDecimal(member.toString().trim());
    } catch (NumberFormatException e) {
      throw new KeycondException(SqlState.INVALID_CHARACTER_VALUE,
          "Value '" + member + "' is not a number, so a " + type.mappingName() + " cannot hold it", e);
    }
  }

  /**
   * A number as DynamoDB takes it, checked against what DynamoDB can hold, so that a value it
   * cannot store fails here, naming the value, rather than in a request ("Number overflow").
   *
   * @throws KeycondException 22003 for more than 38 significant digits, or a magnitude outside
   *     1E-130 to 9.9999999999999999999999999999999999999E+125
   */
  public static String dynamoNumber(Number n) {
    BigDecimal d = DynamoOrder.toBigDecimal(finite(n));
    if (!DynamoNumbers.holds(d)) {
      throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE, "Value " + d + " cannot be sent to DynamoDB,"
          + " whose numbers have " + DynamoNumbers.LIMITS);
    }
    String plain = canonicalNumber(d);
    // Past DynamoDB's 38 digits, the plain text of a large or tiny number is mostly zeros, which
    // readers that hold numbers to 38 digits (boto3's, and moto's with it) refuse to read; the
    // exponent form is the same number in as many digits as it has.
    // A text no longer than 38 characters has no more digits: most numbers are decided by its length.
    return plain.length() > DynamoNumbers.MAX_DIGITS && plain.chars().filter(Character::isDigit).count()
        > DynamoNumbers.MAX_DIGITS ? d.stripTrailingZeros().toString() : plain;
  }

  /** One text per number, so that equal numbers are equal keys. */
  public static String canonicalNumber(Number n) {
    return canonicalNumber(DynamoOrder.toBigDecimal(finite(n)));
  }

  /** A DynamoDB number is a decimal: a DOUBLE that is NaN or infinite has none to be sent as. */
  private static Number finite(Number n) {
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE, "Value " + n + " cannot be sent to DynamoDB, "
            + "whose numbers are decimals: NaN and infinities have none");
      }
    }
    return n;
  }

  public static String canonicalNumber(BigDecimal d) {
    if (d.signum() == 0) {
      return "0";
    }
    return d.stripTrailingZeros().toPlainString();
  }

  public static String describe(AttributeValue v) {
    switch (v.type()) {
      case S:
        return "the string '" + abbreviate(v.s()) + "'";
      case N:
        return "the number " + v.n();
      case B:
        return "binary data";
      case BOOL:
        return "the boolean " + v.bool();
      case M:
        return "a map";
      case L:
        return "a list";
      case SS:
        return "a string set";
      case NS:
        return "a number set";
      case BS:
        return "a binary set";
      default:
        return "an unknown type";
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
