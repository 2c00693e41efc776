package dev.keycond.sqltests.fuzz;

import dev.keycond.sqltests.fixture.FixtureTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table of a mapping, with what the statement generator needs to know of it: its columns, which
 * of them the partition and sort keys hold, its indexes, its hierarchy and its references.
 *
 * @param columns the columns of the types the fuzzer compares
 * @param allColumns whether those are all of the table's columns, so that {@code SELECT *} selects them
 * @param keys the template of every key attribute of the source and its indexes that this table
 *     maps, implicit {@code {column}} templates included
 * @param partitionTemplate the template of the source's partition key: tables that share a source
 *     and this template are one item collection
 * @param references column to {@code table.column}
 */
record FuzzTable(
    String name,
    FixtureTable source,
    List<FuzzColumn> columns,
    boolean allColumns,
    Map<String, KeyPattern> keys,
    String partitionTemplate,
    List<String> partitionColumns,
    List<String> sortColumns,
    List<FuzzIndex> indexes,
    Optional<Hierarchy> hierarchy,
    Map<String, String> references) {

  /** A delimited materialized path in the sort key. */
  record Hierarchy(String path, String parent, String delimiter) {
    /** A path's parent by the README's rule: up to its last delimiter before a trailing one; none at the top. */
    String parentOf(String pathValue) {
      String trimmed = pathValue.endsWith(delimiter) ? pathValue.substring(0, pathValue.length() - delimiter.length())
          : pathValue;
      int at = trimmed.lastIndexOf(delimiter);
      return at < 0 ? null : trimmed.substring(0, at + delimiter.length());
    }
  }

  FuzzTable {
    columns = List.copyOf(columns);
    keys = Map.copyOf(keys);
    partitionColumns = List.copyOf(partitionColumns);
    sortColumns = List.copyOf(sortColumns);
    indexes = List.copyOf(indexes);
    references = Map.copyOf(references);
  }

  FuzzColumn column(String column) {
    return columns.stream().filter(c -> c.name().equals(column)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("table '" + name + "' has no column '" + column + "'"));
  }

  /** Same source and partition template: the two tables' rows with equal partition columns share a partition. */
  boolean sharesCollectionWith(FuzzTable other) {
    return other != this && source.name().equals(other.source.name()) && partitionTemplate.equals(other.partitionTemplate);
  }
}
