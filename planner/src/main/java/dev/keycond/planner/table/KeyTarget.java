package dev.keycond.planner.table;

import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import java.util.Optional;

/** Something with a key that can be read by key: the table itself, or one of its indexes. */
public record KeyTarget(Optional<SourceIndex> index, KeySchema keys) {
  public String describe(String tableName) {
    return index.map(i -> "index '" + i.name() + "' of '" + tableName + "'").orElse("table '" + tableName + "'");
  }
}
