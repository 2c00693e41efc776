package dev.keycond.jdbc;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.ResultColumn;
import dev.keycond.planner.exec.relational.ListCursor;
import java.sql.ResultSet;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The shapes of DatabaseMetaData results, with the column names and types the JDBC javadoc gives
 * each method, and the in-memory result sets built from them.
 */
final class MetadataResults {
  static final MetadataResults TABLES = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS",
      "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION");
  static final MetadataResults COLUMNS = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
      "DATA_TYPE:INTEGER", "TYPE_NAME", "COLUMN_SIZE:INTEGER", "BUFFER_LENGTH:INTEGER", "DECIMAL_DIGITS:INTEGER",
      "NUM_PREC_RADIX:INTEGER", "NULLABLE:INTEGER", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE:INTEGER",
      "SQL_DATETIME_SUB:INTEGER", "CHAR_OCTET_LENGTH:INTEGER", "ORDINAL_POSITION:INTEGER", "IS_NULLABLE",
      "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE:SMALLINT", "IS_AUTOINCREMENT",
      "IS_GENERATEDCOLUMN");
  static final MetadataResults PRIMARY_KEYS = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
      "KEY_SEQ:SMALLINT", "PK_NAME");
  static final MetadataResults INDEX_INFO = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE:BOOLEAN",
      "INDEX_QUALIFIER", "INDEX_NAME", "TYPE:SMALLINT", "ORDINAL_POSITION:SMALLINT", "COLUMN_NAME", "ASC_OR_DESC",
      "CARDINALITY:BIGINT", "PAGES:BIGINT", "FILTER_CONDITION");
  /** getImportedKeys, getExportedKeys and getCrossReference. */
  static final MetadataResults KEYS = of("PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME",
      "FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ:SMALLINT", "UPDATE_RULE:SMALLINT",
      "DELETE_RULE:SMALLINT", "FK_NAME", "PK_NAME", "DEFERRABILITY:SMALLINT");
  static final MetadataResults TYPE_INFO = of("TYPE_NAME", "DATA_TYPE:INTEGER", "PRECISION:INTEGER",
      "LITERAL_PREFIX", "LITERAL_SUFFIX", "CREATE_PARAMS", "NULLABLE:SMALLINT", "CASE_SENSITIVE:BOOLEAN",
      "SEARCHABLE:SMALLINT", "UNSIGNED_ATTRIBUTE:BOOLEAN", "FIXED_PREC_SCALE:BOOLEAN", "AUTO_INCREMENT:BOOLEAN",
      "LOCAL_TYPE_NAME", "MINIMUM_SCALE:SMALLINT", "MAXIMUM_SCALE:SMALLINT", "SQL_DATA_TYPE:INTEGER",
      "SQL_DATETIME_SUB:INTEGER", "NUM_PREC_RADIX:INTEGER");
  static final MetadataResults SCHEMAS = of("TABLE_SCHEM", "TABLE_CATALOG");
  static final MetadataResults CATALOGS = of("TABLE_CAT");
  static final MetadataResults TABLE_TYPES = of("TABLE_TYPE");
  /** getBestRowIdentifier and getVersionColumns. */
  static final MetadataResults ROW_IDENTIFIER = of("SCOPE:SMALLINT", "COLUMN_NAME", "DATA_TYPE:INTEGER",
      "TYPE_NAME", "COLUMN_SIZE:INTEGER", "BUFFER_LENGTH:INTEGER", "DECIMAL_DIGITS:SMALLINT",
      "PSEUDO_COLUMN:SMALLINT");
  static final MetadataResults PROCEDURES = of("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME",
      "RESERVED1", "RESERVED2", "RESERVED3", "REMARKS", "PROCEDURE_TYPE:SMALLINT", "SPECIFIC_NAME");
  static final MetadataResults PROCEDURE_COLUMNS = of("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME",
      "COLUMN_NAME", "COLUMN_TYPE:SMALLINT", "DATA_TYPE:INTEGER", "TYPE_NAME", "PRECISION:INTEGER",
      "LENGTH:INTEGER", "SCALE:SMALLINT", "RADIX:SMALLINT", "NULLABLE:SMALLINT", "REMARKS", "COLUMN_DEF",
      "SQL_DATA_TYPE:INTEGER", "SQL_DATETIME_SUB:INTEGER", "CHAR_OCTET_LENGTH:INTEGER", "ORDINAL_POSITION:INTEGER",
      "IS_NULLABLE", "SPECIFIC_NAME");
  static final MetadataResults FUNCTIONS = of("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS",
      "FUNCTION_TYPE:SMALLINT", "SPECIFIC_NAME");
  static final MetadataResults FUNCTION_COLUMNS = of("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME",
      "COLUMN_NAME", "COLUMN_TYPE:SMALLINT", "DATA_TYPE:INTEGER", "TYPE_NAME", "PRECISION:INTEGER",
      "LENGTH:INTEGER", "SCALE:SMALLINT", "RADIX:SMALLINT", "NULLABLE:SMALLINT", "REMARKS",
      "CHAR_OCTET_LENGTH:INTEGER", "ORDINAL_POSITION:INTEGER", "IS_NULLABLE", "SPECIFIC_NAME");
  static final MetadataResults COLUMN_PRIVILEGES = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
      "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
  static final MetadataResults TABLE_PRIVILEGES = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR",
      "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
  static final MetadataResults UDTS = of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE:INTEGER",
      "REMARKS", "BASE_TYPE:SMALLINT");
  static final MetadataResults SUPER_TYPES = of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT",
      "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
  static final MetadataResults SUPER_TABLES = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
  static final MetadataResults ATTRIBUTES = of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME",
      "DATA_TYPE:INTEGER", "ATTR_TYPE_NAME", "ATTR_SIZE:INTEGER", "DECIMAL_DIGITS:INTEGER", "NUM_PREC_RADIX:INTEGER",
      "NULLABLE:INTEGER", "REMARKS", "ATTR_DEF", "SQL_DATA_TYPE:INTEGER", "SQL_DATETIME_SUB:INTEGER",
      "CHAR_OCTET_LENGTH:INTEGER", "ORDINAL_POSITION:INTEGER", "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA",
      "SCOPE_TABLE", "SOURCE_DATA_TYPE:SMALLINT");
  static final MetadataResults CLIENT_INFO_PROPERTIES = of("NAME", "MAX_LEN:INTEGER", "DEFAULT_VALUE",
      "DESCRIPTION");
  static final MetadataResults PSEUDO_COLUMNS = of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
      "DATA_TYPE:INTEGER", "COLUMN_SIZE:INTEGER", "DECIMAL_DIGITS:INTEGER", "NUM_PREC_RADIX:INTEGER",
      "COLUMN_USAGE", "REMARKS", "CHAR_OCTET_LENGTH:INTEGER", "IS_NULLABLE");

  private final ImmutableList<ResultColumn> columns;

  private MetadataResults(ImmutableList<ResultColumn> columns) {
    this.columns = columns;
  }

  /** Columns written {@code NAME} (VARCHAR) or {@code NAME:TYPE}. */
  private static MetadataResults of(String... specs) {
    ImmutableList.Builder<ResultColumn> columns = ImmutableList.builder();
    for (String spec : specs) {
      int colon = spec.indexOf(':');
      String name = colon < 0 ? spec : spec.substring(0, colon);
      SqlTypeName type = colon < 0 ? SqlTypeName.VARCHAR : SqlTypeName.valueOf(spec.substring(colon + 1));
      columns.add(new ResultColumn(name, type, 0, 0, true, Optional.empty(), Optional.empty()));
    }
    return new MetadataResults(columns.build());
  }

  /**
   * A result of these rows. Values are Strings for VARCHAR columns, Integers for SMALLINT and
   * INTEGER, Longs for BIGINT and Booleans for BOOLEAN, as getObject then returns them.
   */
  ResultSet rows(List<Object[]> rows) {
    for (Object[] row : rows) {
      if (row.length != columns.size()) {
        throw new IllegalArgumentException("a row of " + row.length + " values for " + columns.size() + " columns");
      }
    }
    return new KeycondResultSet(null, columns, new ListCursor(rows), null);
  }

  ResultSet empty() {
    return rows(List.of());
  }
}
