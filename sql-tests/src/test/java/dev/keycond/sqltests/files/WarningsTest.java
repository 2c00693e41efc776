package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * When a statement reads items it throws away, the Statement says so with an SQLWarning as soon
 * as it runs, and once the rows are read, with the items read versus the rows returned.
 * The .sqltest files check the text; this checks when each warning appears.
 */
@ExtendWith(DynaliteExtension.class)
class WarningsTest {
  private static final String RESIDUAL =
      "SELECT path FROM files WHERE account = 'a91' AND size > 1000";

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
  void theResidualIsAnnouncedAtOnceAndItsCostOnceTheRowsAreRead() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(RESIDUAL)) {
      List<String> beforeReading = warnings(statement);
      assertEquals(1, beforeReading.size(), beforeReading::toString);
      assertTrue(beforeReading.get(0).contains("size > 1000"), beforeReading::toString);

      assertEquals(List.of("root/photos/2026/beach.jpg", "root/photos/2026/sunset.jpg"),
          Keycond.column(result));

      List<String> afterReading = warnings(statement);
      assertEquals(2, afterReading.size(), afterReading::toString);
      assertEquals(beforeReading.get(0), afterReading.get(0));
      assertTrue(afterReading.get(1).contains("read 14 items in 1 request to return 2 rows"),
          afterReading::toString);
    }
  }

  @Test
  void aStatementsNextExecutionStartsWithoutTheOldWarnings() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      try (ResultSet result = statement.executeQuery(RESIDUAL)) {
        Keycond.rows(result);
      }
      assertFalse(warnings(statement).isEmpty());

      try (ResultSet result = statement.executeQuery(
          "SELECT path FROM files WHERE account = 'a91' AND path = 'root/'")) {
        assertEquals(List.of("root/"), Keycond.column(result));
      }
      assertNull(statement.getWarnings(), "a key-exact read discards nothing, so it warns of nothing");
    }
  }

  /** The messages of the statement's warnings, each checked to carry the general warning state. */
  private static List<String> warnings(Statement statement) throws SQLException {
    List<String> messages = new ArrayList<>();
    for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
      assertEquals("01000", w.getSQLState(), w.getMessage());
      messages.add(w.getMessage());
    }
    return messages;
  }
}
