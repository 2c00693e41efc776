package dev.keycond.planner.shape;

import com.google.common.collect.ImmutableList;
import java.util.Optional;

/**
 * A SELECT of columns of one table, under comparisons of its columns with values joined by AND:
 * the form of a point read, and of a prefix or range Query, the statements that are planned
 * without Calcite's parser, validator and converter. Read with the shape's lexer; a text of any
 * other form, or one this reading might take otherwise than Calcite's parser, is not one, and is
 * planned by Calcite, which also says what is wrong with it.
 *
 * <pre>
 * SELECT { * | name [, name]... } FROM name
 *   [ WHERE name { = | &lt; | &lt;= | &gt; | &gt;= | LIKE } value [ AND ... ]... ]
 * </pre>
 *
 * where a name is a word that Calcite does not reserve, or a quoted name, and a value is a string,
 * an integer written in digits alone, or a {@code ?} marker (LIKE takes a string or a marker).
 *
 * @param columns the names of the select list, or empty for {@code *}
 */
public record SimpleSelect(String table, Optional<ImmutableList<String>> columns, ImmutableList<Comparison> where) {

  public SimpleSelect {
    columns.ifPresent(c -> {
      if (c.isEmpty() || c.size() != c.stream().distinct().count()) {
        throw new IllegalArgumentException("a select list of distinct names, not " + c);
      }
    });
  }

  /** The text as a simple SELECT, or empty when it is not one. */
  public static Optional<SimpleSelect> of(String sql) {
    return SimpleReader.read(sql, SimpleSelect::select);
  }

  private static Optional<SimpleSelect> select(SimpleReader reader) {
    if (!reader.word("SELECT")) {
      return Optional.empty();
    }
    Optional<ImmutableList<String>> columns;
    if (reader.operator("*")) {
      columns = Optional.empty();
    } else {
      ImmutableList.Builder<String> names = ImmutableList.builder();
      do {
        Optional<String> name = reader.name();
        if (name.isEmpty()) {
          return Optional.empty();
        }
        names.add(name.get());
      } while (reader.operator(","));
      columns = Optional.of(names.build());
      if (columns.get().size() != columns.get().stream().distinct().count()) {
        return Optional.empty();
      }
    }
    if (!reader.word("FROM")) {
      return Optional.empty();
    }
    Optional<String> table = reader.name();
    if (table.isEmpty()) {
      return Optional.empty();
    }
    Optional<ImmutableList<Comparison>> where = reader.word("WHERE") ? reader.conditions()
        : Optional.of(ImmutableList.of());
    return where.map(conditions -> new SimpleSelect(table.get(), columns, conditions));
  }
}
