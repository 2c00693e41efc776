package dev.keycond.sqltests.fuzz;

import java.util.List;

/**
 * A secondary index that a mapped table can be read through, as {@code "table@index"}.
 *
 * @param attributes the index's key attributes, partition key first
 * @param partitionColumns the columns the partition key attribute holds
 */
record FuzzIndex(String name, List<String> attributes, List<String> partitionColumns, List<String> sortColumns) {
  FuzzIndex {
    attributes = List.copyOf(attributes);
    partitionColumns = List.copyOf(partitionColumns);
    sortColumns = List.copyOf(sortColumns);
  }
}
