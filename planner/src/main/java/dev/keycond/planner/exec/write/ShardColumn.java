package dev.keycond.planner.exec.write;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.Sharding;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.table.EntityTable;
import java.util.Objects;
import java.util.Optional;

/**
 * The shard column of a sharded partition, which a write computes from its source column: a row
 * whose shard were given otherwise would sit in a partition its key reads never look in.
 */
final class ShardColumn {
  private final Sharding sharding;
  private final int column;
  private final int of;
  private final ColumnType ofType;
  private final ColumnType shardType;
  private final String table;

  private ShardColumn(EntityTable table, Sharding sharding) {
    this.sharding = sharding;
    this.column = table.columnIndex(sharding.column());
    this.of = table.columnIndex(sharding.of());
    this.ofType = table.column(of).type();
    this.shardType = table.column(column).type();
    this.table = table.name();
  }

  static Optional<ShardColumn> of(EntityTable table) {
    return table.mapping().sharding().map(s -> new ShardColumn(table, s));
  }

  /**
   * Fills in the row's shard; a shard given must be the computed one.
   *
   * @throws KeycondException 23514 for a shard that is not its source column's
   */
  void complete(Object[] row) {
    Integer shard = KeyValueBinder.shard(row[of], ofType, sharding.count());
    Object computed = shard == null ? null : SqlValues.toColumnValue(shard, shardType);
    if (row[column] != null && !Objects.equals(row[column], computed)) {
      throw new KeycondException(SqlState.CHECK_VIOLATION, "Column '" + sharding.column() + "' of table '" + table
          + "' is the shard of '" + sharding.of() + "' (" + shard + " for " + row[of] + "), not " + row[column]
          + ". Leave it out and keycond computes it");
    }
    row[column] = computed;
  }
}
