package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A mapping that is broken or does not fit the DynamoDB tables refuses the connection at connect
 * time with SQLState 42Z10, naming the table and the field at fault, and reads no
 * items.
 */
@ExtendWith(DynaliteExtension.class)
class MappingErrorsTest {
  /** The README's files table over the fixture table, as JSON the cases below break. */
  private static final String FILES = """
      {"tables": {"files": {
        "source": "files_Drive",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "parent": "VARCHAR",
                    "size": "BIGINT", "modified": "TIMESTAMP"},
        "keys": {"PK": "DRIVE#{account}", "SK": "{path}"}
      }}}""";

  /** Fixture index-columns' table, whose indexes ByName and BySize are keyed on columns (name, size). */
  private static final String DRIVE2 = """
      {"tables": {"files": {
        "source": "indexcolumns_Drive2",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "parent": "VARCHAR", "name": "VARCHAR",
                    "size": "BIGINT"},
        "keys": {"PK": "DRIVE#{account}", "SK": "{path}", "GSI1PK": "PARENT#{account}#{parent}"}
      }}}""";

  private static DynamoServer server;

  @BeforeAll
  static void loadFixture(DynamoServer dynamo) {
    server = dynamo;
    Fixtures.load(server, "files");
    Fixtures.load(server, "index-columns");
  }

  @BeforeEach
  void forgetEarlierRequests() {
    RequestRecorder.clear();
  }

  @Test
  void theUnbrokenMappingConnects() throws SQLException {
    // The baseline for the cases below: each breaks exactly one thing of this mapping.
    try (var connection = DriverManager.getConnection(Keycond.url(server), inline(FILES));
        var statement = connection.createStatement();
        var result = statement.executeQuery(
            "SELECT path FROM files WHERE account = 'b22' AND path = 'root/docs/'")) {
      assertEquals(List.of("root/docs/"), Keycond.column(result));
    }
  }

  @Test
  void indexKeysOfColumnsNeedNoTemplate() throws SQLException {
    // The baseline for the index-columns cases: name and size key indexes without templates.
    try (var connection = DriverManager.getConnection(Keycond.url(server), inline(DRIVE2));
        var statement = connection.createStatement();
        var result = statement.executeQuery("SELECT path FROM files WHERE name = 'cv.pdf'")) {
      assertEquals(List.of("root/docs/cv.pdf"), Keycond.column(result));
    }
  }

  @Test
  void invalidJsonSaysWhereTheJsonBreaks() {
    SQLException e = refused(inline("{\"tables\": {\"files\": {\"source\": \"files_Drive\",}}}"));

    assertMessage(e, "not valid JSON", "line 1");
  }

  @Test
  void aTemplateUsingAnUndeclaredColumnNamesTableFieldAndColumn() {
    SQLException e = refused(inline(FILES.replace("DRIVE#{account}", "DRIVE#{acount}")));

    assertMessage(e, "table 'files'", "keys.PK", "'acount'");
  }

  @Test
  void aMissingSortKeyTemplateNamesTheAttribute() {
    SQLException e = refused(inline(FILES.replace(", \"SK\": \"{path}\"", "")));

    assertMessage(e, "table 'files'", "'keys'", "'SK'", "sort key");
  }

  @Test
  void aTemplateForAnAttributeThatIsNoKeyListsTheKeyAttributes() {
    // A misspelt index key attribute would otherwise leave the index silently unused.
    SQLException e = refused(inline(FILES.replace("\"SK\": \"{path}\"", "\"SK\": \"{path}\", \"Bogus\": \"{parent}\"")));

    assertMessage(e, "table 'files'", "keys.Bogus", "'Bogus'", "no key attribute", "'files_Drive'",
        "PK and SK of the table");
  }

  @Test
  void aTemplateForAMisspeltIndexAttributeListsTheIndexKeys() {
    SQLException e = refused(inline(DRIVE2.replace("\"GSI1PK\"", "\"GSIPK\"")));

    assertMessage(e, "table 'files'", "keys.GSIPK", "'indexcolumns_Drive2'",
        "PK and SK of the table", "name of index 'ByName'", "GSI1PK and SK of index 'ByParent'",
        "tag of index 'ByTag'", "PK and size of index 'BySize'");
  }

  @Test
  void aColumnStoredInAnIndexKeyOfAnotherTypeIsRefused() {
    // size is a number (N) key of the LSI BySize: DynamoDB refuses an item whose size is a string.
    SQLException e = refused(inline(DRIVE2.replace("\"size\": \"BIGINT\"", "\"size\": \"VARCHAR\"")));

    assertMessage(e, "table 'files'", "columns.size", "VARCHAR", "'size'", "number (N)", "index 'BySize'");
  }

  @Test
  void aTemplateForAnAttributeAColumnIsStoredInIsRefused() {
    // name is stored in attribute name as it is, so the GSI ByName on name cannot hold 'N#{name}':
    // the index would be queried for 'N#cv.pdf' and silently find nothing.
    SQLException e = refused(inline(DRIVE2.replace("\"GSI1PK\":", "\"name\": \"N#{name}\", \"GSI1PK\":")));

    assertMessage(e, "table 'files'", "keys.name", "'N#{name}'", "column 'name'", "attribute 'name'",
        "'indexcolumns_Drive2'", "'{name}'");
  }

  @Test
  void aSourceTableThatDoesNotExistIsNamed() {
    SQLException e = refused(inline(FILES.replace("files_Drive", "NoSuchTable")));

    assertMessage(e, "table 'files'", "'source'", "'NoSuchTable'");
  }

  @Test
  void anUnknownColumnTypeListsTheTypes() {
    SQLException e = refused(inline(FILES.replace("\"size\": \"BIGINT\"", "\"size\": \"LONG\"")));

    assertMessage(e, "table 'files'", "columns.size", "'LONG'", "VARCHAR");
  }

  @Test
  void anUnknownFieldIsNotIgnored() {
    SQLException e = refused(inline(FILES.replace("\"source\"", "\"sourse\": \"x\", \"source\"")));

    assertMessage(e, "table 'files'", "'sourse'");
  }

  @Test
  void aHierarchyOverAnUndeclaredColumnNamesTheField() {
    SQLException e = refused(inline(FILES.replace("\"keys\"",
        "\"hierarchy\": {\"path\": \"path\", \"delimiter\": \"/\", \"parent\": \"folder\"}, \"keys\"")));

    assertMessage(e, "table 'files'", "hierarchy.parent", "'folder'");
  }

  @Test
  void aMappingFileThatDoesNotExistIsNamed() {
    Properties info = new Properties();
    info.setProperty("mapping", "/no/such/dir/mapping.json");

    SQLException e = refused(info);

    assertMessage(e, "/no/such/dir/mapping.json", "does not exist");
  }

  @Test
  void aBrokenMappingFileNamesTheFileTableAndField() {
    Properties info = new Properties();
    String file = Fixtures.mapping("broken").toString();
    info.setProperty("mapping", file);

    SQLException e = refused(info);

    assertMessage(e, file, "table 'files'", "keys.SK", "'name'");
  }

  private static Properties inline(String json) {
    Properties info = new Properties();
    info.setProperty("mapping", "inline:" + json);
    return info;
  }

  private static SQLException refused(Properties info) {
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection(Keycond.url(server), info).close());
    assertEquals("42Z10", e.getSQLState(), e::getMessage);
    assertInstanceOf(SQLSyntaxErrorException.class, e);
    assertEquals(List.of(), RequestRecorder.dataRequests(), "a bad mapping must read no items");
    return e;
  }

  private static void assertMessage(SQLException e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
    }
  }
}
