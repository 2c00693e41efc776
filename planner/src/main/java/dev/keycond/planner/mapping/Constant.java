package dev.keycond.planner.mapping;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;

/**
 * A constant attribute of a table's items, such as {@code EntityType = "Order"}: written on every
 * item the table writes, and required of every item it reads, which otherwise belongs to another
 * entity. Declared under {@code "constants"}: a JSON string is an S, a number an N, a boolean a BOOL.
 *
 * @param attribute the DynamoDB attribute
 * @param type {@link AttributeType#S}, {@link AttributeType#N} or {@link AttributeType#BOOL}
 * @param text the string, the number as written, or {@code true}/{@code false}
 */
public record Constant(String attribute, AttributeType type, String text) {
  public Constant {
    requireNonNull(attribute, "attribute");
    requireNonNull(text, "text");
    switch (type) {
      case S:
        break;
      case N:
        new BigDecimal(text);
        break;
      case BOOL:
        if (!text.equals("true") && !text.equals("false")) {
          throw new IllegalArgumentException("a BOOL constant is true or false, not " + text);
        }
        break;
      default:
        throw new IllegalArgumentException("a constant is an S, an N or a BOOL, not " + type);
    }
  }

  /** The constant as SQL and messages write it: {@code EntityType = 'Order'}, {@code version = 2}. */
  @Override
  public String toString() {
    return attribute + " = " + (type == AttributeType.S ? "'" + text.replace("'", "''") + "'" : text);
  }
}
