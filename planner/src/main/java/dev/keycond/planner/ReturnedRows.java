package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Scalar;
import java.util.List;

/**
 * The rows a write returns (its RETURNING list, or the keys JDBC's getGeneratedKeys gives), each
 * worked out from a row the write wrote, of its table's full width, as DynamoDB holds it.
 *
 * @param values one per column, evaluated against the written row
 */
public record ReturnedRows(ImmutableList<ResultColumn> columns, ImmutableList<Scalar> values) {

  public ReturnedRows {
    if (columns.size() != values.size()) {
      throw new IllegalArgumentException("a value for each column");
    }
  }

  /** The returned rows of the written ones. */
  public List<Object[]> of(List<Object[]> written, ExecutionContext context) {
    return written.stream().map(row -> {
      Object[] returned = new Object[values.size()];
      for (int i = 0; i < returned.length; i++) {
        returned[i] = values.get(i).evaluate(row, context);
      }
      return returned;
    }).toList();
  }
}
