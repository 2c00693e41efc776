package dev.keycond.shell;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import sqlline.AbstractCommandHandler;
import sqlline.CommandHandler;
import sqlline.DispatchCallback;

/**
 * A metadata command of sqlline's ({@code !tables}, {@code !columns files}...) that prints the
 * columns a person reads, not every column JDBC defines: sqlline prints them all, so that
 * {@code !tables} is about 215 characters wide and {@code !columns files} about 380, and every line
 * wraps in a terminal. The metadata itself is unchanged (GUI tools read all of it), and
 * {@code !metadata getColumns "" dynamodb files %} still prints every column.
 */
final class MetadataListing extends AbstractCommandHandler {
  /** The commands this replaces, with the metadata call each makes and the columns it shows. */
  enum Listing {
    TABLES("tables", true, false, "TABLE_NAME", "REMARKS") {
      @Override
      ResultSet read(DatabaseMetaData meta, String schema, String table, String column) throws SQLException {
        return meta.getTables(null, schema, table, null);
      }
    },
    COLUMNS("columns", true, true, "TABLE_NAME", "COLUMN_NAME", "TYPE_NAME", "IS_NULLABLE", "REMARKS") {
      @Override
      ResultSet read(DatabaseMetaData meta, String schema, String table, String column) throws SQLException {
        return meta.getColumns(null, schema, table, column);
      }
    },
    INDEXES("indexes", false, true, "TABLE_NAME", "INDEX_NAME", "NON_UNIQUE", "ORDINAL_POSITION", "COLUMN_NAME",
        "ASC_OR_DESC") {
      @Override
      ResultSet read(DatabaseMetaData meta, String schema, String table, String column) throws SQLException {
        return meta.getIndexInfo(null, schema, table, false, true);
      }
    },
    PRIMARY_KEYS("primarykeys", false, true, "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME") {
      @Override
      ResultSet read(DatabaseMetaData meta, String schema, String table, String column) throws SQLException {
        return meta.getPrimaryKeys(null, schema, table);
      }
    },
    IMPORTED_KEYS("importedkeys", false, false, "FKTABLE_NAME", "FKCOLUMN_NAME", "PKTABLE_NAME", "PKCOLUMN_NAME", "KEY_SEQ",
        "FK_NAME") {
      @Override
      ResultSet read(DatabaseMetaData meta, String schema, String table, String column) throws SQLException {
        return meta.getImportedKeys(null, schema, table);
      }
    },
    EXPORTED_KEYS("exportedkeys", false, false, "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ",
        "FK_NAME") {
      @Override
      ResultSet read(DatabaseMetaData meta, String schema, String table, String column) throws SQLException {
        return meta.getExportedKeys(null, schema, table);
      }
    };

    private final String command;
    private final boolean takesPattern;
    private final boolean ofOneTable;
    private final List<String> columns;

    /**
     * @param takesPattern whether the metadata call takes a table name pattern, not a name
     * @param ofOneTable whether the first column is the table the rows describe, which is left
     *     out when the command names one table
     */
    Listing(String command, boolean takesPattern, boolean ofOneTable, String... columns) {
      this.command = command;
      this.takesPattern = takesPattern;
      this.ofOneTable = ofOneTable;
      this.columns = List.of(columns);
    }

    /** The columns shown, for the rows of one table or of a pattern's tables. */
    private List<String> columns(boolean oneTable) {
      return ofOneTable && oneTable ? columns.subList(1, columns.size()) : columns;
    }

    abstract ResultSet read(DatabaseMetaData meta, String schema, String table, String column) throws SQLException;

    static Optional<Listing> of(String command) {
      return Arrays.stream(values()).filter(l -> l.command.equals(command)).findFirst();
    }
  }

  private final Listing listing;

  /** @param sqlline the command this replaces, whose names, help and completion it keeps */
  MetadataListing(KeycondSqlLine sqlLine, CommandHandler sqlline, Listing listing) {
    super(sqlLine, sqlline.getNames().toArray(String[]::new), sqlline.getHelpText(), sqlline::getParameterCompleters);
    this.listing = listing;
  }

  /**
   * Takes the arguments as sqlline does: {@code !columns <table>}, {@code !columns <schema> <table>}
   * and, for columns, a third: a column pattern. A table given without {@code %} is that table (an
   * {@code _} in it is no wildcard), whose name the rows then need not repeat; with {@code %} it is
   * a pattern. A {@code ;} at the end, as after a statement, is not part of the arguments.
   */
  @Override
  public void execute(String line, DispatchCallback callback) {
    Optional<Connection> connection = SqlLineInternals.connection(sqlLine);
    if (connection.isEmpty()) {
      sqlLine.error(KeycondSqlLine.NO_CONNECTION);
      callback.setToFailure();
      return;
    }
    String[][] words = sqlLine.splitCompound(line.strip().replaceAll(";+$", ""));
    String schema = words.length > 2 ? words[1][0] : null;
    String table = words.length == 2 ? words[1][0] : words.length > 2 ? words[2][0] : "%";
    String column = words.length > 3 ? words[3][0] : "%";
    boolean oneTable = !table.contains("%");
    try {
      DatabaseMetaData meta = connection.get().getMetaData();
      String tableArgument = oneTable && listing.takesPattern ? ExactPattern.of(table, meta) : table;
      try (ResultSet rows = listing.read(meta, schema, tableArgument, column)) {
        SqlLineInternals.print(sqlLine, ColumnSubset.of(rows, listing.columns(oneTable)), callback);
      }
      callback.setToSuccess();
    } catch (SQLException e) {
      callback.setToFailure();
      sqlLine.error(e);
    }
  }
}
