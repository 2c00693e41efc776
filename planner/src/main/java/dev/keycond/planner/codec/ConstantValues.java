package dev.keycond.planner.codec;

import dev.keycond.planner.mapping.Constant;
import java.math.BigDecimal;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A table's constant attributes as DynamoDB values, written on its items and required of them. */
public final class ConstantValues {
  private ConstantValues() {}

  public static AttributeValue value(Constant constant) {
    switch (constant.type()) {
      case N:
        return AttributeValue.fromN(constant.text());
      case BOOL:
        return AttributeValue.fromBool(Boolean.parseBoolean(constant.text()));
      default:
        return AttributeValue.fromS(constant.text());
    }
  }

  /**
   * Whether an item's attribute holds the constant, as DynamoDB's {@code =} compares it: a number
   * by its value ({@code 2.0} is {@code 2}), a string or boolean as it is.
   */
  public static boolean holds(Constant constant, AttributeValue value) {
    if (value == null) {
      return false;
    }
    switch (constant.type()) {
      case N:
        return value.n() != null && new BigDecimal(value.n()).compareTo(new BigDecimal(constant.text())) == 0;
      case BOOL:
        return value.bool() != null && value.bool() == Boolean.parseBoolean(constant.text());
      default:
        return constant.text().equals(value.s());
    }
  }
}
