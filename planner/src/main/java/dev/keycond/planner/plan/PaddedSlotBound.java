package dev.keycond.planner.plan;

import dev.keycond.planner.mapping.ColumnType;
import java.math.BigDecimal;

/**
 * Where a range bound lies against the values a zero-padded slot can hold: 0 up to the largest
 * number of its width that the column's type can hold. A bound past either end cannot be encoded
 * into the slot, yet its answer is well defined: it lets every stored value through, or none.
 */
enum PaddedSlotBound {
  /** The bound lies among the slot's values and is encoded as it is. */
  WITHIN,
  /** Every value the slot can hold meets the bound, which narrows nothing. */
  EVERY_VALUE,
  /** No value the slot can hold meets the bound: the range is empty. */
  NO_VALUE;

  /**
   * @param bound a part whose role is a bound, on a fixed-width slot
   * @param n the bound's value, exactly ({@link IntegerComparand#exact})
   */
  static PaddedSlotBound of(KeyPart.Value bound, BigDecimal n) {
    BigDecimal max = BigDecimal.TEN.pow(bound.slot().width()).subtract(BigDecimal.ONE)
        .min(BigDecimal.valueOf(bound.column().type() == ColumnType.INTEGER ? Integer.MAX_VALUE : Long.MAX_VALUE));
    // A strict bound at the end of the slot's values excludes that end too.
    boolean strict = bound.role().isStrict();
    if (bound.role().isLowerBound()) {
      int againstMax = n.compareTo(max);
      if (againstMax > 0 || strict && againstMax == 0) {
        return NO_VALUE;
      }
      return n.signum() < 0 || !strict && n.signum() == 0 ? EVERY_VALUE : WITHIN;
    }
    if (n.signum() < 0 || strict && n.signum() == 0) {
      return NO_VALUE;
    }
    int againstMax = n.compareTo(max);
    return againstMax > 0 || !strict && againstMax == 0 ? EVERY_VALUE : WITHIN;
  }
}
