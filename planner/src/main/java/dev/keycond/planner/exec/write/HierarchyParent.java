package dev.keycond.planner.exec.write;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.functions.PathFunctions;
import dev.keycond.planner.mapping.Hierarchy;
import dev.keycond.planner.table.EntityTable;
import java.util.Objects;
import java.util.Optional;

/**
 * The parent column of a declared hierarchy, which always holds the path up to and including its
 * previous delimiter: a recursive walk becomes one key read only because of that. A write computes
 * it from the path when it is not given, and refuses one that says otherwise.
 */
final class HierarchyParent {
  private final Hierarchy hierarchy;
  private final int path;
  private final int parent;
  private final String table;

  private HierarchyParent(EntityTable table, Hierarchy hierarchy) {
    this.hierarchy = hierarchy;
    this.path = table.columnIndex(hierarchy.pathColumn());
    this.parent = table.columnIndex(hierarchy.parentColumn());
    this.table = table.name();
  }

  /** The parent of the table's hierarchy, if it declares one. */
  static Optional<HierarchyParent> of(EntityTable table) {
    return table.mapping().hierarchy().map(h -> new HierarchyParent(table, h));
  }

  int column() {
    return parent;
  }

  /**
   * Fills in the row's parent from its path; a parent given must be that one. A NULL parent is one
   * not given, on every write (INSERT, UPSERT, UPDATE's SET, MERGE): a tool fills unset columns
   * with NULL, and the path decides the parent anyway.
   *
   * @throws KeycondException 23514 for a parent that contradicts the path
   */
  void complete(Object[] row) {
    String derived = row[path] == null ? null : PathFunctions.parent((String) row[path], hierarchy.delimiter());
    if (row[parent] != null && !Objects.equals(row[parent], derived)) {
      throw new KeycondException(SqlState.CHECK_VIOLATION, "Column '" + hierarchy.parentColumn() + "' of table '"
          + table + "' must be the parent of '" + hierarchy.pathColumn() + "' (its path up to the last '"
          + hierarchy.delimiter() + "' before its end): " + (derived == null ? "NULL, since " + describe(row[path])
              + " has none" : "'" + derived + "' for " + describe(row[path])) + ", not " + describe(row[parent])
          + ". Leave it out and keycond computes it");
    }
    row[parent] = derived;
  }

  private static String describe(Object value) {
    return value == null ? "NULL" : "'" + value + "'";
  }
}
