package dev.keycond.jdbc;

import dev.keycond.planner.exec.relational.ListCursor;
import com.google.common.collect.ImmutableList;
import dev.keycond.Driver;
import dev.keycond.planner.ResultColumn;
import dev.keycond.planner.schema.KeycondSchema;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.type.SqlTypeName;

/** What keycond tells SQL tools about itself and about the tables of a connection. */
final class KeycondDatabaseMetaData implements DatabaseMetaData {
  private final KeycondConnection connection;

  KeycondDatabaseMetaData(KeycondConnection connection) {
    this.connection = connection;
  }

  /** A result set of metadata rows; columns are VARCHAR unless their name says otherwise. */
  private static ResultSet rows(List<String> columnNames, List<SqlTypeName> types, List<Object[]> rows) {
    ImmutableList.Builder<ResultColumn> columns = ImmutableList.builder();
    for (int i = 0; i < columnNames.size(); i++) {
      columns.add(new ResultColumn(columnNames.get(i), types.get(i), 0, 0, true, Optional.empty(), Optional.empty()));
    }
    return new KeycondResultSet(null, columns.build(), new ListCursor(rows), null);
  }

  private static List<SqlTypeName> text(int n) {
    List<SqlTypeName> types = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      types.add(SqlTypeName.VARCHAR);
    }
    return types;
  }

  @Override
  public ResultSet getSchemas() {
    return rows(List.of("TABLE_SCHEM", "TABLE_CATALOG"), text(2), List.<Object[]>of(new Object[] {KeycondSchema.NAME, null}));
  }

  @Override
  public ResultSet getCatalogs() {
    return rows(List.of("TABLE_CAT"), text(1), List.of());
  }

  @Override
  public ResultSet getTableTypes() {
    return rows(List.of("TABLE_TYPE"), text(1), List.<Object[]>of(new Object[] {"TABLE"}));
  }

  @Override
  public String getDatabaseProductName() {
    return "Amazon DynamoDB (keycond)";
  }

  @Override
  public String getDatabaseProductVersion() {
    return Driver.VERSION;
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
  public String getURL() {
    return connection.url();
  }

  @Override
  public Connection getConnection() {
    return connection;
  }

  @Override
  public String getIdentifierQuoteString() {
    return "\"";
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return Jdbc.unwrap(this, iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
  @Override
  public boolean allProceduresAreCallable() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.allProceduresAreCallable");
  }

  @Override
  public boolean allTablesAreSelectable() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.allTablesAreSelectable");
  }

  @Override
  public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.autoCommitFailureClosesAllResultSets");
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.dataDefinitionCausesTransactionCommit");
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.dataDefinitionIgnoredInTransactions");
  }

  @Override
  public boolean deletesAreDetected(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.deletesAreDetected");
  }

  @Override
  public boolean doesMaxRowSizeIncludeBlobs() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.doesMaxRowSizeIncludeBlobs");
  }

  @Override
  public boolean generatedKeyAlwaysReturned() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.generatedKeyAlwaysReturned");
  }

  @Override
  public java.sql.ResultSet getAttributes(String p0, String p1, String p2, String p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getAttributes");
  }

  @Override
  public java.sql.ResultSet getBestRowIdentifier(String p0, String p1, String p2, int p3, boolean p4) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getBestRowIdentifier");
  }

  @Override
  public String getCatalogSeparator() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getCatalogSeparator");
  }

  @Override
  public String getCatalogTerm() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getCatalogTerm");
  }

  @Override
  public java.sql.ResultSet getClientInfoProperties() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getClientInfoProperties");
  }

  @Override
  public java.sql.ResultSet getColumnPrivileges(String p0, String p1, String p2, String p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getColumnPrivileges");
  }

  @Override
  public java.sql.ResultSet getColumns(String p0, String p1, String p2, String p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getColumns");
  }

  @Override
  public java.sql.ResultSet getCrossReference(String p0, String p1, String p2, String p3, String p4, String p5) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getCrossReference");
  }

  @Override
  public int getDatabaseMajorVersion() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getDatabaseMajorVersion");
  }

  @Override
  public int getDatabaseMinorVersion() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getDatabaseMinorVersion");
  }

  @Override
  public int getDefaultTransactionIsolation() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getDefaultTransactionIsolation");
  }

  @Override
  public java.sql.ResultSet getExportedKeys(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getExportedKeys");
  }

  @Override
  public String getExtraNameCharacters() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getExtraNameCharacters");
  }

  @Override
  public java.sql.ResultSet getFunctionColumns(String p0, String p1, String p2, String p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getFunctionColumns");
  }

  @Override
  public java.sql.ResultSet getFunctions(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getFunctions");
  }

  @Override
  public java.sql.ResultSet getImportedKeys(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getImportedKeys");
  }

  @Override
  public java.sql.ResultSet getIndexInfo(String p0, String p1, String p2, boolean p3, boolean p4) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getIndexInfo");
  }

  @Override
  public int getJDBCMajorVersion() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getJDBCMajorVersion");
  }

  @Override
  public int getJDBCMinorVersion() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getJDBCMinorVersion");
  }

  @Override
  public int getMaxBinaryLiteralLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxBinaryLiteralLength");
  }

  @Override
  public int getMaxCatalogNameLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxCatalogNameLength");
  }

  @Override
  public int getMaxCharLiteralLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxCharLiteralLength");
  }

  @Override
  public int getMaxColumnNameLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxColumnNameLength");
  }

  @Override
  public int getMaxColumnsInGroupBy() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxColumnsInGroupBy");
  }

  @Override
  public int getMaxColumnsInIndex() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxColumnsInIndex");
  }

  @Override
  public int getMaxColumnsInOrderBy() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxColumnsInOrderBy");
  }

  @Override
  public int getMaxColumnsInSelect() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxColumnsInSelect");
  }

  @Override
  public int getMaxColumnsInTable() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxColumnsInTable");
  }

  @Override
  public int getMaxConnections() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxConnections");
  }

  @Override
  public int getMaxCursorNameLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxCursorNameLength");
  }

  @Override
  public int getMaxIndexLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxIndexLength");
  }

  @Override
  public int getMaxProcedureNameLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxProcedureNameLength");
  }

  @Override
  public int getMaxRowSize() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxRowSize");
  }

  @Override
  public int getMaxSchemaNameLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxSchemaNameLength");
  }

  @Override
  public int getMaxStatementLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxStatementLength");
  }

  @Override
  public int getMaxStatements() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxStatements");
  }

  @Override
  public int getMaxTableNameLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxTableNameLength");
  }

  @Override
  public int getMaxTablesInSelect() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxTablesInSelect");
  }

  @Override
  public int getMaxUserNameLength() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getMaxUserNameLength");
  }

  @Override
  public String getNumericFunctions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getNumericFunctions");
  }

  @Override
  public java.sql.ResultSet getPrimaryKeys(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getPrimaryKeys");
  }

  @Override
  public java.sql.ResultSet getProcedureColumns(String p0, String p1, String p2, String p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getProcedureColumns");
  }

  @Override
  public String getProcedureTerm() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getProcedureTerm");
  }

  @Override
  public java.sql.ResultSet getProcedures(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getProcedures");
  }

  @Override
  public java.sql.ResultSet getPseudoColumns(String p0, String p1, String p2, String p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getPseudoColumns");
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getResultSetHoldability");
  }

  @Override
  public java.sql.RowIdLifetime getRowIdLifetime() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getRowIdLifetime");
  }

  @Override
  public String getSQLKeywords() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSQLKeywords");
  }

  @Override
  public int getSQLStateType() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSQLStateType");
  }

  @Override
  public String getSchemaTerm() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSchemaTerm");
  }

  @Override
  public java.sql.ResultSet getSchemas(String p0, String p1) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSchemas");
  }

  @Override
  public String getSearchStringEscape() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSearchStringEscape");
  }

  @Override
  public String getStringFunctions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getStringFunctions");
  }

  @Override
  public java.sql.ResultSet getSuperTables(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSuperTables");
  }

  @Override
  public java.sql.ResultSet getSuperTypes(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSuperTypes");
  }

  @Override
  public String getSystemFunctions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getSystemFunctions");
  }

  @Override
  public java.sql.ResultSet getTablePrivileges(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getTablePrivileges");
  }

  @Override
  public java.sql.ResultSet getTables(String p0, String p1, String p2, String[] p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getTables");
  }

  @Override
  public String getTimeDateFunctions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getTimeDateFunctions");
  }

  @Override
  public java.sql.ResultSet getTypeInfo() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getTypeInfo");
  }

  @Override
  public java.sql.ResultSet getUDTs(String p0, String p1, String p2, int[] p3) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getUDTs");
  }

  @Override
  public String getUserName() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getUserName");
  }

  @Override
  public java.sql.ResultSet getVersionColumns(String p0, String p1, String p2) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.getVersionColumns");
  }

  @Override
  public boolean insertsAreDetected(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.insertsAreDetected");
  }

  @Override
  public boolean isCatalogAtStart() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.isCatalogAtStart");
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.isReadOnly");
  }

  @Override
  public boolean locatorsUpdateCopy() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.locatorsUpdateCopy");
  }

  @Override
  public boolean nullPlusNonNullIsNull() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.nullPlusNonNullIsNull");
  }

  @Override
  public boolean nullsAreSortedAtEnd() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.nullsAreSortedAtEnd");
  }

  @Override
  public boolean nullsAreSortedAtStart() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.nullsAreSortedAtStart");
  }

  @Override
  public boolean nullsAreSortedHigh() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.nullsAreSortedHigh");
  }

  @Override
  public boolean nullsAreSortedLow() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.nullsAreSortedLow");
  }

  @Override
  public boolean othersDeletesAreVisible(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.othersDeletesAreVisible");
  }

  @Override
  public boolean othersInsertsAreVisible(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.othersInsertsAreVisible");
  }

  @Override
  public boolean othersUpdatesAreVisible(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.othersUpdatesAreVisible");
  }

  @Override
  public boolean ownDeletesAreVisible(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.ownDeletesAreVisible");
  }

  @Override
  public boolean ownInsertsAreVisible(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.ownInsertsAreVisible");
  }

  @Override
  public boolean ownUpdatesAreVisible(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.ownUpdatesAreVisible");
  }

  @Override
  public boolean storesLowerCaseIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.storesLowerCaseIdentifiers");
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.storesLowerCaseQuotedIdentifiers");
  }

  @Override
  public boolean storesMixedCaseIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.storesMixedCaseIdentifiers");
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.storesMixedCaseQuotedIdentifiers");
  }

  @Override
  public boolean storesUpperCaseIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.storesUpperCaseIdentifiers");
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.storesUpperCaseQuotedIdentifiers");
  }

  @Override
  public boolean supportsANSI92EntryLevelSQL() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsANSI92EntryLevelSQL");
  }

  @Override
  public boolean supportsANSI92FullSQL() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsANSI92FullSQL");
  }

  @Override
  public boolean supportsANSI92IntermediateSQL() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsANSI92IntermediateSQL");
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsAlterTableWithAddColumn");
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsAlterTableWithDropColumn");
  }

  @Override
  public boolean supportsBatchUpdates() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsBatchUpdates");
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsCatalogsInDataManipulation");
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsCatalogsInIndexDefinitions");
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsCatalogsInPrivilegeDefinitions");
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsCatalogsInProcedureCalls");
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsCatalogsInTableDefinitions");
  }

  @Override
  public boolean supportsColumnAliasing() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsColumnAliasing");
  }

  @Override
  public boolean supportsConvert() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsConvert");
  }

  @Override
  public boolean supportsConvert(int p0, int p1) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsConvert");
  }

  @Override
  public boolean supportsCoreSQLGrammar() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsCoreSQLGrammar");
  }

  @Override
  public boolean supportsCorrelatedSubqueries() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsCorrelatedSubqueries");
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsDataDefinitionAndDataManipulationTransactions");
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsDataManipulationTransactionsOnly");
  }

  @Override
  public boolean supportsDifferentTableCorrelationNames() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsDifferentTableCorrelationNames");
  }

  @Override
  public boolean supportsExpressionsInOrderBy() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsExpressionsInOrderBy");
  }

  @Override
  public boolean supportsExtendedSQLGrammar() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsExtendedSQLGrammar");
  }

  @Override
  public boolean supportsFullOuterJoins() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsFullOuterJoins");
  }

  @Override
  public boolean supportsGetGeneratedKeys() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsGetGeneratedKeys");
  }

  @Override
  public boolean supportsGroupBy() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsGroupBy");
  }

  @Override
  public boolean supportsGroupByBeyondSelect() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsGroupByBeyondSelect");
  }

  @Override
  public boolean supportsGroupByUnrelated() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsGroupByUnrelated");
  }

  @Override
  public boolean supportsIntegrityEnhancementFacility() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsIntegrityEnhancementFacility");
  }

  @Override
  public boolean supportsLikeEscapeClause() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsLikeEscapeClause");
  }

  @Override
  public boolean supportsLimitedOuterJoins() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsLimitedOuterJoins");
  }

  @Override
  public boolean supportsMinimumSQLGrammar() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsMinimumSQLGrammar");
  }

  @Override
  public boolean supportsMixedCaseIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsMixedCaseIdentifiers");
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsMixedCaseQuotedIdentifiers");
  }

  @Override
  public boolean supportsMultipleOpenResults() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsMultipleOpenResults");
  }

  @Override
  public boolean supportsMultipleResultSets() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsMultipleResultSets");
  }

  @Override
  public boolean supportsMultipleTransactions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsMultipleTransactions");
  }

  @Override
  public boolean supportsNamedParameters() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsNamedParameters");
  }

  @Override
  public boolean supportsNonNullableColumns() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsNonNullableColumns");
  }

  @Override
  public boolean supportsOpenCursorsAcrossCommit() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsOpenCursorsAcrossCommit");
  }

  @Override
  public boolean supportsOpenCursorsAcrossRollback() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsOpenCursorsAcrossRollback");
  }

  @Override
  public boolean supportsOpenStatementsAcrossCommit() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsOpenStatementsAcrossCommit");
  }

  @Override
  public boolean supportsOpenStatementsAcrossRollback() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsOpenStatementsAcrossRollback");
  }

  @Override
  public boolean supportsOrderByUnrelated() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsOrderByUnrelated");
  }

  @Override
  public boolean supportsOuterJoins() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsOuterJoins");
  }

  @Override
  public boolean supportsPositionedDelete() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsPositionedDelete");
  }

  @Override
  public boolean supportsPositionedUpdate() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsPositionedUpdate");
  }

  @Override
  public boolean supportsResultSetConcurrency(int p0, int p1) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsResultSetConcurrency");
  }

  @Override
  public boolean supportsResultSetHoldability(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsResultSetHoldability");
  }

  @Override
  public boolean supportsResultSetType(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsResultSetType");
  }

  @Override
  public boolean supportsSavepoints() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSavepoints");
  }

  @Override
  public boolean supportsSchemasInDataManipulation() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSchemasInDataManipulation");
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSchemasInIndexDefinitions");
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSchemasInPrivilegeDefinitions");
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSchemasInProcedureCalls");
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSchemasInTableDefinitions");
  }

  @Override
  public boolean supportsSelectForUpdate() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSelectForUpdate");
  }

  @Override
  public boolean supportsStatementPooling() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsStatementPooling");
  }

  @Override
  public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsStoredFunctionsUsingCallSyntax");
  }

  @Override
  public boolean supportsStoredProcedures() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsStoredProcedures");
  }

  @Override
  public boolean supportsSubqueriesInComparisons() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSubqueriesInComparisons");
  }

  @Override
  public boolean supportsSubqueriesInExists() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSubqueriesInExists");
  }

  @Override
  public boolean supportsSubqueriesInIns() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSubqueriesInIns");
  }

  @Override
  public boolean supportsSubqueriesInQuantifieds() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsSubqueriesInQuantifieds");
  }

  @Override
  public boolean supportsTableCorrelationNames() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsTableCorrelationNames");
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsTransactionIsolationLevel");
  }

  @Override
  public boolean supportsTransactions() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsTransactions");
  }

  @Override
  public boolean supportsUnion() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsUnion");
  }

  @Override
  public boolean supportsUnionAll() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.supportsUnionAll");
  }

  @Override
  public boolean updatesAreDetected(int p0) throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.updatesAreDetected");
  }

  @Override
  public boolean usesLocalFilePerTable() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.usesLocalFilePerTable");
  }

  @Override
  public boolean usesLocalFiles() throws SQLException {
    throw Jdbc.notSupported("DatabaseMetaData.usesLocalFiles");
  }
}
