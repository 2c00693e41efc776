package dev.keycond.sqltests.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.ArmedFault;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.FaultProxy;
import dev.keycond.sqltests.harness.Trigger;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code Connection.setNetworkTimeout} bounds each request of the connection's statements and
 * commits: a request the proxy never answers fails its statement with 08006 within the bound, and
 * the connection is closed, as JDBC says; a shorter query timeout still ends the statement first,
 * with HYT00, and leaves the connection open.
 */
@ExtendWith(DynaliteExtension.class)
class NetworkTimeoutTest {
  private static final String ONE_ITEM = "SELECT path FROM files WHERE account = 'a91' AND path = 'root/'";
  private static final Duration BOUND_MARGIN = Duration.ofSeconds(20);
  private static final Executor UNUSED = Runnable::run;

  private static FaultProxy proxy;

  @BeforeAll
  static void start(DynamoServer server) {
    Fixtures.load(server, "files");
    proxy = FaultProxy.start(server.endpoint());
  }

  @AfterEach
  void disarm() {
    proxy.reset();
  }

  @AfterAll
  static void stop() {
    proxy.close();
  }

  @Test
  void aRequestUnansweredWithinTheNetworkTimeoutFailsAndClosesTheConnection() throws SQLException {
    Connection connection = Keycond.connect(proxy.endpoint(), "files");
    connection.setNetworkTimeout(UNUSED, 1_000);
    assertEquals(1_000, connection.getNetworkTimeout());
    Statement statement = connection.createStatement();
    assertEquals(List.of("root/"), Keycond.column(statement.executeQuery(ONE_ITEM)), "answered in time, it runs");
    ArmedFault hanging = proxy.arm(Trigger.on("GetItem"), Fault.hang());

    SQLException e = assertTimeoutPreemptively(BOUND_MARGIN,
        () -> assertThrows(SQLException.class, () -> Keycond.column(statement.executeQuery(ONE_ITEM))));

    assertInstanceOf(SQLTransientConnectionException.class, e);
    assertEquals("08006", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("GetItem on table 'files_Drive' had no answer within the connection's network "
        + "timeout (1000 ms, set by Connection.setNetworkTimeout)"), e.getMessage());
    assertTrue(hanging.fired() >= 1, hanging::toString);
    assertTrue(connection.isClosed(), "the connection is closed");
    assertTrue(statement.isClosed(), "and its statements with it");
    assertEquals("HY010", assertThrows(SQLException.class, connection::createStatement).getSQLState());
  }

  @Test
  void aCommitUnansweredWithinTheNetworkTimeoutFailsAndClosesTheConnection() throws SQLException {
    Connection connection = Keycond.connect(proxy.endpoint(), "files");
    connection.setNetworkTimeout(UNUSED, 1_000);
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      assertEquals(1, statement.executeUpdate("UPDATE files SET size = 7 WHERE account = 'a91' AND path = 'root/'"));
    }
    ArmedFault hanging = proxy.arm(Trigger.on("TransactWriteItems"), Fault.hang());

    SQLException e = assertTimeoutPreemptively(BOUND_MARGIN, () -> assertThrows(SQLException.class, connection::commit));

    assertEquals("08006", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("network timeout (1000 ms"), e.getMessage());
    assertTrue(hanging.fired() >= 1, hanging::toString);
    assertTrue(connection.isClosed());
  }

  @Test
  void aShorterQueryTimeoutEndsTheStatementAndTheConnectionStaysOpen() throws SQLException {
    try (Connection connection = Keycond.connect(proxy.endpoint(), "files");
        Statement statement = connection.createStatement()) {
      connection.setNetworkTimeout(UNUSED, 60_000);
      statement.setQueryTimeout(1);
      proxy.arm(Trigger.on("GetItem"), Fault.hang());

      SQLException e = assertTimeoutPreemptively(BOUND_MARGIN,
          () -> assertThrows(SQLException.class, () -> Keycond.column(statement.executeQuery(ONE_ITEM))));

      assertInstanceOf(SQLTimeoutException.class, e);
      assertEquals("HYT00", e.getSQLState(), e::getMessage);
      assertFalse(connection.isClosed());
      proxy.disarmAll();
      connection.setNetworkTimeout(UNUSED, 0);
      assertEquals(0, connection.getNetworkTimeout(), "0 is no bound");
      assertEquals(List.of("root/"), Keycond.column(statement.executeQuery(ONE_ITEM)));
    }
  }

  @Test
  void aNegativeTimeoutOrNoExecutorIsRefused() throws SQLException {
    try (Connection connection = Keycond.connect(proxy.endpoint(), "files")) {
      SQLException negative = assertThrows(SQLException.class, () -> connection.setNetworkTimeout(UNUSED, -1));
      assertEquals("HY024", negative.getSQLState(), negative::getMessage);
      SQLException noExecutor = assertThrows(SQLException.class, () -> connection.setNetworkTimeout(null, 1_000));
      assertEquals("22023", noExecutor.getSQLState(), noExecutor::getMessage);
      assertEquals(0, connection.getNetworkTimeout(), "unchanged");
    }
  }
}
