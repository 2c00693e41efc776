package dev.keycond.planner.plan;

import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.TemplateSegment;

/** A piece of a key attribute's value: template text, or a column value to encode into it. */
public sealed interface KeyPart {

  record Text(String text) implements KeyPart {}

  /**
   * A column's value in a template slot.
   *
   * @param template the template the slot belongs to, whose literals the value must not contain
   * @param raw true when the operand is a prefix of the slot's text (from {@code LIKE 'abc%'})
   *     rather than a whole column value, so it is inserted as text without type encoding
   */
  record Value(Column column, TemplateSegment.Slot slot, Operand operand, String template, boolean raw)
      implements KeyPart {}
}
