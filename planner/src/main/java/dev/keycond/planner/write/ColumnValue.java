package dev.keycond.planner.write;

import java.util.Objects;
import org.apache.calcite.rex.RexNode;

/**
 * A column an UPDATE's SET clause assigns, by its name in the table, and the value it assigns, an
 * expression over the table's full row, before it is classified as an {@link Assignment}.
 */
public record ColumnValue(String column, RexNode value) {
  public ColumnValue {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(value, "value");
  }
}
