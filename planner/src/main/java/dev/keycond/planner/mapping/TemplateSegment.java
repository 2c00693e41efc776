package dev.keycond.planner.mapping;

/** One piece of a {@link KeyTemplate}: literal text, or the value of a column. */
public sealed interface TemplateSegment {

  /** Literal characters copied into the key as they are. */
  record Literal(String text) implements TemplateSegment {}

  /**
   * A column's value. A positive {@code width} zero-pads an integer to that many digits, which keeps
   * numeric order equal to string order so that ranges on the column can become key ranges.
   */
  record Slot(String column, int width) implements TemplateSegment {
    public boolean fixedWidth() {
      return width > 0;
    }
  }
}
