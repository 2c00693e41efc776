package dev.keycond.planner.shape;

import com.google.common.collect.ImmutableList;
import java.util.Objects;
import java.util.Optional;

/**
 * An INSERT or UPSERT of one row of values into one table, naming its columns, with at least one
 * {@code ?} marker: the form of the INSERT a framework sends, planned without Calcite's parser,
 * validator and converter. Read as {@link SimpleSelect} is: a text of any other form, or one this
 * reading might take otherwise than Calcite's parser, is not one, and is planned by Calcite.
 *
 * <pre>
 * { INSERT | UPSERT } INTO name ( name [, name]... ) VALUES ( value [, value]... )
 * </pre>
 *
 * where names and values are those of a simple SELECT. A row of literals alone is left to Calcite,
 * which plans it as a row of constants rather than a projection of one.
 *
 * @param values each column named, in the order written, with its value
 * @param upsert whether it is {@code UPSERT INTO}
 */
public record SimpleInsert(String table, ImmutableList<Setting> values, boolean upsert) {

  public SimpleInsert {
    Objects.requireNonNull(table, "table");
    if (values.isEmpty() || !Setting.distinct(values)) {
      throw new IllegalArgumentException("an INSERT of distinct columns, not " + values);
    }
    if (values.stream().noneMatch(v -> v.value() instanceof Value.Marker)) {
      throw new IllegalArgumentException("an INSERT with a marker among its values, not " + values);
    }
  }

  /** The text as a simple INSERT or UPSERT, or empty when it is not one. */
  public static Optional<SimpleInsert> of(String sql) {
    return SimpleReader.read(sql, SimpleInsert::insert);
  }

  private static Optional<SimpleInsert> insert(SimpleReader reader) {
    boolean upsert = reader.word("UPSERT");
    if (!upsert && !reader.word("INSERT") || !reader.word("INTO")) {
      return Optional.empty();
    }
    Optional<String> table = reader.name();
    if (table.isEmpty() || !reader.operator("(")) {
      return Optional.empty();
    }
    ImmutableList.Builder<String> columns = ImmutableList.builder();
    do {
      Optional<String> column = reader.name();
      if (column.isEmpty()) {
        return Optional.empty();
      }
      columns.add(column.get());
    } while (reader.operator(","));
    if (!reader.operator(")") || !reader.word("VALUES") || !reader.operator("(")) {
      return Optional.empty();
    }
    ImmutableList<String> names = columns.build();
    ImmutableList.Builder<Setting> values = ImmutableList.builder();
    for (int i = 0; i < names.size(); i++) {
      if (i > 0 && !reader.operator(",")) {
        return Optional.empty();
      }
      Optional<Value> value = reader.value();
      if (value.isEmpty()) {
        return Optional.empty();
      }
      values.add(new Setting(names.get(i), value.get()));
    }
    if (!reader.operator(")")) {
      return Optional.empty();
    }
    ImmutableList<Setting> row = values.build();
    return Setting.distinct(row) && row.stream().anyMatch(v -> v.value() instanceof Value.Marker)
        ? Optional.of(new SimpleInsert(table.get(), row, upsert)) : Optional.empty();
  }
}
