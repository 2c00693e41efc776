package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;

/**
 * A conjunct of a WHERE clause that a key condition may be able to express: a column compared with
 * a value, a column {@code IN} a list of values, or a column {@code LIKE} a prefix pattern.
 *
 * @param column index of the column in the table's row type
 * @param operands the value compared with; for {@link Kind#IN} every value of the list
 * @param conjunct index of the conjunct it came from, to tell which conjuncts a key condition consumed
 * @param exact for {@link Kind#PREFIX}: true when the pattern is the prefix followed by {@code %}
 *     alone, so that {@code begins_with} expresses the whole LIKE; always true otherwise
 */
public record KeyPredicate(int column, Kind kind, ImmutableList<Operand> operands, int conjunct, boolean exact) {
  /** The conjunct of a predicate the mapping implies rather than the statement states (a shard's). */
  public static final int IMPLIED = -1;

  public KeyPredicate(int column, Kind kind, Operand operand, int conjunct, boolean exact) {
    this(column, kind, ImmutableList.of(operand), conjunct, exact);
  }

  /** The single operand of every kind but IN. */
  public Operand operand() {
    return operands.get(0);
  }

  public enum Kind {
    EQ,
    LT,
    LE,
    GT,
    GE,
    /** The operand is the literal prefix of a LIKE pattern. */
    PREFIX,
    /** An IN list or an OR of equalities on one column: one key read per value. */
    IN;

    /** Whether the column is pinned to one value, or to one of a few, in each key read. */
    public boolean isEquality() {
      return this == EQ || this == IN;
    }

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
