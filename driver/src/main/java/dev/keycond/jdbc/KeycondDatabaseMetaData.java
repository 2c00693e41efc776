package dev.keycond.jdbc;

import com.google.common.collect.ImmutableMap;
import dev.keycond.Driver;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * What keycond tells SQL tools about itself and about the tables of a connection.
 *
 * <p>The tables live in one schema, {@code dynamodb}, without a catalog; their keys, indexes and
 * references come from the mapping and DescribeTable (see {@link SchemaRows}). Name arguments are
 * JDBC patterns, matched case-sensitively; null means any. The capability answers describe keycond
 * as it is: it reads (writes are not there yet), has no transactions and always auto-commits, and
 * its result sets are forward-only and read-only. Where an answer is about SQL, it is about what
 * keycond runs, not merely what its parser accepts.
 */
final class KeycondDatabaseMetaData extends AbstractWrapper implements DatabaseMetaData {
  /** The version of the DynamoDB API keycond speaks. */
  private static final String DYNAMODB_API_VERSION = "2012-08-10";

  /** The JDBC escape functions ({@code {fn UCASE(x)}}) that keycond evaluates; the tests run each one. */
  private static final String NUMERIC_FUNCTIONS = "ABS,ACOS,ASIN,ATAN,ATAN2,CEILING,COS,COT,DEGREES,EXP,FLOOR,LOG,LOG10,MOD,PI,POWER,RADIANS,ROUND,SIGN,SIN,SQRT,TAN,"
      + "TRUNCATE";
  private static final String STRING_FUNCTIONS = "ASCII,CONCAT,INSERT,LCASE,LEFT,LENGTH,LOCATE,LTRIM,REPLACE,RIGHT,RTRIM,SUBSTRING,UCASE";
  private static final String SYSTEM_FUNCTIONS = "IFNULL";
  /** keycond's own functions, by name (the order getFunctions lists them in), with what each gives. */
  private static final Map<String, String> OWN_FUNCTIONS = ImmutableMap.of(
      "DYNAMODB_TYPE", "DYNAMODB_TYPE(json [, path]): the DynamoDB type (S, N, M, SS, ...) of a JSON column's value, "
          + "or of the value at a JSON path in it",
      "PARENT_PATH", "PARENT_PATH(path [, delimiter]): the path of a hierarchy's parent ('root/photos/' of "
          + "'root/photos/2026/'); the delimiter defaults to the table's",
      "PATH_DEPTH", "PATH_DEPTH(path [, delimiter]): how many segments a path has (2 for 'root/photos/')",
      "PATH_NAME", "PATH_NAME(path [, delimiter]): a path's last segment ('beach.jpg' of 'root/photos/beach.jpg')",
      "PATH_SEGMENT", "PATH_SEGMENT(path, n [, delimiter]): a path's n-th segment, from 1");
  private static final String TIME_DATE_FUNCTIONS =
      "CURDATE,CURTIME,DAYNAME,DAYOFMONTH,DAYOFWEEK,DAYOFYEAR,HOUR,MINUTE,MONTH,MONTHNAME,NOW,QUARTER,SECOND,"
          + "TIMESTAMPADD,TIMESTAMPDIFF,WEEK,YEAR";

  private final KeycondConnection connection;
  private final SchemaRows schemaRows;

  KeycondDatabaseMetaData(KeycondConnection connection) {
    this.connection = connection;
    this.schemaRows = new SchemaRows(connection.schema());
  }

