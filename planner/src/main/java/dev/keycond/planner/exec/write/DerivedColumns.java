package dev.keycond.planner.exec.write;

import dev.keycond.planner.table.EntityTable;
import java.util.Optional;

/**
 * The columns a written row's other columns decide: a hierarchy's parent (from the path) and a
 * sharded partition's shard (from its source column). A write computes them; a value given must be
 * the one computed.
 */
final class DerivedColumns {
  private final Optional<HierarchyParent> parent;
  private final Optional<ShardColumn> shard;

  DerivedColumns(EntityTable table) {
    this.parent = HierarchyParent.of(table);
    this.shard = ShardColumn.of(table);
  }

  Optional<HierarchyParent> parent() {
    return parent;
  }

  /** Completes a row to write; a NULL parent or shard is one not given, and is computed. */
  void complete(Object[] row) {
    parent.ifPresent(p -> p.complete(row));
    shard.ifPresent(s -> s.complete(row));
  }
}
