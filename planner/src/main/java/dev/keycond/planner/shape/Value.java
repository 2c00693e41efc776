package dev.keycond.planner.shape;

/**
 * A value written in a simple statement, compared with a column or assigned to one: a string, an
 * integer in digits alone, or a {@code ?} marker.
 */
public sealed interface Value {
  <R> R accept(Visitor<R> visitor);

  /** A string literal, its quotes taken off. */
  record Text(String text) implements Value {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.text(text);
    }
  }

  /** An integer literal, in its digits. */
  record Integer(String digits) implements Value {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.integer(digits);
    }
  }

  /** The {@code index}-th (0-based) {@code ?} marker of the text. */
  record Marker(int index) implements Value {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.marker(index);
    }
  }

  /** Something done with each kind of value. */
  interface Visitor<R> {
    R text(String text);

    R integer(String digits);

    R marker(int index);
  }
}