  // ---------------------------------------------------------------- tables, columns, keys, indexes

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
      throws SQLException {
    boolean tableType = types == null || Arrays.stream(types).anyMatch("TABLE"::equalsIgnoreCase);
    if (!tableType || !inSchema(catalog, schemaPattern)) {
      return MetadataResults.TABLES.empty();
    }
    return MetadataResults.TABLES.rows(read(() -> schemaRows.tables(NamePattern.of(tableNamePattern))));
  }

  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern,
      String columnNamePattern) throws SQLException {
    if (!inSchema(catalog, schemaPattern)) {
      return MetadataResults.COLUMNS.empty();
    }
    return MetadataResults.COLUMNS.rows(read(() ->
        schemaRows.columns(NamePattern.of(tableNamePattern), NamePattern.of(columnNamePattern))));
  }

  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    if (!inNamedSchema(catalog, schema)) {
      return MetadataResults.PRIMARY_KEYS.empty();
    }
    return MetadataResults.PRIMARY_KEYS.rows(read(() -> schemaRows.primaryKeys(tableName(table))));
  }

  @Override
  public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
      throws SQLException {
    if (!inNamedSchema(catalog, schema)) {
      return MetadataResults.INDEX_INFO.empty();
    }
    return MetadataResults.INDEX_INFO.rows(read(() -> schemaRows.indexInfo(tableName(table), unique)));
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
    if (!inNamedSchema(catalog, schema)) {
      return MetadataResults.KEYS.empty();
    }
    return MetadataResults.KEYS.rows(read(() -> schemaRows.references(any(), tableName(table), true)));
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
    if (!inNamedSchema(catalog, schema)) {
      return MetadataResults.KEYS.empty();
    }
    return MetadataResults.KEYS.rows(read(() -> schemaRows.references(tableName(table), any(), false)));
  }

  @Override
  public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
      String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
    if (!inNamedSchema(parentCatalog, parentSchema) || !inNamedSchema(foreignCatalog, foreignSchema)) {
      return MetadataResults.KEYS.empty();
    }
    return MetadataResults.KEYS.rows(read(() ->
        schemaRows.references(tableName(parentTable), tableName(foreignTable), false)));
  }

  @Override
  public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
      throws SQLException {
    if (!inNamedSchema(catalog, schema)) {
      return MetadataResults.ROW_IDENTIFIER.empty();
    }
    return MetadataResults.ROW_IDENTIFIER.rows(read(() -> schemaRows.bestRowIdentifier(tableName(table))));
  }

  @Override
  public ResultSet getVersionColumns(String catalog, String schema, String table) {
    // DynamoDB changes no attribute by itself when an item is updated.
    return MetadataResults.ROW_IDENTIFIER.empty();
  }

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    return MetadataResults.TYPE_INFO.rows(read(schemaRows::typeInfo));
  }

  @Override
  public ResultSet getSchemas() {
    return MetadataResults.SCHEMAS.rows(SchemaRows.schemas(any()));
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) {
    return catalog == null || catalog.isEmpty()
        ? MetadataResults.SCHEMAS.rows(SchemaRows.schemas(NamePattern.of(schemaPattern)))
        : MetadataResults.SCHEMAS.empty();
  }

  @Override
  public ResultSet getCatalogs() {
    return MetadataResults.CATALOGS.empty();
  }

  @Override
  public ResultSet getTableTypes() {
    return MetadataResults.TABLE_TYPES.rows(List.<Object[]>of(new Object[] {"TABLE"}));
  }

  /** Schema patterns select keycond's schema; see {@link SchemaRows#selectsSchema}. */
  private static boolean inSchema(String catalog, String schemaPattern) {
    return SchemaRows.selectsSchema(catalog, NamePattern.of(schemaPattern));
  }

  /** For arguments JDBC defines as a schema name rather than a pattern. */
  private static boolean inNamedSchema(String catalog, String schema) {
    return SchemaRows.selectsSchema(catalog, NamePattern.ofName(schema, List.of(SchemaRows.SCHEMA)));
  }

  private Predicate<String> tableName(String table) {
    return NamePattern.ofName(table, schemaRows.tableNames());
  }

  private static Predicate<String> any() {
    return NamePattern.of(null);
  }

  /** Reading metadata may call DescribeTable; its failures reach the caller as SQLExceptions. */
  private <T> T read(Supplier<T> rows) throws SQLException {
    connection.checkOpen();
    try {
      return rows.get();
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
  }

  // ---------------------------------------------------------------- things keycond does not have

  @Override
  public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern) {
    return MetadataResults.PROCEDURES.empty();
  }

  @Override
  public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern,
      String columnNamePattern) {
    return MetadataResults.PROCEDURE_COLUMNS.empty();
  }

  /**
   * keycond's own functions, beside SQL's and JDBC's escapes (listed by getNumericFunctions and the
   * like), so that a SQL tool can offer them: the path functions of a hierarchy and DYNAMODB_TYPE.
   */
  @Override
  public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern) {
    if (!inNamedSchema(catalog, schemaPattern)) {
      return MetadataResults.FUNCTIONS.empty();
    }
    Predicate<String> named = NamePattern.of(functionNamePattern);
    List<Object[]> rows = new ArrayList<>();
    OWN_FUNCTIONS.forEach((name, remarks) -> {
      if (named.test(name)) {
        rows.add(new Object[] {null, SchemaRows.SCHEMA, name, remarks, functionNoTable, name});
      }
    });
    return MetadataResults.FUNCTIONS.rows(rows);
  }

  @Override
  public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern,
      String columnNamePattern) {
    return MetadataResults.FUNCTION_COLUMNS.empty();
  }

  @Override
  public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern) {
    // Access is governed by IAM policies, which a connection cannot list.
    return MetadataResults.COLUMN_PRIVILEGES.empty();
  }

  @Override
  public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern) {
    return MetadataResults.TABLE_PRIVILEGES.empty();
  }

  @Override
  public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types) {
    return MetadataResults.UDTS.empty();
  }

  @Override
  public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) {
    return MetadataResults.SUPER_TYPES.empty();
  }

  @Override
  public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) {
    return MetadataResults.SUPER_TABLES.empty();
  }

  @Override
  public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern,
      String attributeNamePattern) {
    return MetadataResults.ATTRIBUTES.empty();
  }

  @Override
  public ResultSet getClientInfoProperties() {
    // Connection.setClientInfo stores nothing, so there is no property to advertise.
    return MetadataResults.CLIENT_INFO_PROPERTIES.empty();
  }

  @Override
  public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern,
      String columnNamePattern) {
    return MetadataResults.PSEUDO_COLUMNS.empty();
  }

  // ---------------------------------------------------------------- product and driver

  @Override
  public String getDatabaseProductName() {
    return Driver.PRODUCT_NAME;
  }

  @Override
  public String getDatabaseProductVersion() {
    return Driver.VERSION + " (DynamoDB API " + DYNAMODB_API_VERSION + ")";
  }

  @Override
  public int getDatabaseMajorVersion() {
    return Driver.MAJOR_VERSION;
  }

  @Override
  public int getDatabaseMinorVersion() {
    return Driver.MINOR_VERSION;
  }

  @Override
  public String getDriverName() {
    return "keycond";
  }

  @Override
  public String getDriverVersion() {
    return Driver.VERSION;
  }

  @Override
  public int getDriverMajorVersion() {
    return Driver.MAJOR_VERSION;
  }

  @Override
  public int getDriverMinorVersion() {
    return Driver.MINOR_VERSION;
  }

  @Override
  public int getJDBCMajorVersion() {
    return 4;
  }

  @Override
  public int getJDBCMinorVersion() {
    return 2;
  }

  @Override
  public String getURL() {
    return connection.url();
  }

  @Override
  public String getUserName() {
    return connection.userName();
  }

  @Override
  public Connection getConnection() {
    return connection;
  }

  // ---------------------------------------------------------------- SQL dialect

  @Override
  public String getIdentifierQuoteString() {
    return "\"";
  }

  @Override
  public String getSQLKeywords() {
    // The parser's reserved words that SQL:2003 does not reserve, as JDBC asks.
    return SqlParser.create("").getMetadata().getJdbcKeywords();
  }

  @Override
  public String getNumericFunctions() {
    return NUMERIC_FUNCTIONS;
  }

  @Override
  public String getStringFunctions() {
    return STRING_FUNCTIONS;
  }

  @Override
  public String getSystemFunctions() {
    return SYSTEM_FUNCTIONS;
  }

  @Override
  public String getTimeDateFunctions() {
    return TIME_DATE_FUNCTIONS;
  }

  @Override
  public String getSearchStringEscape() {
    return NamePattern.ESCAPE;
  }

  @Override
  public String getExtraNameCharacters() {
    // Unquoted identifiers may also contain '$'; anything else needs quotes.
    return "$";
  }

  @Override
  public String getSchemaTerm() {
    return "schema";
  }

  @Override
  public String getProcedureTerm() {
    return "procedure";
  }

  @Override
  public String getCatalogTerm() {
    return "catalog";
  }

  @Override
  public boolean isCatalogAtStart() {
    return true;
  }

  @Override
  public String getCatalogSeparator() {
    return ".";
  }

  @Override
  public int getSQLStateType() {
    return sqlStateSQL;
  }

  /** Identifiers keep the case they are written in, quoted or not, and match case-sensitively. */
  @Override
  public boolean supportsMixedCaseIdentifiers() {
    return true;
  }

  @Override
  public boolean storesUpperCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesMixedCaseIdentifiers() {
    return true;
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() {
    return true;
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() {
    return true;
  }

  /** Nulls sort last going up and first going down, as if larger than any value. */
  @Override
  public boolean nullsAreSortedHigh() {
    return true;
  }

  @Override
  public boolean nullsAreSortedLow() {
    return false;
  }

  @Override
  public boolean nullsAreSortedAtStart() {
    return false;
  }

  @Override
  public boolean nullsAreSortedAtEnd() {
    return false;
  }

  @Override
  public boolean nullPlusNonNullIsNull() {
    return true;
  }

  @Override
  public boolean supportsColumnAliasing() {
    return true;
  }

  @Override
  public boolean supportsTableCorrelationNames() {
    return true;
  }

  @Override
  public boolean supportsDifferentTableCorrelationNames() {
    return false;
  }

  @Override
  public boolean supportsLikeEscapeClause() {
    return true;
  }

  @Override
  public boolean supportsNonNullableColumns() {
    return true;
  }

  @Override
  public boolean supportsConvert() {
    return true;
  }

  @Override
  public boolean supportsConvert(int fromType, int toType) {
    return true;
  }

  @Override
  public boolean supportsExpressionsInOrderBy() {
    return true;
  }

  @Override
  public boolean supportsOrderByUnrelated() {
    return true;
  }

  @Override
  public boolean supportsGroupBy() {
    return true;
  }

  @Override
  public boolean supportsGroupByUnrelated() {
    return true;
  }

  @Override
  public boolean supportsGroupByBeyondSelect() {
    return true;
  }

  @Override
  public boolean supportsUnion() {
    return true;
  }

  @Override
  public boolean supportsUnionAll() {
    return true;
  }

  @Override
  public boolean supportsOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsFullOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsLimitedOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInComparisons() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInExists() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInIns() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInQuantifieds() {
    return false;
  }

  @Override
  public boolean supportsCorrelatedSubqueries() {
    // Read as a join, or by key once per outer row.
    return true;
  }

  /** The ODBC and ANSI grammar levels all include writes and DDL, which keycond does not run. */
  @Override
  public boolean supportsMinimumSQLGrammar() {
    return true;
  }

  @Override
  public boolean supportsCoreSQLGrammar() {
    return false;
  }

  @Override
  public boolean supportsExtendedSQLGrammar() {
    return false;
  }

  @Override
  public boolean supportsANSI92EntryLevelSQL() {
    return false;
  }

  @Override
  public boolean supportsANSI92IntermediateSQL() {
    return false;
  }

  @Override
  public boolean supportsANSI92FullSQL() {
    return false;
  }

  @Override
  public boolean supportsIntegrityEnhancementFacility() {
    return false;
  }

  /** Tables are named {@code dynamodb.files} or just {@code files}; there are no catalogs. */
  @Override
  public boolean supportsSchemasInDataManipulation() {
    return true;
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() {
    return false;
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() {
    return false;
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() {
    return false;
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() {
    return false;
  }

  // ---------------------------------------------------------------- capabilities

  @Override
  public boolean isReadOnly() {
    return false;
  }

  @Override
  public boolean allTablesAreSelectable() {
    return true;
  }

  @Override
  public boolean allProceduresAreCallable() {
    // There are no procedures, so every one of them can be called.
    return true;
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() {
    return false;
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() {
    return false;
  }

  @Override
  public boolean supportsBatchUpdates() {
    return true;
  }

  @Override
  public boolean supportsPositionedDelete() {
    return false;
  }

  @Override
  public boolean supportsPositionedUpdate() {
    return false;
  }

  @Override
  public boolean supportsSelectForUpdate() {
    return false;
  }

  @Override
  public boolean supportsGetGeneratedKeys() {
    return true;
  }

  @Override
  public boolean generatedKeyAlwaysReturned() {
    return false;
  }

  @Override
  public boolean supportsStoredProcedures() {
    return false;
  }

  @Override
  public boolean supportsStoredFunctionsUsingCallSyntax() {
    return false;
  }

  @Override
  public boolean supportsNamedParameters() {
    return false;
  }

  @Override
  public boolean supportsMultipleResultSets() {
    return false;
  }

  @Override
  public boolean supportsMultipleOpenResults() {
    return false;
  }

  @Override
  public boolean supportsStatementPooling() {
    return false;
  }

  @Override
  public boolean supportsRefCursors() {
    return false;
  }

  @Override
  public boolean supportsSharding() {
    return false;
  }

  @Override
  public boolean locatorsUpdateCopy() {
    return false;
  }

  @Override
  public boolean usesLocalFiles() {
    return false;
  }

  @Override
  public boolean usesLocalFilePerTable() {
    return false;
  }

  @Override
  public boolean doesMaxRowSizeIncludeBlobs() {
    return true;
  }

  @Override
  public RowIdLifetime getRowIdLifetime() {
    return RowIdLifetime.ROWID_UNSUPPORTED;
  }

  // ---------------------------------------------------------------- transactions: none, auto-commit

  @Override
  public boolean supportsTransactions() {
    return true;
  }

  @Override
  public int getDefaultTransactionIsolation() {
    return KeycondConnection.ISOLATION;
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int level) {
    return level == KeycondConnection.ISOLATION;
  }

  @Override
  public boolean supportsMultipleTransactions() {
    return true;
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() {
    return false;
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() {
    return true;
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() {
    return false;
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() {
    return false;
  }

  @Override
  public boolean supportsSavepoints() {
    return true;
  }

  @Override
  public boolean autoCommitFailureClosesAllResultSets() {
    return false;
  }

  /** A result reads DynamoDB whatever the transaction does: it stays open, unless its holdability is CLOSE_CURSORS_AT_COMMIT. */
  @Override
  public boolean supportsOpenCursorsAcrossCommit() {
    return true;
  }

  @Override
  public boolean supportsOpenCursorsAcrossRollback() {
    return true;
  }

  /** A statement has no state a commit could end; it can run again afterwards. */
  @Override
  public boolean supportsOpenStatementsAcrossCommit() {
    return true;
  }

  @Override
  public boolean supportsOpenStatementsAcrossRollback() {
    return true;
  }

  @Override
  public int getResultSetHoldability() {
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public boolean supportsResultSetHoldability(int holdability) {
    return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT || holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  // ---------------------------------------------------------------- result sets: forward-only, read-only

  @Override
  public boolean supportsResultSetType(int type) {
    return type == ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public boolean supportsResultSetConcurrency(int type, int concurrency) {
    return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public boolean ownUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean updatesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean deletesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean insertsAreDetected(int type) {
    return false;
  }

  // ---------------------------------------------------------------- limits (0: none or unknown)

  @Override
  public int getMaxBinaryLiteralLength() {
    return 0;
  }

  @Override
  public int getMaxCharLiteralLength() {
    return 0;
  }

  /** Attribute names are at most 64 KB. */
  @Override
  public int getMaxColumnNameLength() {
    return 65535;
  }

  @Override
  public int getMaxColumnsInGroupBy() {
    return 0;
  }

  @Override
  public int getMaxColumnsInIndex() {
    return 0;
  }

  @Override
  public int getMaxColumnsInOrderBy() {
    return 0;
  }

  @Override
  public int getMaxColumnsInSelect() {
    return 0;
  }

  @Override
  public int getMaxColumnsInTable() {
    return 0;
  }

  @Override
  public int getMaxConnections() {
    return 0;
  }

  @Override
  public int getMaxCursorNameLength() {
    return 0;
  }

  @Override
  public int getMaxIndexLength() {
    return 0;
  }

  @Override
  public int getMaxSchemaNameLength() {
    return 0;
  }

  @Override
  public int getMaxProcedureNameLength() {
    return 0;
  }

  @Override
  public int getMaxCatalogNameLength() {
    return 0;
  }

  /** An item, with all its attributes, is at most 400 KB. */
  @Override
  public int getMaxRowSize() {
    return JdbcTypes.MAX_VALUE_LENGTH;
  }

  @Override
  public int getMaxStatementLength() {
    return 0;
  }

  @Override
  public int getMaxStatements() {
    return 0;
  }

  /** DynamoDB table names are 3 to 255 characters long. */
  @Override
  public int getMaxTableNameLength() {
    return 255;
  }

  @Override
  public int getMaxTablesInSelect() {
    return 0;
  }

  @Override
  public int getMaxUserNameLength() {
    return 0;
  }

  @Override
  public long getMaxLogicalLobSize() {
    return 0;
  }
}
