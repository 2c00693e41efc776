package dev.keycond.planner.plan;

/**
 * A conjunct of a WHERE clause that a key condition may be able to express: a column compared with
 * a value, or a column {@code LIKE} a prefix pattern.
 *
 * @param column index of the column in the table's row type
 * @param conjunct index of the conjunct it came from, to tell which conjuncts a key condition consumed
 * @param exact for {@link Kind#PREFIX}: true when the pattern is the prefix followed by {@code %}
 *     alone, so that {@code begins_with} expresses the whole LIKE; always true otherwise
 */
public record KeyPredicate(int column, Kind kind, Operand operand, int conjunct, boolean exact) {

  public enum Kind {
    EQ,
    LT,
    LE,
    GT,
    GE,
    /** The operand is the literal prefix of a LIKE pattern. */
    PREFIX;

    public boolean isLowerBound() {
      return this == GT || this == GE;
    }

    public boolean isUpperBound() {
      return this == LT || this == LE;
    }

    public Kind flip() {
      switch (this) {
        case LT:
          return GT;
        case LE:
          return GE;
        case GT:
          return LT;
        case GE:
          return LE;
        default:
          return this;
      }
    }
  }
}
