package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;

/**
 * Key values DynamoDB cannot take are refused before any request: text that is not valid Unicode
 * (a lone surrogate, which has no UTF-8 form and which DynamoDB would match to another key) with
 * 22021, and a key value longer than DynamoDB's limit (2048 bytes for a partition key, 1024 for a
 * sort key, in UTF-8 after the key template) with 22001. Lone surrogates cannot be written in a
 * .sqltest file, which is UTF-8, so these cases are Java. On the files mapping, PK is
 * {@code DRIVE#{account}} (6 bytes of template) and SK is {@code {path}}.
 */
@ExtendWith(DynaliteExtension.class)
class KeyValueInputTest {
  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    connection = Keycond.loadAndConnect(server, "files");
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @Test
  void aLoneSurrogateInAPartitionKeyLiteralIsRefused() {
    SQLException e = refused(() -> Keycond.query(connection, "SELECT path FROM files WHERE account = 'a91\uD800'"));
    assertEquals("22021", e.getSQLState());
    assertTrue(e.getMessage().contains("key attribute 'PK' is not valid Unicode"), e.getMessage());
    assertTrue(e.getMessage().contains("lone surrogate U+D800"), e.getMessage());
  }

  @Test
  void aLoneSurrogateInAParameterIsRefused() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT path FROM files WHERE account = ? AND path = ?")) {
      SQLException e = refused(() -> Keycond.query(statement, "a91", "root/\uDC00"));
      assertEquals("22021", e.getSQLState());
      assertTrue(e.getMessage().contains("key attribute 'SK' is not valid Unicode"), e.getMessage());
    }
  }

  @Test
  void aLoneSurrogateInALikePrefixIsRefused() {
    SQLException e = refused(() -> Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/\uD83D%'"));
    assertEquals("22021", e.getSQLState());
  }

  @Test
  void aCharacterAboveUffffIsValidAndLookedUp() throws SQLException {
    assertEquals(List.of(), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a91' AND path = 'root/\uD83D\uDE00'"));
    assertEquals("GetItem", Keycond.onlyRequest().operation());
  }

  @Test
  void aPartitionKeyOfExactly2048BytesIsSent() throws SQLException {
    String account = "x".repeat(2048 - "DRIVE#".length());
    assertEquals(List.of(), Keycond.query(connection, "SELECT path FROM files WHERE account = '" + account + "'"));
    assertEquals("Query", Keycond.onlyRequest().operation());
  }

  @Test
  void aPartitionKeyOverTheLimitIsRefusedWithLimitAndLength() throws SQLException {
    // 1022 two-byte characters and the template's 6 bytes: 2050 bytes.
    try (PreparedStatement statement = connection.prepareStatement("SELECT path FROM files WHERE account = ?")) {
      SQLException e = refused(() -> Keycond.query(statement, "é".repeat(1022)));
      assertEquals("22001", e.getSQLState());
      assertTrue(e.getMessage().contains("partition key attribute 'PK' is 2050 bytes long"), e.getMessage());
      assertTrue(e.getMessage().contains("at most 2048 bytes"), e.getMessage());
    }
  }

  @Test
  void aSortKeyOverTheLimitIsRefusedForAnEqualityAndForARange() {
    String path = "p".repeat(1025);
    SQLException equality = refused(() -> Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a91' AND path = '" + path + "'"));
    assertEquals("22001", equality.getSQLState());
    assertTrue(equality.getMessage().contains("sort key attribute 'SK' is 1025 bytes long"), equality.getMessage());
    assertTrue(equality.getMessage().contains("at most 1024 bytes"), equality.getMessage());
    SQLException range = refused(() -> Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a91' AND path > '" + path + "'"));
    assertEquals("22001", range.getSQLState());
  }

  /** Runs the statement, which must fail with an SQLDataException before any item request. */
  private static SQLException refused(Executable statement) {
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLDataException.class, statement);
    assertEquals(List.of(), RequestRecorder.dataRequests(), "no request may be sent before the refusal");
    return e;
  }
}
