package dev.keycond.planner.plan;

import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.TemplateSegment;

/** A piece of a key attribute's value: template text, or a column value to encode into it. */
public sealed interface KeyPart {

  record Text(String text) implements KeyPart {}

  /**
   * A column's value in a template slot.
   *
   * @param template the template the slot belongs to, whose literals a stored value must not contain
   */
  record Value(Column column, TemplateSegment.Slot slot, Operand operand, KeyTemplate template, Role role)
      implements KeyPart {}

  /** What a value stands for, which decides how it is encoded and checked. */
  enum Role {
    /** A whole column value, encoded as its type says; it must be storable in the slot. */
    VALUE,
    /** The start of the slot's text (from {@code LIKE 'abc%'}), inserted as it is. */
    PREFIX,
    /**
     * The ends of a range ({@code >=}, {@code >}, {@code <=}, {@code <}), encoded like a value but
     * only compared with, never stored; so a bound beyond what a zero-padded slot can hold is
     * clamped to the slot rather than refused. An upper bound on a slot that more template follows
     * is followed by the separator: a stored value equal to a prefix of the bound continues with the
     * separator, which may sort above the bound's next character; so the range ends just past
     * "bound, up to the first character below the separator, then the separator" (the key value is
     * the successor of that text).
     */
    AT_LEAST,
    ABOVE,
    AT_MOST,
    BELOW;

    public boolean isLowerBound() {
      return this == AT_LEAST || this == ABOVE;
    }

    public boolean isUpperBound() {
      return this == AT_MOST || this == BELOW;
    }

    /** Whether a value equal to the bound is outside the range. */
    public boolean isStrict() {
      return this == ABOVE || this == BELOW;
    }
  }
}
