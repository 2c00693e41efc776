package dev.keycond.planner.schema;

import dev.keycond.planner.schema.SchemaDescription.DescribedColumn;
import dev.keycond.planner.schema.SchemaDescription.DescribedTable;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The SQL standard's INFORMATION_SCHEMA views that tools and frameworks read ({@code TABLES},
 * {@code COLUMNS}, {@code KEY_COLUMN_USAGE}, {@code TABLE_CONSTRAINTS}, and {@code SEQUENCES}, which
 * is empty: DynamoDB has none), with their rows built from the same {@link SchemaDescription} as
 * JDBC's DatabaseMetaData. Names are upper case, as the standard and H2 present them.
 */
public final class InformationSchema {
  public static final String NAME = "INFORMATION_SCHEMA";

  /** A column of a view: its name and its type, VARCHAR, INTEGER or BIGINT. */
  public record ViewColumn(String name, SqlTypeName type) {}

  /** A view's columns and its rows, each row a value (a String, a Number, or null) per column. */
  public record View(String name, List<ViewColumn> columns, List<List<Object>> rows) {
    public View {
      columns = List.copyOf(columns);
      rows = List.copyOf(rows);
      for (List<Object> row : rows) {
        if (row.size() != columns.size()) {
          throw new IllegalArgumentException("a row of " + name + " has " + row.size() + " values for "
              + columns.size() + " columns");
        }
      }
    }
  }

  private static final Map<String, List<ViewColumn>> COLUMNS = Map.of(
      "TABLES", columns("TABLE_CATALOG TABLE_SCHEMA TABLE_NAME TABLE_TYPE REMARKS"),
      "COLUMNS", columns("TABLE_CATALOG TABLE_SCHEMA TABLE_NAME COLUMN_NAME ORDINAL_POSITION:INTEGER "
          + "COLUMN_DEFAULT IS_NULLABLE DATA_TYPE CHARACTER_MAXIMUM_LENGTH:INTEGER CHARACTER_OCTET_LENGTH:INTEGER "
          + "NUMERIC_PRECISION:INTEGER NUMERIC_PRECISION_RADIX:INTEGER NUMERIC_SCALE:INTEGER "
          + "DATETIME_PRECISION:INTEGER REMARKS"),
      "KEY_COLUMN_USAGE", columns("CONSTRAINT_CATALOG CONSTRAINT_SCHEMA CONSTRAINT_NAME TABLE_CATALOG TABLE_SCHEMA "
          + "TABLE_NAME COLUMN_NAME ORDINAL_POSITION:INTEGER POSITION_IN_UNIQUE_CONSTRAINT:INTEGER"),
      "TABLE_CONSTRAINTS", columns("CONSTRAINT_CATALOG CONSTRAINT_SCHEMA CONSTRAINT_NAME TABLE_CATALOG TABLE_SCHEMA "
          + "TABLE_NAME CONSTRAINT_TYPE IS_DEFERRABLE INITIALLY_DEFERRED"),
      "SEQUENCES", columns("SEQUENCE_CATALOG SEQUENCE_SCHEMA SEQUENCE_NAME DATA_TYPE NUMERIC_PRECISION:INTEGER "
          + "NUMERIC_PRECISION_RADIX:INTEGER NUMERIC_SCALE:INTEGER START_VALUE:BIGINT MINIMUM_VALUE:BIGINT "
          + "MAXIMUM_VALUE:BIGINT INCREMENT:BIGINT CYCLE_OPTION"));

  /** The views' names. */
  public static final Set<String> VIEWS = COLUMNS.keySet();

  /** The names of every view's columns, for reading names written in any case. */
  public static final Set<String> COLUMN_NAMES = COLUMNS.values().stream()
      .flatMap(List::stream).map(ViewColumn::name).collect(Collectors.toUnmodifiableSet());

  private final SchemaDescription description;

  public InformationSchema(SchemaDescription description) {
    this.description = description;
  }

  /** The view of that name, in any case. */
  public static boolean isView(String name) {
    return VIEWS.contains(name.toUpperCase(Locale.ROOT));
  }

