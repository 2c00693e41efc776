package dev.keycond.sqltests.files;

import static dev.keycond.sqltests.support.Keycond.onlyRequest;
import static dev.keycond.sqltests.support.Keycond.query;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A GetItem fetches the key attributes it asks by only when the statement needs them: the item
 * DynamoDB finds has the key it was asked for, so its rows are the same either way, an item none
 * of whose projected attributes is set included (DynamoDB answers it as an empty item, which is
 * not a missing one).
 */
@ExtendWith(DynaliteExtension.class)
class GetItemProjectionTest {
  private static Connection files;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    files = Keycond.loadAndConnect(server, "files");
  }

  @AfterAll
  static void close() throws SQLException {
    files.close();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "SELECT size FROM files WHERE account = 'a91' AND path = 'root/photos/2026/beach.jpg'    | size        | 2048000",
      // A directory has no size: the item is found with none of the attributes asked for.
      "SELECT size FROM files WHERE account = 'a91' AND path = 'root/photos/'                  | size        | null",
      "SELECT path, size FROM files WHERE account = 'a91' AND path = 'root/photos/2026/beach.jpg' | SK, size | root/photos/2026/beach.jpg;2048000",
      "SELECT account, path, size FROM files WHERE account = 'b22' AND path = 'root/photos/2026/beach.jpg' | PK, SK, size | b22;root/photos/2026/beach.jpg;999",
      // Only the key is asked for: it is fetched, since no projection at all would fetch the whole item.
      "SELECT 1 FROM files WHERE account = 'a91' AND path = 'root/photos/'                     | PK, SK      | 1",
      "SELECT size FROM files WHERE account = 'a91' AND path = 'root/none'                     | size        | ",
  })
  void aGetItemFetchesTheKeyOnlyWhenTheStatementNeedsIt(String sql, String projection, String row)
      throws SQLException {
    List<List<String>> expected = row == null ? List.of()
        : List.of(Arrays.stream(row.split(";")).map(v -> v.equals("null") ? null : v).toList());
    assertEquals(expected, query(files, sql));
    RecordedRequest sent = onlyRequest();
    assertEquals("GetItem", sent.operation());
    assertEquals(projection, sent.projection());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "root/photos/2026/beach.jpg | 2048000",
      "root/photos/               | null",
      "root/none                  | ",
  })
  void aPreparedGetItemGivesEachKeysRow(String path, String size) throws SQLException {
    try (PreparedStatement statement = files.prepareStatement("SELECT size FROM files WHERE account = ? AND path = ?")) {
      for (String key : List.of("root/photos/2026/beach.jpg", path)) {
        List<List<String>> rows = query(statement, "a91", key);
        String expected = key.equals(path) ? size : "2048000";
        assertEquals(expected == null ? List.of() : List.of(Arrays.asList(expected.equals("null") ? null : expected)),
            rows);
        assertEquals("size", onlyRequest().projection());
      }
    }
  }
}
