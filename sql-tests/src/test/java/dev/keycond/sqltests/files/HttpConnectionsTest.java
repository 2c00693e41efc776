package dev.keycond.sqltests.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP connections a JDBC connection keeps to DynamoDB, sized by the {@code maxConnections}
 * property: a value outside 1 to 1,000 is refused when connecting, and threads sharing a
 * connection whose pool is smaller than they are wait their turn and read their rows.
 */
@ExtendWith(DynaliteExtension.class)
class HttpConnectionsTest {
  private static final String POINT_READ = "SELECT path FROM files WHERE account = 'a91' AND path = ?";

  private static DynamoServer server;

  @BeforeAll
  static void loadFixture(DynamoServer dynamo) {
    server = dynamo;
    Fixtures.load(server, "files");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "1001", "many", "2.5"})
  void aPoolSizeOutsideItsRangeIsRefusedWith22023(String value) {
    SQLException e = assertThrows(SQLException.class,
        () -> Keycond.connect(server, "files", "maxConnections=" + value).close());

    assertEquals("22023", e.getSQLState(), e::getMessage);
    assertEquals("Invalid value '" + value + "' for property maxConnections: use a whole number of at least 1 "
        + "and at most 1000", e.getMessage());
  }

  @Test
  void eightThreadsSharingAConnectionOfTwoHttpConnectionsEachReadTheirRows() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try (Connection connection = Keycond.connect(server, "files", "maxConnections=2")) {
      List<Future<List<String>>> reads = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        reads.add(threads.submit(() -> {
          List<String> paths = new ArrayList<>();
          for (int i = 0; i < 20; i++) {
            try (PreparedStatement statement = connection.prepareStatement(POINT_READ)) {
              statement.setString(1, "root/");
              try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                  paths.add(rows.getString(1));
                }
              }
            }
          }
          return paths;
        }));
      }
      for (Future<List<String>> read : reads) {
        assertEquals(Collections.nCopies(20, "root/"), read.get());
      }
    } finally {
      threads.shutdownNow();
    }
  }
}
