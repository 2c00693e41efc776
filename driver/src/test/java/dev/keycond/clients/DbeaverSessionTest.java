package dev.keycond.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.Driver;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Replays what DBeaver's generic JDBC support does when it opens a keycond connection, browses
 * the navigator (schema, tables, columns, keys, references, indexes) and opens a table's data.
 * The steps and the column labels read follow DBeaver's source: JDBCDataSource,
 * GenericDataSource, JDBCExecutionContext, JDBCSQLDialect.initDriverSettings, JDBCDataSourceInfo,
 * GenericMetaModel, TableCache, ConstraintKeysCache, ForeignKeysCache, IndexCache and
 * JDBCTable.readData. Every call must succeed, and what the navigator would show is checked.
 */
public class DbeaverSessionTest {
  private final DemoDatabase database = DemoDatabase.get();

  @Test
  void openBrowseAndReadATable() throws SQLException {
    session(new Driver(), database.url());
  }

  /**
   * The session, with a driver that DBeaver loaded from the driver files: the classes of this
   * module here, the shaded jar in {@code ShadedJarIT}.
   */
  public static void session(java.sql.Driver driver, String url) throws SQLException {
    // JDBCDataSource.openConnection: the driver class from the driver's class loader, no DriverManager.
    Properties properties = new Properties();
    properties.setProperty("user", "test");
    properties.setProperty("password", "test");
    try (Connection connection = driver.connect(url, properties)) {
      // GenericDataSource.populateClientAppName
      try (ResultSet clientInfo = connection.getMetaData().getClientInfoProperties()) {
        while (clientInfo.next()) {
          clientInfo.getString("NAME");
          clientInfo.getInt("MAX_LEN");
        }
      }
      connection.setClientInfo("ApplicationName", "DBeaver 25.0 - Main");

      // JDBCExecutionContext.connect
      connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      connection.setAutoCommit(true);
      assertTrue(connection.getAutoCommit());

      DatabaseMetaData meta = connection.getMetaData();
      initializeDataSource(meta);
      assertEquals(List.of("dynamodb"), schemas(meta));
      assertEquals(List.of("Events", "files", "projects", "workspaces"), tables(meta));
      browseFiles(meta);
      browseReferences(meta);
      browseIndexes(meta);
      loadProcedures(meta);
      readData(connection);

      // JDBCDataSource.closeConnection rolls back a connection in manual-commit mode; in auto-commit
      // mode JDBC has rollback() throw (25000), so it asks first.
      assertTrue(connection.getAutoCommit());
      assertEquals("25000", assertThrows(SQLException.class, connection::rollback).getSQLState());
    }
  }

  /** JDBCDataSource.initialize: server version, dialect settings, data source info, types. */
  private static void initializeDataSource(DatabaseMetaData meta) throws SQLException {
    meta.getDatabaseMajorVersion();
    meta.getDatabaseMinorVersion();
    // JDBCSQLDialect.initDriverSettings
    assertEquals("\"", meta.getIdentifierQuoteString());
    meta.getSQLStateType();
    assertTrue(meta.supportsCorrelatedSubqueries() || meta.supportsSubqueriesInComparisons()
        || meta.supportsSubqueriesInExists() || meta.supportsSubqueriesInIns()
        || meta.supportsSubqueriesInQuantifieds());
    assertTrue(meta.supportsMixedCaseIdentifiers());
    assertTrue(meta.supportsMixedCaseQuotedIdentifiers());
    assertFalse(meta.storesUpperCaseIdentifiers() || meta.storesLowerCaseIdentifiers());
    assertFalse(meta.storesUpperCaseQuotedIdentifiers() || meta.storesLowerCaseQuotedIdentifiers());
    assertEquals("\\", meta.getSearchStringEscape());
    meta.getCatalogSeparator();
    assertFalse(meta.supportsCatalogsInDataManipulation() || meta.supportsCatalogsInTableDefinitions()
        || meta.supportsCatalogsInProcedureCalls() || meta.supportsCatalogsInIndexDefinitions()
        || meta.supportsCatalogsInPrivilegeDefinitions());
    assertTrue(meta.supportsSchemasInDataManipulation());
    meta.supportsSchemasInTableDefinitions();
    meta.supportsSchemasInProcedureCalls();
    meta.supportsSchemasInIndexDefinitions();
    meta.supportsSchemasInPrivilegeDefinitions();
    meta.getExtraNameCharacters();
    meta.isCatalogAtStart();
    assertFalse(meta.getSQLKeywords().isEmpty());
    for (String functions : List.of(meta.getNumericFunctions(), meta.getStringFunctions(),
        meta.getSystemFunctions(), meta.getTimeDateFunctions())) {
      assertFalse(functions.isEmpty());
    }
    // JDBCDataSourceInfo
    assertFalse(meta.isReadOnly(), "DBeaver enables its data editor only on a writable database");
    assertEquals("Amazon DynamoDB (keycond)", meta.getDatabaseProductName());
    meta.getDatabaseProductVersion();
    assertEquals("keycond", meta.getDriverName());
    meta.getDriverVersion();
    assertEquals("schema", meta.getSchemaTerm());
    meta.getProcedureTerm();
    meta.getCatalogTerm();
    meta.supportsBatchUpdates();
    assertTrue(meta.supportsTransactions());
    // GenericDataSource.initialize: the data type cache (JDBCBasicDataTypeCache)
    List<String> typeNames = new ArrayList<>();
    try (ResultSet types = meta.getTypeInfo()) {
      while (types.next()) {
        typeNames.add(types.getString("TYPE_NAME"));
        types.getInt("DATA_TYPE");
        types.getString("LOCAL_TYPE_NAME");
        types.getBoolean("UNSIGNED_ATTRIBUTE");
        types.getInt("SEARCHABLE");
        types.getInt("PRECISION");
        types.getInt("MINIMUM_SCALE");
        types.getInt("MAXIMUM_SCALE");
      }
    }
    assertTrue(typeNames.containsAll(List.of("VARCHAR", "BIGINT", "TIMESTAMP", "DECIMAL")), typeNames.toString());
    // Catalogs first; none, so DBeaver reads the schemas as the top level.
    try (ResultSet catalogs = meta.getCatalogs()) {
      assertFalse(catalogs.next());
    }
    try (ResultSet tableTypes = meta.getTableTypes()) {
      assertTrue(tableTypes.next());
      assertEquals("TABLE", tableTypes.getString("TABLE_TYPE"));
    }
  }

