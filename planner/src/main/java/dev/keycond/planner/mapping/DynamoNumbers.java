package dev.keycond.planner.mapping;

import java.math.BigDecimal;

/**
 * The numbers DynamoDB can store in an N: 0, or at most 38 significant digits of a magnitude from
 * 1E-130 to 9.9999999999999999999999999999999999999E+125. Checked wherever a number becomes an N
 * keycond sends: a value written or compared on a key, and a numeric constant of the mapping, so
 * that one DynamoDB cannot hold is refused naming it, not by DynamoDB ("Number overflow").
 */
public final class DynamoNumbers {
  /** How messages state the limits: "DynamoDB's numbers have " + LIMITS. */
  public static final String LIMITS = "at most 38 significant digits and are 0 or of a magnitude from 1E-130 to "
      + "9.9999999999999999999999999999999999999E+125";
  public static final int MAX_DIGITS = 38;
  private static final int MIN_EXPONENT = -130;
  private static final int MAX_EXPONENT = 125;

  private DynamoNumbers() {}

  /** Whether DynamoDB can store the number exactly. */
  public static boolean holds(BigDecimal number) {
    if (number.signum() == 0) {
      return true;
    }
    BigDecimal digits = number.stripTrailingZeros();
    // The power of ten of the leading digit: 1E-130 has -130, 9.99E+125 has 125.
    int exponent = digits.precision() - digits.scale() - 1;
    return digits.precision() <= MAX_DIGITS && exponent >= MIN_EXPONENT && exponent <= MAX_EXPONENT;
  }
}