  /**
   * A view with its rows: listing TABLES describes no table; COLUMNS and the key views describe
   * each table without a mapping, as DatabaseMetaData does.
   *
   * @throws IllegalArgumentException for a name that is not a view's; see {@link #isView}
   */
  public View view(String name) {
    String view = name.toUpperCase(Locale.ROOT);
    List<ViewColumn> columns = Optional.ofNullable(COLUMNS.get(view))
        .orElseThrow(() -> new IllegalArgumentException("no INFORMATION_SCHEMA view " + name));
    List<List<Object>> rows = switch (view) {
      case "TABLES" -> description.tables(n -> true).stream().map(InformationSchema::tableRow).toList();
      case "COLUMNS" -> description.columns(n -> true, n -> true).stream().map(InformationSchema::columnRow).toList();
      case "KEY_COLUMN_USAGE" -> keyRows(this::keyColumnRows);
      case "TABLE_CONSTRAINTS" -> keyRows(table -> List.of(row(null, KeycondSchema.NAME,
          SchemaDescription.PRIMARY_KEY_NAME, null, KeycondSchema.NAME, table.name(), "PRIMARY KEY", "NO", "NO")));
      default -> List.of();
    };
    return new View(view, columns, rows);
  }

  private static List<Object> tableRow(DescribedTable table) {
    return row(null, KeycondSchema.NAME, table.name(), "BASE TABLE", table.remarks());
  }

  private static List<Object> columnRow(DescribedColumn column) {
    RelDataType type = column.type();
    SqlTypeName sqlType = type.getSqlTypeName();
    boolean text = SqlTypeName.CHAR_TYPES.contains(sqlType);
    boolean numeric = SqlTypeName.NUMERIC_TYPES.contains(sqlType);
    boolean datetime = SqlTypeName.DATETIME_TYPES.contains(sqlType);
    Integer size = TypeSizes.columnSize(sqlType, type.getPrecision());
    Integer digits = TypeSizes.decimalDigits(sqlType, type.getPrecision(), type.getScale());
    return row(null, KeycondSchema.NAME, column.table().name(), column.name(), column.ordinal(), null,
        type.isNullable() ? "YES" : "NO", dataType(type), text ? size : null, text ? size : null,
        numeric ? size : null, numeric ? 10 : null, numeric ? digits : null, datetime ? digits : null,
        column.remarks());
  }

  /** A table's primary key columns, in key order: the partition key's, then the sort key's. */
  private List<List<Object>> keyColumnRows(EntityTable table) {
    List<String> key = SchemaDescription.primaryKey(table);
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      rows.add(row(null, KeycondSchema.NAME, SchemaDescription.PRIMARY_KEY_NAME, null, KeycondSchema.NAME,
          table.name(), key.get(i), i + 1, null));
    }
    return rows;
  }

  /** The rows a function gives for the primary key of each table, by table name. */
  private List<List<Object>> keyRows(Function<EntityTable, List<List<Object>>> rows) {
    List<List<Object>> all = new ArrayList<>();
    description.described(n -> true).forEach(table -> all.addAll(rows.apply(table)));
    return all;
  }

  /** The type's name as the SQL standard spells it in DATA_TYPE. */
  private static String dataType(RelDataType type) {
    return switch (type.getSqlTypeName()) {
      case CHAR -> "CHARACTER";
      case VARCHAR -> "CHARACTER VARYING";
      case BINARY -> "BINARY";
      case VARBINARY -> "BINARY VARYING";
      case DOUBLE -> "DOUBLE PRECISION";
      case DECIMAL -> "DECIMAL";
      default -> type.getSqlTypeName().getName();
    };
  }

  private static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  /** Columns written as {@code NAME} (VARCHAR) or {@code NAME:TYPE}. */
  private static List<ViewColumn> columns(String names) {
    return Arrays.stream(names.split(" ")).map(n -> {
      int colon = n.indexOf(':');
      return colon < 0 ? new ViewColumn(n, SqlTypeName.VARCHAR)
          : new ViewColumn(n.substring(0, colon), SqlTypeName.valueOf(n.substring(colon + 1)));
    }).toList();
  }
}
