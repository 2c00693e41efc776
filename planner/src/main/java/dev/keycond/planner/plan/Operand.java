package dev.keycond.planner.plan;

import dev.keycond.planner.mapping.ColumnType;
import org.apache.calcite.rel.core.CorrelationId;

/**
 * A value in a key condition: known when the statement is planned, a {@code ?} marker bound at
 * each execution, or a column of the outer row of a lookup join. Keeping markers symbolic is what
 * lets a PreparedStatement be planned once.
 */
public sealed interface Operand {

  /** A value in keycond's internal representation for the column it is compared with. */
  record Literal(Object value) implements Operand {
    @Override
    public String toString() {
      return value instanceof String s ? "'" + s.replace("'", "''") + "'" : String.valueOf(value);
    }
  }

  /**
   * A column of an outer row: of a lookup join, whose inner read runs once per distinct value, or
   * of a correlated subquery, whose read runs once per distinct value of the outer columns it uses.
   *
   * @param correlation the correlation variable the outer row is bound to
   * @param index the column's position in the outer row
   * @param name the column's name, for EXPLAIN
   */
  record OuterField(CorrelationId correlation, int index, String name) implements Operand {
    @Override
    public String toString() {
      return "outer." + name;
    }
  }

  /**
   * The literal prefix of a LIKE pattern that is itself a parameter, known once the parameter is.
   *
   * @param escape the text of the ESCAPE clause, or null
   */
  record PatternPrefix(Operand pattern, String escape) implements Operand {
    @Override
    public String toString() {
      return "prefix of " + pattern;
    }
  }

  /**
   * The shard number of a row whose shard-source column has the value of {@code of} (see
   * {@link dev.keycond.planner.codec.ShardNumber}), known once that value is.
   */
  record ShardOf(Operand of, ColumnType type, int count) implements Operand {
    @Override
    public String toString() {
      return "shard of " + of;
    }
  }

  /** The {@code index}-th (0-based) parameter marker of the statement. */
  record Parameter(int index) implements Operand {
    @Override
    public String toString() {
      return "?" + (index + 1);
    }
  }
}
