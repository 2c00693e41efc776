package dev.keycond.planner.codec;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What DynamoDB accepts as a key value, checked before a value is sent as one (by a read's key
 * condition or keys, and by writes). Text must be valid Unicode: a lone surrogate has no UTF-8
 * form, and DynamoDB would match it to another key (U+FFFD); such a value is refused with 22021.
 * A partition key value may hold at most 2048 bytes and a sort key value 1024 (UTF-8 for text, the
 * bytes themselves for binary), counted after template encoding; a longer one is refused with
 * 22001, naming the limit and the length. Numbers have their own range, checked where they are
 * encoded.
 */
public final class KeyValueLimits {
  /** Which key attribute a value is sent for: the limits differ. */
  public enum KeyRole {
    PARTITION("partition", 2048),
    SORT("sort", 1024);

    private final String label;
    private final int maxBytes;

    KeyRole(String label, int maxBytes) {
      this.label = label;
      this.maxBytes = maxBytes;
    }

    public int maxBytes() {
      return maxBytes;
    }
  }

  private KeyValueLimits() {}

  /**
   * @throws KeycondException 22021 for text that is not valid Unicode, 22001 for a value longer
   *     than the key attribute allows
   */
  public static void check(String attribute, KeyRole role, AttributeValue value) {
    int length;
    if (value.s() != null) {
      checkUnicode(value.s(), "The value of key attribute '" + attribute + "'");
      length = value.s().getBytes(StandardCharsets.UTF_8).length;
    } else if (value.b() != null) {
      length = value.b().asByteArrayUnsafe().length;
    } else {
      return;
    }
    if (length > role.maxBytes) {
      throw new KeycondException(SqlState.STRING_TOO_LONG, "The value of " + role.label + " key attribute '"
          + attribute + "' is " + length + " bytes long; DynamoDB allows at most " + role.maxBytes + " bytes for a "
          + role.label + " key value (in UTF-8, after its key template): no item can be written or found with it");
    }
  }

  /** @throws KeycondException 22021 when {@code text} holds a surrogate that is not half of a pair */
  public static void checkUnicode(String text, String what) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new KeycondException(SqlState.CHARACTER_NOT_IN_REPERTOIRE, what + " is not valid Unicode: it holds "
            + String.format("the lone surrogate U+%04X at position %d", (int) c, i + 1)
            + ", which has no UTF-8 form; DynamoDB cannot store or look up such text");
      }
    }
  }
}