  /** GenericMetaModel.loadSchemas. */
  private static List<String> schemas(DatabaseMetaData meta) throws SQLException {
    List<String> schemas = new ArrayList<>();
    try (ResultSet rs = meta.getSchemas(null, "%")) {
      while (rs.next()) {
        schemas.add(rs.getString("TABLE_SCHEM"));
        assertEquals(null, rs.getString("TABLE_CATALOG"));
      }
    }
    return schemas;
  }

  /** TableCache via GenericMetaModel.prepareTableLoadStatement. */
  private static List<String> tables(DatabaseMetaData meta) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (ResultSet rs = meta.getTables(null, "dynamodb", "%", null)) {
      while (rs.next()) {
        tables.add(rs.getString("TABLE_NAME"));
        assertEquals("TABLE", rs.getString("TABLE_TYPE"));
        assertEquals("dynamodb", rs.getString("TABLE_SCHEM"));
        assertTrue(rs.getString("REMARKS").startsWith("DynamoDB table "));
        rs.getString("TABLE_CAT");
      }
    }
    return tables;
  }

  /** The columns and the primary key of "files": GenericMetaModel.fetchTableColumn, ConstraintKeysCache. */
  private static void browseFiles(DatabaseMetaData meta) throws SQLException {
    Map<String, String> columns = new LinkedHashMap<>();
    try (ResultSet rs = meta.getColumns(null, "dynamodb", "files", "%")) {
      while (rs.next()) {
        String name = rs.getString("COLUMN_NAME");
        int dataType = rs.getInt("DATA_TYPE");
        rs.getInt("SOURCE_DATA_TYPE");
        String typeName = rs.getString("TYPE_NAME");
        long size = rs.getLong("COLUMN_SIZE");
        boolean notNull = rs.getInt("NULLABLE") == DatabaseMetaData.columnNoNulls;
        rs.getInt("DECIMAL_DIGITS");
        rs.getInt("NUM_PREC_RADIX");
        rs.getString("COLUMN_DEF");
        rs.getString("REMARKS");
        rs.getLong("CHAR_OCTET_LENGTH");
        rs.getInt("ORDINAL_POSITION");
        assertEquals("NO", rs.getString("IS_AUTOINCREMENT"));
        rs.getString("IS_GENERATEDCOLUMN");
        assertTrue(dataType != 0 && size > 0, name);
        columns.put(name, typeName + (notNull ? " NOT NULL" : ""));
      }
    }
    assertEquals(Map.of("account", "VARCHAR NOT NULL", "path", "VARCHAR NOT NULL", "parent", "VARCHAR",
        "size", "BIGINT", "modified", "TIMESTAMP"), columns);

    Map<Integer, String> key = new LinkedHashMap<>();
    try (ResultSet rs = meta.getPrimaryKeys(null, "dynamodb", "files")) {
      while (rs.next()) {
        assertEquals("files", rs.getString("TABLE_NAME"));
        assertEquals("PRIMARY", rs.getString("PK_NAME"));
        key.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
      }
    }
    assertEquals(Map.of(1, "account", 2, "path"), key);
  }

  /** ForeignKeysCache (imported keys of a table) and GenericTableBase.loadReferenceInfoList (exported). */
  private static void browseReferences(DatabaseMetaData meta) throws SQLException {
    List<String> imported = references(meta.getImportedKeys(null, "dynamodb", "projects"));
    assertEquals(List.of("projects_workspace_id_fkey: projects.workspace_id -> workspaces.id (PRIMARY)"), imported);
    assertEquals(imported, references(meta.getExportedKeys(null, "dynamodb", "workspaces")));
    // The ER diagram of the whole schema asks with "%".
    assertEquals(imported, references(meta.getImportedKeys(null, "dynamodb", "%")));
  }

  private static List<String> references(ResultSet rs) throws SQLException {
    List<String> references = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        rs.getString("PKTABLE_CAT");
        rs.getString("PKTABLE_SCHEM");
        rs.getString("FKTABLE_CAT");
        rs.getString("FKTABLE_SCHEM");
        assertEquals(1, rs.getInt("KEY_SEQ"));
        rs.getInt("UPDATE_RULE");
        rs.getInt("DELETE_RULE");
        rs.getInt("DEFERRABILITY");
        references.add(rs.getString("FK_NAME") + ": " + rs.getString("FKTABLE_NAME") + "."
            + rs.getString("FKCOLUMN_NAME") + " -> " + rs.getString("PKTABLE_NAME") + "."
            + rs.getString("PKCOLUMN_NAME") + " (" + rs.getString("PK_NAME") + ")");
      }
    }
    return references;
  }

  /** IndexCache. */
  private static void browseIndexes(DatabaseMetaData meta) throws SQLException {
    Map<String, List<String>> indexes = new LinkedHashMap<>();
    try (ResultSet rs = meta.getIndexInfo(null, "dynamodb", "Events", false, true)) {
      while (rs.next()) {
        rs.getString("TABLE_NAME");
        boolean nonUnique = rs.getBoolean("NON_UNIQUE");
        rs.getString("INDEX_QUALIFIER");
        rs.getLong("CARDINALITY");
        rs.getInt("TYPE");
        rs.getInt("ORDINAL_POSITION");
        rs.getString("ASC_OR_DESC");
        indexes.computeIfAbsent(rs.getString("INDEX_NAME") + (nonUnique ? "" : " UNIQUE"), n -> new ArrayList<>())
            .add(rs.getString("COLUMN_NAME"));
      }
    }
    assertEquals(Map.of("PRIMARY UNIQUE", List.of("device", "ts"), "ByType", List.of("type", "ts")), indexes);
  }

  /** GenericMetaModel.loadProcedures: functions first (keycond's own, listed under the schema), then procedures. */
  private static void loadProcedures(DatabaseMetaData meta) throws SQLException {
    List<String> names = new ArrayList<>();
    try (ResultSet functions = meta.getFunctions(null, "dynamodb", "%")) {
      while (functions.next()) {
        names.add(functions.getString("FUNCTION_NAME"));
        assertEquals(functions.getString("FUNCTION_NAME"), functions.getString("SPECIFIC_NAME"));
        functions.getString("REMARKS");
        assertEquals(DatabaseMetaData.functionNoTable, functions.getInt("FUNCTION_TYPE"));
      }
    }
    assertEquals(List.of("DYNAMODB_TYPE", "PARENT_PATH", "PATH_DEPTH", "PATH_NAME", "PATH_SEGMENT"), names);
    try (ResultSet procedures = meta.getProcedures(null, "dynamodb", "%")) {
      assertFalse(procedures.next());
    }
  }

  /**
   * JDBCTable.readData: SELECT * with max rows set, then with a filter (which brings the alias x).
   * Without a key condition DBeaver's first read is refused, and the message says how to allow it.
   */
  private static void readData(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
      statement.setMaxRows(200);
      statement.setFetchSize(200);
      SQLException refused = assertThrows(SQLException.class, () -> statement.execute("SELECT * FROM dynamodb.files"));
      assertTrue(refused.getMessage().contains("scan=limit:N"), refused.getMessage());

      assertTrue(statement.execute("SELECT x.* FROM dynamodb.files x WHERE x.account = 'b07'"));
      List<String> rows = new ArrayList<>();
      try (ResultSet rs = statement.getResultSet()) {
        ResultSetMetaData md = rs.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          // JDBCColumnMetaData
          md.getColumnLabel(i);
          md.isReadOnly(i);
          md.isWritable(i);
          md.getCatalogName(i);
          md.getColumnDisplaySize(i);
          md.getColumnTypeName(i);
          md.getColumnType(i);
          md.isAutoIncrement(i);
          md.getPrecision(i);
          md.getScale(i);
          md.isNullable(i);
          assertEquals("files", md.getTableName(i));
          assertEquals("dynamodb", md.getSchemaName(i));
        }
        assertEquals("account", md.getColumnName(1));
        while (rs.next()) {
          for (int i = 1; i <= md.getColumnCount(); i++) {
            rs.getObject(i);
          }
          rows.add(rs.getString("path"));
        }
      }
      statement.getWarnings();
      assertEquals(List.of("root/", "root/music/", "root/music/intro.mp3", "root/music/outro.mp3",
          "root/photos/", "root/photos/cat.png"), rows);
    }
  }
}
