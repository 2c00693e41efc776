package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.Constant;
import java.util.List;

/**
 * A condition DynamoDB can check on the server (a write's ConditionExpression) with exactly SQL's
 * meaning: the item meets it exactly when the SQL condition is TRUE for its row. Atoms compare one
 * attribute of an ordinary column (text, exact numbers, booleans, binary; never a key, date-time,
 * JSON or set column) with a value known when the statement runs; NOT has been pushed down to the
 * atoms, whose negations keep SQL's rule that a comparison with NULL is not TRUE.
 */
public sealed interface ServerCondition {

  /** {@code column op value}; a NULL value makes it never TRUE. */
  record Compare(Column column, Op op, Operand value) implements ServerCondition {}

  /**
   * {@code column LIKE pattern}, or NOT LIKE when {@code negated}; what it becomes (begins_with,
   * contains, =) depends on the pattern, which may be a parameter.
   *
   * @param escape the ESCAPE clause's text, or null
   */
  record Like(Column column, Operand pattern, String escape, boolean negated) implements ServerCondition {}

  /** {@code column IS NULL}, or IS NOT NULL when {@code negated}. */
  record IsNull(Column column, boolean negated) implements ServerCondition {}

  /** The item holds the table's constant attribute, and so is this table's entity. */
  record HoldsConstant(Constant constant) implements ServerCondition {}

  record And(ImmutableList<ServerCondition> conditions) implements ServerCondition {
    public static ServerCondition of(List<ServerCondition> conditions) {
      return conditions.size() == 1 ? conditions.get(0) : new And(ImmutableList.copyOf(conditions));
    }
  }

  record Or(ImmutableList<ServerCondition> conditions) implements ServerCondition {}

  enum Op {
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE;

    /** Whether the comparison holds of two values that compare as {@code comparison} (a compareTo result). */
    public boolean holdsFor(int comparison) {
      return switch (this) {
        case EQ -> comparison == 0;
        case NE -> comparison != 0;
        case LT -> comparison < 0;
        case LE -> comparison <= 0;
        case GT -> comparison > 0;
        case GE -> comparison >= 0;
      };
    }

    /** The comparison that is TRUE exactly when this one is FALSE (both are UNKNOWN on NULL). */
    public Op negate() {
      switch (this) {
        case EQ:
          return NE;
        case NE:
          return EQ;
        case LT:
          return GE;
        case LE:
          return GT;
        case GT:
          return LE;
        default:
          return LT;
      }
    }
  }
}
