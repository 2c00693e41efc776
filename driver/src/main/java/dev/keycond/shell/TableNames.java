package dev.keycond.shell;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The table and column names of one connection, as its DatabaseMetaData lists them, read when
 * first needed and kept: tables at the first completion, a table's columns at the first completion
 * that needs them (for a table without a mapping, that costs one DescribeTable).
 */
final class TableNames {
  private final DatabaseMetaData metaData;
  private List<String> tables;
  private List<String> schemas;
  private final Map<String, List<String>> columns = new HashMap<>();

  TableNames(DatabaseMetaData metaData) {
    this.metaData = metaData;
  }

  /** Every table, in the order metadata lists them. */
  List<String> tables() throws SQLException {
    if (tables == null) {
      List<String> names = new ArrayList<>();
      try (ResultSet rows = metaData.getTables(null, null, "%", null)) {
        while (rows.next()) {
          names.add(rows.getString("TABLE_NAME"));
        }
      }
      tables = List.copyOf(names);
    }
    return tables;
  }

  /** The schemas the tables are in, such as {@code dynamodb}. */
  List<String> schemas() throws SQLException {
    if (schemas == null) {
      List<String> names = new ArrayList<>();
      try (ResultSet rows = metaData.getSchemas()) {
        while (rows.next()) {
          names.add(rows.getString("TABLE_SCHEM"));
        }
      }
      schemas = List.copyOf(names);
    }
    return schemas;
  }

  /** A table's columns in their order; none for a name that is no table. */
  List<String> columns(String table) throws SQLException {
    if (!tables().contains(table)) {
      return List.of();
    }
    List<String> known = columns.get(table);
    if (known == null) {
      List<String> names = new ArrayList<>();
      try (ResultSet rows = metaData.getColumns(null, null, ExactPattern.of(table, metaData), "%")) {
        while (rows.next()) {
          names.add(rows.getString("COLUMN_NAME"));
        }
      }
      known = List.copyOf(names);
      columns.put(table, known);
    }
    return known;
  }
}
