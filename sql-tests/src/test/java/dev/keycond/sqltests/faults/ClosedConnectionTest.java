package dev.keycond.sqltests.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.FaultProxy;
import dev.keycond.sqltests.harness.Trigger;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Closing a connection ends what it runs: an open ResultSet fails at its next call with the
 * closed-connection state (HY010) instead of serving rows it had read ahead, and a statement
 * waiting for a request that never returns ends at once.
 */
@ExtendWith(DynaliteExtension.class)
class ClosedConnectionTest {
  private static final String PAGED = "SELECT path FROM files WHERE account = 'big' AND path LIKE 'root/big/f%'";
  private static final String ONE_ITEM = "SELECT path FROM files WHERE account = 'a91' AND path = 'root/'";
  private static final Duration BOUND_MARGIN = Duration.ofSeconds(20);

  private static FaultProxy proxy;

  @BeforeAll
  static void start(DynamoServer server) {
    Fixtures.load(server, "paging");
    Fixtures.load(server, "files");
    proxy = FaultProxy.start(server.endpoint());
  }

  @AfterAll
  static void stop() {
    proxy.close();
  }

  @Test
  void anOpenResultSetFailsAtOnceWhenItsConnectionCloses() throws SQLException {
    Connection connection = Keycond.connect(proxy.endpoint(), "paging");
    Statement statement = connection.createStatement();
    int queriesBefore = proxy.requests("Query").size();
    ResultSet result = statement.executeQuery(PAGED);
    assertTrue(result.next());
    assertEquals("root/big/f01", result.getString(1));

    connection.close();

    SQLException e = assertThrows(SQLException.class, result::next);
    assertEquals("HY010", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("connection is closed"), e::getMessage);
    assertThrows(SQLException.class, () -> result.getString(1));
    assertTrue(result.isClosed());
    assertTrue(statement.isClosed());
    // The first page, and at most the second, read ahead before the close; no page after that.
    int queries = proxy.requests("Query").size() - queriesBefore;
    assertTrue(queries == 1 || queries == 2, "no page is read after the close: " + queries + " Queries");
  }

  @Test
  void closingTheConnectionEndsAStatementWaitingForAnAnswer() throws Exception {
    Connection connection = Keycond.connect(proxy.endpoint(), "files");
    proxy.arm(Trigger.on("GetItem"), Fault.hang());
    StatementThread statementThread = new StatementThread();
    try {
      CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
        try (Statement statement = connection.createStatement()) {
          statementThread.isThisOne();
          Keycond.column(statement.executeQuery(ONE_ITEM));
        } catch (SQLException e) {
          throw new CompletionException(e);
        }
      });
      awaitGetItemAtProxy();
      // The request hangs on the statement's own thread, which the close must end.
      statementThread.awaitReadingTheAnswer(BOUND_MARGIN);

      connection.close();

      CompletionException ended = assertTimeoutPreemptively(BOUND_MARGIN,
          () -> assertThrows(CompletionException.class, running::join));
      SQLException e = (SQLException) ended.getCause();
      assertEquals("HY010", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("connection was closed"), e::getMessage);
    } finally {
      proxy.reset();
    }
  }

  /** Waits until the statement's GetItem has reached the proxy, where it hangs. */
  private static void awaitGetItemAtProxy() throws InterruptedException {
    long end = System.nanoTime() + BOUND_MARGIN.toNanos();
    while (proxy.requests("GetItem").isEmpty()) {
      assertTrue(System.nanoTime() < end, "the statement sent no GetItem");
      Thread.sleep(10);
    }
  }
}
