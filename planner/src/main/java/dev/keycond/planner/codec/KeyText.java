package dev.keycond.planner.codec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDateTime;

/**
 * How a column value is written into, and read back from, the text of a key template slot.
 *
 * <p>Encoding is canonical (one text per value), because a key lookup only finds an item whose key
 * was written with exactly the same text.
 */
public final class KeyText {
  private KeyText() {}

  public static String encode(Object value, ColumnType type, Slot slot) {
    switch (type) {
      case VARCHAR:
        return (String) value;
      case INTEGER:
      case BIGINT:
        return encodeInteger(((Number) value).longValue(), slot);
      case DECIMAL:
      case DOUBLE:
        return AttributeCodec.canonicalNumber((Number) value);
      case BOOLEAN:
        return value.toString();
      case TIMESTAMP:
        return Timestamps.format((LocalDateTime) value);
      case DATE:
        return value.toString();
      default:
        throw new IllegalStateException("type " + type + " cannot be part of a key template");
    }
  }

  /**
   * Whether the slot can hold the value: any value, but for a zero-padded slot, which holds the
   * integers from 0 to its width in nines. A key compared with one it cannot hold matches no item.
   */
  public static boolean fits(Object value, ColumnType type, Slot slot) {
    if (!slot.fixedWidth() || type != ColumnType.INTEGER && type != ColumnType.BIGINT) {
      return true;
    }
    long n = ((Number) value).longValue();
    return n >= 0 && Long.toString(n).length() <= slot.width();
  }

  private static String encodeInteger(long n, Slot slot) {
    String digits = Long.toString(n);
    if (!slot.fixedWidth()) {
      return digits;
    }
    if (!fits(n, ColumnType.BIGINT, slot)) {
      throw new KeycondException(SqlState.NUMERIC_OUT_OF_RANGE,
          "Value " + n + " of column '" + slot.column() + "' does not fit the key template's "
              + slot.width() + "-digit slot; it must be between 0 and " + "9".repeat(slot.width()));
    }
    return "0".repeat(slot.width() - digits.length()) + digits;
  }

  /**
   * Reads a slot's text as a value of {@code type}.
   *
   * @throws UnreadableValueException when the text is not a value of that type
   */
  public static Object decode(String text, ColumnType type) {
    try {
      switch (type) {
        case VARCHAR:
          return text;
        case INTEGER:
          return Integer.valueOf(text);
        case BIGINT:
          return Long.valueOf(text);
        case DECIMAL:
          return new BigDecimal(text);
        case DOUBLE:
          return Double.valueOf(text);
        case BOOLEAN:
          if (!text.equals("true") && !text.equals("false")) {
            throw new NumberFormatException(text);
          }
          return Boolean.valueOf(text);
        case TIMESTAMP:
          return Timestamps.parse(text);
        case DATE:
          return IsoForms.date(text);
        default:
          throw new IllegalStateException("type " + type + " cannot be part of a key template");
      }
    } catch (DateTimeException e) {
      throw unreadable(SqlState.INVALID_DATETIME, text, type, e);
    } catch (NumberFormatException e) {
      // Digits that Long or Integer refuse are a number too large for the column, not a bad text.
      SqlState state = text.matches("-?\\d+") ? SqlState.NUMERIC_OUT_OF_RANGE : SqlState.INVALID_CHARACTER_VALUE;
      throw unreadable(state, text, type, e);
    }
  }

  private static UnreadableValueException unreadable(SqlState state, String text, ColumnType type, Exception cause) {
    return new UnreadableValueException(state, "holds '" + text + "', which is not a valid " + type, cause);
  }
}
