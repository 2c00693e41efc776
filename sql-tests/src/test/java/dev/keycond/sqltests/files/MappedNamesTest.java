package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.ProxiedRequest;
import dev.keycond.sqltests.support.OnFreshTables;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A statement that names only mapped tables, bare or qualified by the schema, sends only its own
 * requests: it never lists the account's tables to rule out a raw table of the same name, which
 * would cost a request before the first write of each connection.
 */
@ExtendWith(DynaliteExtension.class)
class MappedNamesTest extends OnFreshTables.ThroughFaultProxy {
  @BeforeEach
  void oneFile() throws SQLException {
    connection.createStatement().executeUpdate("INSERT INTO files (account, path, size) VALUES ('a1', 'root/f', 1)");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "UPDATE files SET size = 2 WHERE account = 'a1' AND path = 'root/f'                  | UpdateItem | 2",
      "UPDATE dynamodb.files SET size = 2 WHERE account = 'a1' AND path = 'root/f'         | UpdateItem | 2",
      "UPDATE dynamodb.files f SET size = f.size + 1 WHERE account = 'a1' AND path = 'root/f' | UpdateItem | 2",
      "DELETE FROM files WHERE account = 'a1' AND path = 'root/f'                          | DeleteItem | ",
      "DELETE FROM dynamodb.files WHERE account = 'a1' AND path = 'root/f'                 | DeleteItem | ",
      "INSERT INTO dynamodb.files (account, path, size) VALUES ('a1', 'root/g', 3)         | PutItem    | 1",
  })
  void aWriteSendsOnlyItsOwnRequest(String sql, String request, String sizeAfter) throws SQLException {
    int before = proxy.requests().size();
    connection.createStatement().executeUpdate(sql);
    assertEquals(List.of(request), operationsSince(before));
    assertEquals(sizeAfter == null ? List.of() : List.of(sizeAfter), tables.items(tables.drive).stream()
        .filter(item -> item.get("SK").s().equals("root/f")).map(item -> item.get("size").n()).toList());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "SELECT size FROM dynamodb.files WHERE account = 'a1' AND path = 'root/f'    | GetItem",
      "SELECT f.size FROM dynamodb.files f WHERE account = 'a1' AND path LIKE 'root/%' | Query",
  })
  void aQualifiedReadSendsOnlyItsOwnRequest(String sql, String request) throws SQLException {
    int before = proxy.requests().size();
    List<Long> sizes = new ArrayList<>();
    try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        sizes.add(rows.getLong(1));
      }
    }
    assertEquals(List.of(1L), sizes);
    assertEquals(List.of(request), operationsSince(before));
  }

  private List<String> operationsSince(int before) {
    List<ProxiedRequest> requests = proxy.requests();
    return requests.subList(before, requests.size()).stream().map(ProxiedRequest::operation).toList();
  }
}
