package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** DatabaseMetaData over the demo's tables: files, workspaces, projects (mapped) and Events (raw). */
class DatabaseMetaDataTest {
  private static Connection connection;
  private static DatabaseMetaData meta;

  @BeforeAll
  static void connect() throws SQLException {
    connection = DemoDatabase.get().connect();
    meta = connection.getMetaData();
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  /** Each row as column label to value, in column order. */
  static List<Map<String, Object>> rows(ResultSet rs) throws SQLException {
    try (rs) {
      ResultSetMetaData md = rs.getMetaData();
      List<Map<String, Object>> rows = new ArrayList<>();
      while (rs.next()) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.put(md.getColumnLabel(i), rs.getObject(i));
        }
        rows.add(row);
      }
      return rows;
    }
  }

  static List<Object> column(List<Map<String, Object>> rows, String label) {
    return rows.stream().map(r -> r.get(label)).toList();
  }

  static List<String> labels(ResultSet rs) throws SQLException {
    try (rs) {
      List<String> labels = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        labels.add(rs.getMetaData().getColumnLabel(i));
      }
      return labels;
    }
  }

  @Test
  void tablesAreTheMappedOnesAndTheRawOnesSortedByName() throws SQLException {
    List<Map<String, Object>> tables = rows(meta.getTables(null, null, "%", null));
    assertEquals(List.of("Events", "files", "projects", "workspaces"), column(tables, "TABLE_NAME"));
    assertEquals(List.of("TABLE"), column(tables, "TABLE_TYPE").stream().distinct().toList());
    assertEquals(List.of("dynamodb"), column(tables, "TABLE_SCHEM").stream().distinct().toList());
    assertEquals(Arrays.asList((Object) null), column(tables, "TABLE_CAT").stream().distinct().toList());
    assertEquals(List.of(
        "DynamoDB table Events (no mapping)",
        "DynamoDB table Drive, items with PK = DRIVE#{account}, SK = {path}",
        "DynamoDB table Control, items with EntityRef = WS#{workspace_id}, Detail = PROJ#{id}",
        "DynamoDB table Control, items with EntityRef = WS#{id}, Detail = META"), column(tables, "REMARKS"));
  }

  @Test
  void tableNamePatternsFollowJdbcRules() throws SQLException {
    assertEquals(List.of("files"), tableNames(null, "dynamodb", "f%"));
    assertEquals(List.of("files"), tableNames(null, "dynamodb", "_iles"));
    assertEquals(List.of("projects", "workspaces"), tableNames(null, null, "%o%s"));
    // Escaped wildcards are literal characters, and names are case-sensitive.
    assertEquals(List.of(), tableNames(null, null, "fi\\_es"));
    assertEquals(List.of(), tableNames(null, null, "FILES"));
    // "" means without a catalog, which keycond's tables are; a named catalog or schema matches nothing.
    assertEquals(4, tableNames("", null, null).size());
    assertEquals(List.of(), tableNames("dynamodb", null, "%"));
    assertEquals(List.of(), tableNames(null, "other", "%"));
    assertEquals(List.of(), tableNames(null, "", "%"));
    assertEquals(List.of(), names(meta.getTables(null, null, "%", new String[] {"VIEW"})));
    assertEquals(4, names(meta.getTables(null, null, "%", new String[] {"TABLE", "VIEW"})).size());
  }

  private static List<String> tableNames(String catalog, String schema, String pattern) throws SQLException {
    return names(meta.getTables(catalog, schema, pattern, null));
  }

  private static List<String> names(ResultSet rs) throws SQLException {
    return column(rows(rs), "TABLE_NAME").stream().map(String.class::cast).toList();
  }

  @Test
  void columnsOfAMappedTableSayWhereEachValueIsStored() throws SQLException {
    List<Map<String, Object>> columns = rows(meta.getColumns(null, "dynamodb", "files", "%"));
    assertEquals(List.of("account", "path", "parent", "size", "modified"), column(columns, "COLUMN_NAME"));
    assertEquals(List.of(1, 2, 3, 4, 5), column(columns, "ORDINAL_POSITION"));
    assertEquals(List.of(Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.BIGINT, Types.TIMESTAMP),
        column(columns, "DATA_TYPE"));
    assertEquals(List.of("VARCHAR", "VARCHAR", "VARCHAR", "BIGINT", "TIMESTAMP"), column(columns, "TYPE_NAME"));
    // TIMESTAMP(9): ISO-8601 strings may carry nanoseconds, 2026-01-01 10:30:00.123456789 is 29 characters.
    assertEquals(List.of(409600, 409600, 409600, 19, 29), column(columns, "COLUMN_SIZE"));
    assertEquals(Arrays.asList(null, null, null, 0, 9), column(columns, "DECIMAL_DIGITS"));
    assertEquals(Arrays.asList(null, null, null, 10, null), column(columns, "NUM_PREC_RADIX"));
    assertEquals(Arrays.asList(409600, 409600, 409600, null, null), column(columns, "CHAR_OCTET_LENGTH"));
    // Key columns are decoded from the item's key, so they are never null.
    assertEquals(List.of(DatabaseMetaData.columnNoNulls, DatabaseMetaData.columnNoNulls,
        DatabaseMetaData.columnNullable, DatabaseMetaData.columnNullable, DatabaseMetaData.columnNullable),
        column(columns, "NULLABLE"));
    assertEquals(List.of("NO", "NO", "YES", "YES", "YES"), column(columns, "IS_NULLABLE"));
    assertEquals(List.of("PK via DRIVE#{account} (partition key)", "SK (sort key)", "attribute parent",
        "attribute size", "attribute modified"), column(columns, "REMARKS"));
    assertEquals(List.of("NO"), column(columns, "IS_AUTOINCREMENT").stream().distinct().toList());
    assertEquals(List.of("NO"), column(columns, "IS_GENERATEDCOLUMN").stream().distinct().toList());
  }

  @Test
  void columnsOfSingleTableDesignsNameTheirTemplates() throws SQLException {
    List<Map<String, Object>> columns = rows(meta.getColumns(null, null, "projects", null));
    assertEquals(List.of("workspace_id", "id", "name", "status"), column(columns, "COLUMN_NAME"));
    assertEquals(List.of("EntityRef via WS#{workspace_id} (partition key)", "Detail via PROJ#{id} (sort key)",
        "attribute name", "attribute status"), column(columns, "REMARKS"));
  }

  @Test
  void columnsOfARawTableAreItsKeyAttributesWithDynamoDbTypes() throws SQLException {
    Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
    for (Map<String, Object> row : rows(meta.getColumns(null, null, "Events", "%"))) {
      byName.put((String) row.get("COLUMN_NAME"), row);
    }
    assertEquals(Types.VARCHAR, byName.get("device").get("DATA_TYPE"));
    assertEquals("device (partition key)", byName.get("device").get("REMARKS"));
    // N becomes an exact DECIMAL of 38 digits with no fixed scale: each value keeps its own.
    assertEquals(Types.DECIMAL, byName.get("ts").get("DATA_TYPE"));
    assertEquals(38, byName.get("ts").get("COLUMN_SIZE"));
    assertTrue(byName.get("ts").containsKey("DECIMAL_DIGITS"));
    assertNull(byName.get("ts").get("DECIMAL_DIGITS"));
    assertEquals("ts (sort key)", byName.get("ts").get("REMARKS"));
    // An index key is not part of every item.
    assertEquals("type (key of index ByType)", byName.get("type").get("REMARKS"));
    assertEquals("YES", byName.get("type").get("IS_NULLABLE"));
    // Every other attribute is in the item's JSON document.
    assertEquals(Types.VARCHAR, byName.get("document").get("DATA_TYPE"));
    assertEquals("the whole item, as JSON", byName.get("document").get("REMARKS"));
    assertEquals(List.of("type"), column(rows(meta.getColumns(null, null, "Events", "t_p%")), "COLUMN_NAME"));
  }

  @Test
  void primaryKeysAreTheTemplateColumnsInKeyOrder() throws SQLException {
    List<Map<String, Object>> keys = rows(meta.getPrimaryKeys(null, "dynamodb", "projects"));
    // JDBC orders them by column name; KEY_SEQ gives the key order: partition key, then sort key.
    assertEquals(List.of("id", "workspace_id"), column(keys, "COLUMN_NAME"));
    assertEquals(List.of(2, 1), column(keys, "KEY_SEQ"));
    assertEquals(List.of("PRIMARY"), column(keys, "PK_NAME").stream().distinct().toList());
    // A constant sort key (Detail = META) adds no column.
    assertEquals(List.of("id"), column(rows(meta.getPrimaryKeys(null, null, "workspaces")), "COLUMN_NAME"));
    // DBeaver asks for all tables at once with "%".
    List<Map<String, Object>> all = rows(meta.getPrimaryKeys(null, "dynamodb", "%"));
    assertEquals(List.of("Events", "Events", "files", "files", "projects", "projects", "workspaces"),
        column(all, "TABLE_NAME"));
  }

  @Test
  void indexInfoListsTheKeyAsPrimaryAndEachReadableIndex() throws SQLException {
    List<Map<String, Object>> index = rows(meta.getIndexInfo(null, "dynamodb", "Events", false, true));
    assertEquals(List.of("PRIMARY", "PRIMARY", "ByType", "ByType"), column(index, "INDEX_NAME"));
    assertEquals(List.of(false, false, true, true), column(index, "NON_UNIQUE"));
    assertEquals(List.of(1, 2, 1, 2), column(index, "ORDINAL_POSITION"));
    assertEquals(List.of("device", "ts", "type", "ts"), column(index, "COLUMN_NAME"));
    // Partition keys are hashed; only the sort key orders items.
    assertEquals(Arrays.asList(null, "A", null, "A"), column(index, "ASC_OR_DESC"));
    assertEquals(List.of((int) DatabaseMetaData.tableIndexClustered, (int) DatabaseMetaData.tableIndexClustered,
        (int) DatabaseMetaData.tableIndexOther, (int) DatabaseMetaData.tableIndexOther), column(index, "TYPE"));

    List<Map<String, Object>> unique = rows(meta.getIndexInfo(null, null, "Events", true, true));
    assertEquals(List.of("PRIMARY"), column(unique, "INDEX_NAME").stream().distinct().toList());
    assertEquals(List.of("account", "path"),
        column(rows(meta.getIndexInfo(null, null, "files", false, false)), "COLUMN_NAME"));
  }

  @Test
  void referencesAreImportedAndExportedKeys() throws SQLException {
    List<Map<String, Object>> imported = rows(meta.getImportedKeys(null, "dynamodb", "projects"));
    assertEquals(1, imported.size());
    Map<String, Object> key = imported.get(0);
    assertEquals("workspaces", key.get("PKTABLE_NAME"));
    assertEquals("id", key.get("PKCOLUMN_NAME"));
    assertEquals("dynamodb", key.get("PKTABLE_SCHEM"));
    assertEquals("projects", key.get("FKTABLE_NAME"));
    assertEquals("workspace_id", key.get("FKCOLUMN_NAME"));
    assertEquals(1, key.get("KEY_SEQ"));
    assertEquals("projects_workspace_id_fkey", key.get("FK_NAME"));
    assertEquals("PRIMARY", key.get("PK_NAME"));
    assertEquals(DatabaseMetaData.importedKeyNoAction, key.get("UPDATE_RULE"));
    assertEquals(DatabaseMetaData.importedKeyNoAction, key.get("DELETE_RULE"));
    assertEquals(DatabaseMetaData.importedKeyNotDeferrable, key.get("DEFERRABILITY"));

    assertEquals(imported, rows(meta.getExportedKeys(null, "dynamodb", "workspaces")));
    assertEquals(imported, rows(meta.getCrossReference(null, null, "workspaces", null, null, "projects")));
    assertEquals(List.of(), rows(meta.getCrossReference(null, null, "projects", null, null, "workspaces")));
    assertEquals(List.of(), rows(meta.getImportedKeys(null, null, "workspaces")));
    assertEquals(List.of(), rows(meta.getExportedKeys(null, null, "files")));
  }

  @Test
  void bestRowIdentifierIsThePrimaryKey() throws SQLException {
    List<Map<String, Object>> rows =
        rows(meta.getBestRowIdentifier(null, null, "files", DatabaseMetaData.bestRowSession, false));
    assertEquals(List.of("account", "path"), column(rows, "COLUMN_NAME"));
    assertEquals(List.of(Types.VARCHAR, Types.VARCHAR), column(rows, "DATA_TYPE"));
    assertEquals(List.of(DatabaseMetaData.bestRowNotPseudo), column(rows, "PSEUDO_COLUMN").stream().distinct().toList());
  }

  @Test
  void typeInfoHasEveryTypeAMappingCanDeclare() throws SQLException {
    List<Map<String, Object>> types = rows(meta.getTypeInfo());
    Map<Object, Map<String, Object>> byName = new LinkedHashMap<>();
    types.forEach(t -> byName.put(t.get("TYPE_NAME"), t));
    assertTrue(byName.keySet().containsAll(
        List.of("VARCHAR", "DECIMAL", "BIGINT", "INTEGER", "DOUBLE", "BOOLEAN", "VARBINARY", "TIMESTAMP", "DATE")),
        byName.keySet().toString());
    List<Object> codes = column(types, "DATA_TYPE");
    assertEquals(codes.stream().sorted().toList(), codes, "ordered by DATA_TYPE");
    assertEquals(Types.DECIMAL, byName.get("DECIMAL").get("DATA_TYPE"));
    assertEquals(38, byName.get("DECIMAL").get("PRECISION"));
    // The scales CAST accepts: DECIMAL(p,s) as far as DynamoDB numbers reach (two of them at once,
    // 256 digits), TIMESTAMP(p) up to nanoseconds.
    assertEquals(0, byName.get("DECIMAL").get("MINIMUM_SCALE"));
    assertEquals(256, byName.get("DECIMAL").get("MAXIMUM_SCALE"));
    assertEquals(29, byName.get("TIMESTAMP").get("PRECISION"));
    assertEquals(0, byName.get("TIMESTAMP").get("MINIMUM_SCALE"));
    assertEquals(9, byName.get("TIMESTAMP").get("MAXIMUM_SCALE"));
    assertEquals("DynamoDB N", byName.get("DECIMAL").get("LOCAL_TYPE_NAME"));
    assertEquals("DynamoDB S", byName.get("TIMESTAMP").get("LOCAL_TYPE_NAME"));
    assertEquals("TIMESTAMP '", byName.get("TIMESTAMP").get("LITERAL_PREFIX"));
    assertEquals("'", byName.get("VARCHAR").get("LITERAL_SUFFIX"));
    assertEquals(true, byName.get("VARCHAR").get("CASE_SENSITIVE"));
    assertEquals(DatabaseMetaData.typeSearchable, byName.get("VARCHAR").get("SEARCHABLE"));
    assertEquals(10, byName.get("BIGINT").get("NUM_PREC_RADIX"));
    // DynamoDB sets are arrays.
    assertEquals(Types.ARRAY, byName.get("VARCHAR ARRAY").get("DATA_TYPE"));
    assertEquals("DynamoDB SS", byName.get("VARCHAR ARRAY").get("LOCAL_TYPE_NAME"));
    assertEquals("DynamoDB NS", byName.get("DECIMAL ARRAY").get("LOCAL_TYPE_NAME"));
  }

  @Test
  void oneSchemaAndNoCatalog() throws SQLException {
    List<Map<String, Object>> schemas = rows(meta.getSchemas());
    assertEquals(List.of("dynamodb"), column(schemas, "TABLE_SCHEM"));
    assertEquals(Arrays.asList((Object) null), column(schemas, "TABLE_CATALOG"));
    assertEquals(schemas, rows(meta.getSchemas(null, "dyn%")));
    assertEquals(List.of(), rows(meta.getSchemas(null, "DYN%")));
    assertEquals(List.of(), rows(meta.getSchemas("x", null)));
    assertEquals(List.of(), rows(meta.getCatalogs()));
    assertEquals(List.of("TABLE"), column(rows(meta.getTableTypes()), "TABLE_TYPE"));
    assertEquals("dynamodb", connection.getSchema());
  }

  @Test
  void everyResultHasTheColumnsJdbcSpecifies() throws SQLException {
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
        "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"),
        labels(meta.getTables(null, null, null, null)));
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME",
        "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF",
        "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
        "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE", "IS_AUTOINCREMENT",
        "IS_GENERATEDCOLUMN"), labels(meta.getColumns(null, null, "files", null)));
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME"),
        labels(meta.getPrimaryKeys(null, null, "files")));
    assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE", "INDEX_QUALIFIER",
        "INDEX_NAME", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY", "PAGES",
        "FILTER_CONDITION"), labels(meta.getIndexInfo(null, null, "files", false, true)));
    List<String> keys = List.of("PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_CAT",
        "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE", "DELETE_RULE", "FK_NAME",
        "PK_NAME", "DEFERRABILITY");
    assertEquals(keys, labels(meta.getImportedKeys(null, null, "files")));
    assertEquals(keys, labels(meta.getExportedKeys(null, null, "files")));
    assertEquals(keys, labels(meta.getCrossReference(null, null, "files", null, null, "files")));
    assertEquals(List.of("TYPE_NAME", "DATA_TYPE", "PRECISION", "LITERAL_PREFIX", "LITERAL_SUFFIX",
        "CREATE_PARAMS", "NULLABLE", "CASE_SENSITIVE", "SEARCHABLE", "UNSIGNED_ATTRIBUTE", "FIXED_PREC_SCALE",
        "AUTO_INCREMENT", "LOCAL_TYPE_NAME", "MINIMUM_SCALE", "MAXIMUM_SCALE", "SQL_DATA_TYPE",
        "SQL_DATETIME_SUB", "NUM_PREC_RADIX"), labels(meta.getTypeInfo()));
    assertEquals(List.of("TABLE_SCHEM", "TABLE_CATALOG"), labels(meta.getSchemas()));
    assertEquals(List.of("TABLE_CAT"), labels(meta.getCatalogs()));
    assertEquals(List.of("TABLE_TYPE"), labels(meta.getTableTypes()));
    List<String> rowIdentifier = List.of("SCOPE", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE",
        "BUFFER_LENGTH", "DECIMAL_DIGITS", "PSEUDO_COLUMN");
    assertEquals(rowIdentifier, labels(meta.getBestRowIdentifier(null, null, "files", 0, true)));
    assertEquals(rowIdentifier, labels(meta.getVersionColumns(null, null, "files")));
  }

  /** What keycond does not have is an empty result with the right columns, never an exception. */
  @Test
  void absentObjectsAreEmptyResultsWithTheRightColumns() throws SQLException {
    assertEmpty(meta.getProcedures(null, null, "%"), "PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME",
        "RESERVED1", "RESERVED2", "RESERVED3", "REMARKS", "PROCEDURE_TYPE", "SPECIFIC_NAME");
    assertEmpty(meta.getProcedureColumns(null, null, "%", "%"), "PROCEDURE_CAT", "PROCEDURE_SCHEM",
        "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE", "TYPE_NAME", "PRECISION", "LENGTH", "SCALE",
        "RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH",
        "ORDINAL_POSITION", "IS_NULLABLE", "SPECIFIC_NAME");
    // keycond's own functions are listed (SqlCapabilitiesTest runs each); none matches this name.
    assertEmpty(meta.getFunctions(null, null, "NO_SUCH_FUNCTION"), "FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME",
        "REMARKS", "FUNCTION_TYPE", "SPECIFIC_NAME");
    assertEmpty(meta.getFunctionColumns(null, null, "%", "%"), "FUNCTION_CAT", "FUNCTION_SCHEM",
        "FUNCTION_NAME", "COLUMN_NAME", "COLUMN_TYPE", "DATA_TYPE", "TYPE_NAME", "PRECISION", "LENGTH", "SCALE",
        "RADIX", "NULLABLE", "REMARKS", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE", "SPECIFIC_NAME");
    assertEmpty(meta.getColumnPrivileges(null, null, "files", "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
        "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    assertEmpty(meta.getTablePrivileges(null, null, "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR",
        "GRANTEE", "PRIVILEGE", "IS_GRANTABLE");
    assertEmpty(meta.getUDTs(null, null, "%", null), "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME",
        "DATA_TYPE", "REMARKS", "BASE_TYPE");
    assertEmpty(meta.getSuperTypes(null, null, "%"), "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT",
        "SUPERTYPE_SCHEM", "SUPERTYPE_NAME");
    assertEmpty(meta.getSuperTables(null, null, "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
        "SUPERTABLE_NAME");
    assertEmpty(meta.getAttributes(null, null, "%", "%"), "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME",
        "DATA_TYPE", "ATTR_TYPE_NAME", "ATTR_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS",
        "ATTR_DEF", "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
        "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE");
    assertEmpty(meta.getClientInfoProperties(), "NAME", "MAX_LEN", "DEFAULT_VALUE", "DESCRIPTION");
    assertEmpty(meta.getPseudoColumns(null, null, "%", "%"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
        "COLUMN_NAME", "DATA_TYPE", "COLUMN_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "COLUMN_USAGE", "REMARKS",
        "CHAR_OCTET_LENGTH", "IS_NULLABLE");
  }

  private static void assertEmpty(ResultSet rs, String... columns) throws SQLException {
    try (rs) {
      List<String> labels = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        labels.add(rs.getMetaData().getColumnLabel(i));
      }
      assertEquals(List.of(columns), labels);
      assertFalse(rs.next());
    }
  }

  @Test
  void columnTypesOfMetadataResultsMatchJdbc() throws SQLException {
    try (ResultSet rs = meta.getPrimaryKeys(null, null, "files")) {
      assertEquals(Types.SMALLINT, rs.getMetaData().getColumnType(5));
      assertTrue(rs.next());
      assertEquals(1, rs.getShort("KEY_SEQ"));
      assertEquals("account", rs.getString("COLUMN_NAME"));
    }
    try (ResultSet rs = meta.getIndexInfo(null, null, "files", false, true)) {
      assertEquals(Types.BOOLEAN, rs.getMetaData().getColumnType(4));
      assertEquals(Types.BIGINT, rs.getMetaData().getColumnType(11));
      assertTrue(rs.next());
      assertFalse(rs.getBoolean("NON_UNIQUE"));
    }
  }

  @Test
  void productAndDialect() throws SQLException {
    assertEquals("Amazon DynamoDB (keycond)", meta.getDatabaseProductName());
    assertTrue(meta.getDatabaseProductVersion().startsWith(dev.keycond.Driver.VERSION));
    assertEquals("keycond", meta.getDriverName());
    assertEquals(dev.keycond.Driver.VERSION, meta.getDriverVersion());
    assertEquals("\"", meta.getIdentifierQuoteString());
    assertEquals("\\", meta.getSearchStringEscape());
    List<String> keywords = List.of(meta.getSQLKeywords().split(","));
    assertTrue(keywords.contains("LIMIT"), keywords.toString());
    assertFalse(keywords.contains("SELECT"), "SQL:2003 keywords are not listed");
    assertTrue(meta.storesMixedCaseIdentifiers());
    assertFalse(meta.storesUpperCaseIdentifiers());
    assertTrue(meta.getURL().startsWith("jdbc:keycond:"));
    assertFalse(meta.getURL().contains("password=test"), "the secret is redacted");
    assertEquals(connection, meta.getConnection());
  }

  @Test
  void userNameIsTheAccessKeyIdOrTheProfileNeverTheSecret() throws SQLException {
    Properties credentials = new Properties();
    credentials.setProperty("user", "AKIDEXAMPLE");
    credentials.setProperty("password", "wJalrXUtnFEMIEXAMPLEKEY");
    try (Connection other = DriverManager.getConnection(DemoDatabase.get().url(), credentials)) {
      assertEquals("AKIDEXAMPLE", other.getMetaData().getUserName());
    }
    assertEquals("analytics",
        ConnectionProperties.parse("jdbc:keycond:profile=analytics", null).sessionOptions().client().userName());
    assertEquals("", ConnectionProperties.parse("jdbc:keycond:region=us-east-1", null).sessionOptions().client().userName(),
        "credentials from the default chain have no name keycond knows");
  }

  @Test
  void capabilitiesDescribeAWritableTransactionalDriver() throws SQLException {
    assertFalse(meta.isReadOnly());
    assertTrue(meta.supportsBatchUpdates());
    assertTrue(meta.supportsTransactions());
    assertTrue(meta.supportsSavepoints());
    assertEquals(Connection.TRANSACTION_READ_COMMITTED, meta.getDefaultTransactionIsolation());
    assertTrue(meta.supportsTransactionIsolationLevel(Connection.TRANSACTION_READ_COMMITTED));
    assertFalse(meta.supportsTransactionIsolationLevel(Connection.TRANSACTION_NONE));
    assertFalse(meta.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE));
    assertTrue(meta.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
    assertFalse(meta.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
    assertTrue(meta.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY));
    assertFalse(meta.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
    assertEquals(connection.getHoldability(), meta.getResultSetHoldability());
    assertFalse(meta.supportsStoredProcedures());
    assertEquals(409600, meta.getMaxRowSize());
  }

  /** A metadata call, named for the assertion. */
  private interface MetadataCall {
    ResultSet call() throws SQLException;
  }

  /**
   * Every value of every metadata result is of the class its metadata names: a tool that reads
   * getColumnClassName (or casts getObject by the column's type) must find what it was told.
   */
  @Test
  void everyMetadataValueIsOfTheClassItsColumnNames() throws SQLException {
    Map<String, MetadataCall> calls = new LinkedHashMap<>();
    calls.put("getSchemas", meta::getSchemas);
    calls.put("getTableTypes", meta::getTableTypes);
    calls.put("getTables", () -> meta.getTables(null, null, "%", null));
    calls.put("getColumns", () -> meta.getColumns(null, null, "%", "%"));
    calls.put("getPrimaryKeys", () -> meta.getPrimaryKeys(null, null, "projects"));
    calls.put("getIndexInfo", () -> meta.getIndexInfo(null, null, "projects", false, false));
    calls.put("getImportedKeys", () -> meta.getImportedKeys(null, null, "projects"));
    calls.put("getExportedKeys", () -> meta.getExportedKeys(null, null, "workspaces"));
    calls.put("getBestRowIdentifier", () -> meta.getBestRowIdentifier(null, null, "projects",
        DatabaseMetaData.bestRowSession, false));
    calls.put("getTypeInfo", meta::getTypeInfo);
    calls.put("getFunctions", () -> meta.getFunctions(null, null, "%"));
    calls.put("getClientInfoProperties", meta::getClientInfoProperties);
    int checked = 0;
    for (Map.Entry<String, MetadataCall> call : calls.entrySet()) {
      try (ResultSet rows = call.getValue().call()) {
        ResultSetMetaData columns = rows.getMetaData();
        while (rows.next()) {
          for (int i = 1; i <= columns.getColumnCount(); i++) {
            Object value = rows.getObject(i);
            if (value != null) {
              assertEquals(columns.getColumnClassName(i), value.getClass().getName(),
                  call.getKey() + "." + columns.getColumnLabel(i));
              checked++;
            }
          }
        }
      }
    }
    assertTrue(checked > 100, "only " + checked + " values were checked");
  }
}
