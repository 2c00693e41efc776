package dev.keycond.sqltests.singletable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * JDBC metadata of entity tables (issue 3 point 7), which is what DBeaver draws ER diagrams from:
 * getPrimaryKeys lists the template columns in key order, getImportedKeys / getExportedKeys the
 * declared {@code references} (also across DynamoDB tables), getIndexInfo the indexes each table
 * can be read by. Fixtures {@code single-table}, {@code entity-templates} and {@code index-columns}.
 */
@ExtendWith(DynaliteExtension.class)
class SingleTableMetadataTest {
  private static Connection control;
  private static Connection shop;
  private static Connection drive;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    control = Keycond.loadAndConnect(server, "single-table");
    shop = Keycond.loadAndConnect(server, "entity-templates");
    drive = Keycond.loadAndConnect(server, "index-columns");
  }

  @AfterAll
  static void close() throws SQLException {
    control.close();
    shop.close();
    drive.close();
  }

  @Test
  void primaryKeyOfAnEntityIsItsTemplateColumnsInKeyOrder() throws SQLException {
    // JDBC orders the rows by COLUMN_NAME; KEY_SEQ gives the key's own order.
    assertEquals(List.of("id:2", "workspace_id:1"), primaryKey(control, "projects"));
    assertEquals(List.of("user_id:2", "workspace_id:1"), primaryKey(control, "members"));
    assertEquals(List.of("started:2", "user_id:1"), primaryKey(control, "sessions"));
  }

  @Test
  void aConstantSortKeyContributesNoColumn() throws SQLException {
    assertEquals(List.of("id:1"), primaryKey(control, "workspaces"));
    assertEquals(List.of("id:1"), primaryKey(control, "users"));
    assertEquals(List.of("id:1"), primaryKey(shop, "customers"));
  }

  @Test
  void primaryKeyOfAMultiColumnTemplate() throws SQLException {
    assertEquals(List.of("customer:1", "id:4", "month:3", "year:2"), primaryKey(shop, "orders"));
    assertEquals(List.of("customer:1", "seq:2"), primaryKey(shop, "invoices"));
  }

  @Test
  void primaryKeyRowsNameTheKey() throws SQLException {
    try (ResultSet rs = control.getMetaData().getPrimaryKeys(null, null, "projects")) {
      assertTrue(rs.next());
      assertEquals("projects", rs.getString("TABLE_NAME"));
      assertTrue(rs.getString("PK_NAME") != null && !rs.getString("PK_NAME").isEmpty());
    }
  }

  @Test
  void importedKeysAreTheDeclaredReferences() throws SQLException {
    assertEquals(List.of("workspaces.id <- projects.workspace_id #1"), importedKeys(control, "projects"));
    // Ordered by the referenced table; a reference may point into another DynamoDB table.
    assertEquals(List.of("users.id <- members.user_id #1", "workspaces.id <- members.workspace_id #1"),
        importedKeys(control, "members"));
    assertEquals(List.of(), importedKeys(control, "workspaces"));
  }

  @Test
  void exportedKeysAreTheReferencesToATable() throws SQLException {
    // Ordered by the referring table.
    assertEquals(List.of("workspaces.id <- members.workspace_id #1", "workspaces.id <- projects.workspace_id #1"),
        exportedKeys(control, "workspaces"));
    assertEquals(List.of("users.id <- members.user_id #1", "users.id <- sessions.user_id #1"),
        exportedKeys(control, "users"));
    assertEquals(List.of(), exportedKeys(control, "projects"));
  }

  @Test
  void aReferenceToAWholePrimaryKeyNamesThatKey() throws SQLException {
    try (ResultSet rs = control.getMetaData().getImportedKeys(null, null, "projects")) {
      assertTrue(rs.next());
      String pkName;
      try (ResultSet pk = control.getMetaData().getPrimaryKeys(null, null, "workspaces")) {
        assertTrue(pk.next());
        pkName = pk.getString("PK_NAME");
      }
      assertEquals(pkName, rs.getString("PK_NAME"));
      assertTrue(rs.getString("FK_NAME") != null && !rs.getString("FK_NAME").isEmpty());
      assertEquals(DatabaseMetaData.importedKeyNoAction, rs.getShort("UPDATE_RULE"));
    }
  }

  @Test
  void indexInfoListsThePrimaryKeyAndEveryIndexTheTableCanReadBy() throws SQLException {
    List<String> rows = indexInfo(control, "projects", false);

    assertEquals(List.of(
        "PRIMARY unique 1 workspace_id",
        "PRIMARY unique 2 id A",
        "ByCreated 1 workspace_id",
        "ByCreated 2 created A",
        "ByName 1 name",
        "ByOwner 1 owner",
        "ByOwner 2 due A",
        "GSI1 1 status",
        "GSI1 2 id A"), normalised(rows, "PRIMARY"));
  }

  @Test
  void indexInfoLeavesOutIndexesTheMappingHasNoTemplateFor() throws SQLException {
    assertEquals(List.of("PRIMARY unique 1 id", "GSI1 1 plan", "GSI1 2 id A"),
        normalised(indexInfo(control, "workspaces", false), "PRIMARY"));
    assertEquals(List.of("PRIMARY unique 1 workspace_id", "PRIMARY unique 2 user_id A", "GSI1 1 status",
        "GSI1 2 user_id A"), normalised(indexInfo(control, "members", false), "PRIMARY"));
    assertEquals(List.of("PRIMARY unique 1 id"), normalised(indexInfo(control, "users", false), "PRIMARY"));
  }

  @Test
  void indexInfoListsIndexesKeyedOnColumnsWithoutTemplates() throws SQLException {
    // ByName (name) and BySize (PK, size) are keyed on the attributes the columns name and size are
    // stored in; ByTag's key attribute tag is no column's.
    assertEquals(List.of("PRIMARY unique 1 account", "PRIMARY unique 2 path A", "ByName 1 name",
        "ByParent 1 account", "ByParent 2 parent", "ByParent 3 path A", "BySize 1 account", "BySize 2 size A"),
        normalised(indexInfo(drive, "files", false), "PRIMARY"));
  }

  @Test
  void indexInfoOfUniqueIndexesIsThePrimaryKeyOnly() throws SQLException {
    assertEquals(List.of("PRIMARY unique 1 workspace_id", "PRIMARY unique 2 id A"),
        normalised(indexInfo(control, "projects", true), "PRIMARY"));
  }

  /** JDBC: index rows are ordered by NON_UNIQUE, TYPE, INDEX_NAME, then ORDINAL_POSITION. */
  @Test
  void indexInfoIsInTheOrderJdbcSpecifies() throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    try (ResultSet rs = control.getMetaData().getIndexInfo(null, null, "projects", false, true)) {
      while (rs.next()) {
        rows.add(new Object[] {rs.getBoolean("NON_UNIQUE"), rs.getShort("TYPE"), rs.getString("INDEX_NAME"),
            rs.getShort("ORDINAL_POSITION")});
      }
    }
    List<Object[]> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparing((Object[] r) -> (Boolean) r[0])
        .thenComparing(r -> (Short) r[1])
        .thenComparing(r -> (String) r[2])
        .thenComparing(r -> (Short) r[3]));
    assertEquals(describe(sorted), describe(rows));
  }

  @Test
  void metadataSendsNoItemRequests() throws SQLException {
    RequestRecorder.clear();
    primaryKey(control, "projects");
    importedKeys(control, "members");
    indexInfo(control, "projects", false);

    assertEquals(List.of(), RequestRecorder.dataRequests());
  }

  private static List<String> primaryKey(Connection connection, String table) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (ResultSet rs = connection.getMetaData().getPrimaryKeys(null, null, table)) {
      while (rs.next()) {
        assertEquals(table, rs.getString("TABLE_NAME"));
        rows.add(rs.getString("COLUMN_NAME") + ":" + rs.getShort("KEY_SEQ"));
      }
    }
    return rows;
  }

  private static List<String> importedKeys(Connection connection, String table) throws SQLException {
    try (ResultSet rs = connection.getMetaData().getImportedKeys(null, null, table)) {
      return references(rs);
    }
  }

  private static List<String> exportedKeys(Connection connection, String table) throws SQLException {
    try (ResultSet rs = connection.getMetaData().getExportedKeys(null, null, table)) {
      return references(rs);
    }
  }

  private static List<String> references(ResultSet rs) throws SQLException {
    List<String> rows = new ArrayList<>();
    while (rs.next()) {
      rows.add(rs.getString("PKTABLE_NAME") + "." + rs.getString("PKCOLUMN_NAME") + " <- "
          + rs.getString("FKTABLE_NAME") + "." + rs.getString("FKCOLUMN_NAME") + " #" + rs.getShort("KEY_SEQ"));
    }
    return rows;
  }

  /** "NAME [unique] POSITION COLUMN [A|D]" per row, in the order returned. */
  private static List<String> indexInfo(Connection connection, String table, boolean unique) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (ResultSet rs = connection.getMetaData().getIndexInfo(null, null, table, unique, true)) {
      while (rs.next()) {
        assertEquals(table, rs.getString("TABLE_NAME"));
        String order = rs.getString("ASC_OR_DESC");
        rows.add(rs.getString("INDEX_NAME") + (rs.getBoolean("NON_UNIQUE") ? "" : " unique") + " "
            + rs.getShort("ORDINAL_POSITION") + " " + rs.getString("COLUMN_NAME") + (order == null ? "" : " " + order));
      }
    }
    return rows;
  }

  /** The primary key's rows first, then the secondary indexes' rows sorted by index name and position. */
  private static List<String> normalised(List<String> rows, String primaryName) {
    List<String> primary = rows.stream().filter(r -> r.startsWith(primaryName + " ")).toList();
    List<String> others = new ArrayList<>(rows.stream().filter(r -> !r.startsWith(primaryName + " ")).toList());
    others.sort(Comparator.naturalOrder());
    List<String> all = new ArrayList<>(primary);
    all.addAll(others);
    return all;
  }

  private static List<String> describe(List<Object[]> rows) {
    return rows.stream().map(r -> r[0] + " " + r[1] + " " + r[2] + " " + r[3]).toList();
  }
}
