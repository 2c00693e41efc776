package dev.keycond.planner.shape;

import com.google.common.collect.ImmutableList;
import java.util.Objects;
import java.util.Optional;

/**
 * An UPDATE or DELETE of one table's rows under comparisons of its columns with values joined by
 * AND: the form of a keyed write, as frameworks send it, planned without Calcite's parser,
 * validator and converter. Read as {@link SimpleSelect} is: a text of any other form, or one this
 * reading might take otherwise than Calcite's parser, is not one, and is planned by Calcite.
 *
 * <pre>
 * UPDATE name SET name = value [, name = value]... WHERE condition [ AND condition ]...
 * DELETE FROM name WHERE condition [ AND condition ]...
 * </pre>
 *
 * where a condition is {@code name { = | < | <= | > | >= | LIKE } value}, and names and values are
 * those of a simple SELECT.
 *
 * @param set the SET clause's assignments, in order, each to another column; empty for a DELETE
 * @param where the WHERE clause's conditions, at least one
 */
public record SimpleChange(String table, ImmutableList<Setting> set, ImmutableList<Comparison> where) {

  public SimpleChange {
    Objects.requireNonNull(table, "table");
    if (!Setting.distinct(set)) {
      throw new IllegalArgumentException("a SET clause assigns each column once, not " + set);
    }
    if (where.isEmpty()) {
      throw new IllegalArgumentException("an UPDATE or DELETE with a WHERE clause");
    }
  }

  /** Whether it is a DELETE, which sets nothing. */
  public boolean delete() {
    return set.isEmpty();
  }

  /** The text as a simple UPDATE or DELETE, or empty when it is not one. */
  public static Optional<SimpleChange> of(String sql) {
    return SimpleReader.read(sql, SimpleChange::change);
  }

  private static Optional<SimpleChange> change(SimpleReader reader) {
    if (reader.word("DELETE")) {
      if (!reader.word("FROM")) {
        return Optional.empty();
      }
      return reader.name().flatMap(table -> where(reader, table, ImmutableList.of()));
    }
    if (!reader.word("UPDATE")) {
      return Optional.empty();
    }
    Optional<String> table = reader.name();
    if (table.isEmpty() || !reader.word("SET")) {
      return Optional.empty();
    }
    ImmutableList.Builder<Setting> set = ImmutableList.builder();
    do {
      Optional<String> column = reader.name();
      if (column.isEmpty() || !reader.operator("=")) {
        return Optional.empty();
      }
      Optional<Value> value = reader.value();
      if (value.isEmpty()) {
        return Optional.empty();
      }
      set.add(new Setting(column.get(), value.get()));
    } while (reader.operator(","));
    ImmutableList<Setting> settings = set.build();
    return Setting.distinct(settings) ? where(reader, table.get(), settings) : Optional.empty();
  }

  private static Optional<SimpleChange> where(SimpleReader reader, String table, ImmutableList<Setting> set) {
    return reader.word("WHERE") ? reader.conditions().map(conditions -> new SimpleChange(table, set, conditions))
        : Optional.empty();
  }
}
