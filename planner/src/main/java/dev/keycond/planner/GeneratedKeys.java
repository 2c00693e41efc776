package dev.keycond.planner;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What JDBC's getGeneratedKeys gives after an INSERT or UPSERT that asked for it: DynamoDB
 * generates no keys, so these are the key columns of the rows inserted, as written (with a derived
 * column such as a hierarchy's parent as keycond computed it), or the columns the program named.
 *
 * @param columns the table's columns, as a result describes them
 */
public record GeneratedKeys(EntityTable table, ImmutableList<ResultColumn> columns) {

  /** The columns asked for: by JDBC's RETURN_GENERATED_KEYS, by name or by index. */
  public sealed interface Asked {
    /** The table's columns asked for, by their index in it. */
    List<Integer> columns(GeneratedKeys keys);

    /** {@code Statement.RETURN_GENERATED_KEYS}: the columns of the table's primary key. */
    record PrimaryKey() implements Asked {
      @Override
      public List<Integer> columns(GeneratedKeys keys) {
        Set<String> keyColumns = new LinkedHashSet<>();
        keys.table().ownKeyAttributes().forEach(a -> keyColumns.addAll(keys.table().template(a).columns()));
        return keyColumns.stream().map(keys.table()::columnIndex).toList();
      }
    }

    record Named(ImmutableList<String> names) implements Asked {
      @Override
      public List<Integer> columns(GeneratedKeys keys) {
        return names.stream().map(keys::index).toList();
      }
    }

    /** @param indexes 1-based, in the table's columns */
    record Indexed(ImmutableList<Integer> indexes) implements Asked {
      @Override
      public List<Integer> columns(GeneratedKeys keys) {
        List<Integer> columns = new ArrayList<>();
        for (int index : indexes) {
          if (index < 1 || index > keys.columns().size()) {
            throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE, "Column index " + index + " is not a column "
                + "of table '" + keys.table().name() + "', which has " + keys.columns().size());
          }
          columns.add(index - 1);
        }
        return columns;
      }
    }
  }

  /**
   * The rows getGeneratedKeys returns: one per row inserted.
   *
   * @throws KeycondException 42S22 for a column name the table does not have, 22023 for an index out of range
   */
  public ReturnedRows rows(Asked asked) {
    List<Integer> picked = asked.columns(this);
    return new ReturnedRows(picked.stream().map(columns::get).collect(ImmutableList.toImmutableList()),
        picked.stream().<Scalar>map(i -> (row, context) -> row[i])
            .collect(ImmutableList.toImmutableList()));
  }

  private int index(String name) {
    Optional<Column> column = table.columns().stream().filter(c -> c.name().equalsIgnoreCase(name)).findFirst();
    return table.columnIndex(column.orElseThrow(() -> new KeycondException(SqlState.UNKNOWN_COLUMN, "Column '" + name
        + "' is not a column of table '" + table.name() + "'")).name());
  }
}
