package dev.keycond.planner.mapping;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.Optional;

/**
 * One SQL table over the items of a DynamoDB table ({@code source}).
 *
 * @param name the SQL table name
 * @param source the DynamoDB table the rows live in
 * @param columns the SQL columns, in declaration order
 * @param keys DynamoDB attribute name to the template that computes it; covers the table's own key
 *     attributes and any overloaded index key attributes
 * @param hierarchy the materialized-path declaration, if any
 * @param references declared one-to-many relations from this table's columns
 * @param sharding the write sharding of the partition key, if any
 * @param constants the attributes every item of the table holds with the same value, by attribute
 */
public record TableMapping(
    String name,
    String source,
    ImmutableList<Column> columns,
    ImmutableMap<String, KeyTemplate> keys,
    Optional<Hierarchy> hierarchy,
    ImmutableList<Reference> references,
    Optional<Sharding> sharding,
    ImmutableMap<String, Constant> constants) {

  /** A table without constant attributes. */
  public TableMapping(String name, String source, ImmutableList<Column> columns, ImmutableMap<String, KeyTemplate> keys,
      Optional<Hierarchy> hierarchy, ImmutableList<Reference> references, Optional<Sharding> sharding) {
    this(name, source, columns, keys, hierarchy, references, sharding, ImmutableMap.of());
  }

  /** The same table with its keys completed. */
  public TableMapping withKeys(ImmutableMap<String, KeyTemplate> completed) {
    return new TableMapping(name, source, columns, completed, hierarchy, references, sharding, constants);
  }

  public Optional<Column> column(String columnName) {
    return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
  }

  public int columnIndex(String columnName) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(columnName)) {
        return i;
      }
    }
    return -1;
  }

  public Optional<KeyTemplate> keyTemplate(String attribute) {
    return Optional.ofNullable(keys.get(attribute));
  }
}
