package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keycond.demo.RecordingProxy;
import dev.keycond.planner.gateway.EndpointCheck;
import dev.keycond.planner.gateway.RequestThreads;
import dev.keycond.planner.gateway.RequestTimers;
import dev.keycond.testing.BlackHole;
import dev.keycond.testing.DemoDatabase;
import dev.keycond.testing.HeldRequests;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The JDBC behaviours SQL tools rely on, observed on the wire through the test proxy. */
class ConnectionBehaviourTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final DemoDatabase database = DemoDatabase.get();

  @Test
  void commitAndRollbackNeedATransactionAndReadsRunInOne() throws SQLException {
    try (Connection connection = database.connect()) {
      assertTrue(connection.getAutoCommit());
      SQLException commit = assertThrows(SQLException.class, connection::commit);
      assertEquals("25000", commit.getSQLState(), commit.getMessage());
      assertEquals("No transaction to commit: the connection is in auto-commit mode, where each statement is "
          + "committed as it runs. Call setAutoCommit(false) to start a transaction.", commit.getMessage());
      SQLException rollback = assertThrows(SQLException.class, connection::rollback);
      assertEquals("25000", rollback.getSQLState(), rollback.getMessage());
      assertEquals("25000", assertThrows(SQLException.class, connection::setSavepoint).getSQLState());
      connection.setAutoCommit(false);
      assertFalse(connection.getAutoCommit());
      // An empty transaction commits and rolls back without a request.
      connection.commit();
      connection.rollback();
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, connection.getTransactionIsolation());
      connection.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, connection.getTransactionIsolation());
      assertEquals("01S02", connection.getWarnings().getSQLState());
      assertEquals("22023", assertThrows(SQLException.class,
          () -> connection.setTransactionIsolation(Connection.TRANSACTION_NONE)).getSQLState());
      SQLException noLevel = assertThrows(SQLException.class, () -> connection.setTransactionIsolation(12345));
      assertEquals("22023", noLevel.getSQLState());
      assertEquals("12345 is not a transaction isolation level: give one of Connection's TRANSACTION_ constants "
          + "(keycond gives TRANSACTION_READ_COMMITTED).", noLevel.getMessage());
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, connection.getTransactionIsolation());
      connection.setReadOnly(true);
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'acme'")) {
        assertTrue(rs.next());
        assertEquals("Acme Corp", rs.getString(1));
      }
      connection.setAutoCommit(true);
      assertTrue(connection.getAutoCommit());
    }
  }

  @Test
  void aScrollableResultSetIsDowngradedWithAWarning() throws SQLException {
    try (Connection connection = database.connect();
        Statement statement = connection.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY)) {
      assertEquals(ResultSet.TYPE_FORWARD_ONLY, statement.getResultSetType());
      SQLWarning warning = connection.getWarnings();
      assertNotNull(warning);
      assertEquals("01S02", warning.getSQLState(), warning.getMessage());
      assertTrue(warning.getMessage().contains("TYPE_FORWARD_ONLY"), warning.getMessage());
    }
  }

  @Test
  void aFinalSemicolonIsDroppedAndAnEmptyStatementIsASyntaxError() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      for (String sql : List.of("SELECT name FROM workspaces WHERE id = 'acme';",
          "SELECT name FROM workspaces WHERE id = 'acme' ; -- done", "SELECT name FROM workspaces WHERE id = ?;")) {
        try (java.sql.PreparedStatement prepared = connection.prepareStatement(sql)) {
          if (sql.contains("?")) {
            prepared.setString(1, "acme");
          }
          try (ResultSet rs = prepared.executeQuery()) {
            assertTrue(rs.next(), sql);
            assertEquals("Acme Corp", rs.getString(1), sql);
          }
        }
      }
      try (ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'acme';")) {
        assertTrue(rs.next());
      }
      for (String empty : List.of("", "  ", ";", "-- nothing\n", "/* nothing */ ;")) {
        SQLException e = assertThrows(SQLException.class, () -> statement.execute(empty), empty);
        assertEquals("42000", e.getSQLState(), empty);
        assertEquals("The statement is empty: it has no SQL to run, only blanks or comments.", e.getMessage(), empty);
      }
    }
  }

  @Test
  void maxRowsBecomesTheLimitOfTheRead() throws Exception {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.setMaxRows(2);
      statement.setFetchSize(1);
      database.clearRequests();
      List<String> paths = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery("SELECT path FROM files WHERE account = 'a91'")) {
        // The fetch size is a hint the result set starts with, checked as the statement's is.
        assertEquals(1, rs.getFetchSize());
        assertEquals("HY024", assertThrows(SQLException.class, () -> rs.setFetchSize(-1)).getSQLState());
        rs.setFetchSize(50);
        assertEquals(50, rs.getFetchSize());
        while (rs.next()) {
          paths.add(rs.getString(1));
        }
      }
      assertEquals(List.of("root/", "root/docs/"), paths);
      List<RecordingProxy.Request> requests = database.dataRequests();
      assertEquals(1, requests.size(), requests.toString());
      assertEquals("Query", requests.get(0).operation());
      JsonNode query = JSON.readTree(requests.get(0).body());
      assertEquals(2, query.path("Limit").asInt(), query.toString());
    }
  }

  @Test
  void queryTimeoutStopsARequestThatTakesTooLong() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(1);
      database.delayRequests(Duration.ofSeconds(4));
      long start = System.nanoTime();
      try {
        SQLException e = assertThrows(SQLException.class, () -> {
          try (ResultSet rs = statement.executeQuery("SELECT path FROM files WHERE account = 'b07'")) {
            rs.next();
          }
        });
        assertTrue(e instanceof SQLTimeoutException, e.toString());
        assertEquals("HYT00", e.getSQLState());
      } finally {
        database.delayRequests(Duration.ZERO);
      }
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(elapsedMillis < 3000, "gave up after " + elapsedMillis + " ms, not after about 1 s");
    }
  }

  /**
   * DBeaver's Stop button: cancel from another thread while the statement waits for DynamoDB. The
   * error must arrive while the response is still held at the proxy, so it cannot have waited for
   * it; the same for a fan-out, whose requests are sent ahead on the read threads.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SELECT path FROM files WHERE account = 'a91'",
      "SELECT path FROM files WHERE account IN ('a91', 'b07')"})
  void cancelFromAnotherThreadEndsTheWaitForARequestInFlight(String sql) throws Exception {
    ExecutorService reader = Executors.newSingleThreadExecutor();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      database.clearRequests();
      try (HeldRequests held = database.holdRequests()) {
        Future<List<String>> rows = reader.submit(() -> {
          List<String> paths = new ArrayList<>();
          try (ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
              paths.add(rs.getString(1));
            }
          }
          return paths;
        });
        assertTrue(held.awaitRequest(30), "the statement sent its Query");
        statement.cancel();
        ExecutionException failure = assertThrows(ExecutionException.class, () -> rows.get(30, TimeUnit.SECONDS),
            "the statement ended, with an error, while its response was held");
        SQLException e = assertInstanceOf(SQLException.class, failure.getCause());
        assertEquals("57014", e.getSQLState(), e.toString());
        assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
      }
      assertEquals("Query", database.dataRequests().get(0).operation());
      // The abandoned request does not spoil the statement's next execution.
      try (ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'acme'")) {
        assertTrue(rs.next());
        assertEquals("Acme Corp", rs.getString(1));
      }
    } finally {
      reader.shutdownNow();
    }
  }

  @Test
  void isValidAsksTheEndpointWhenNoRequestSucceededWithinASecond() throws Exception {
    try (Connection connection = database.connect()) {
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'acme'")) {
        assertTrue(rs.next());
      }
      database.clearRequests();
      assertTrue(connection.isValid(5));
      assertEquals(List.of(), database.requests(), "a request answered a moment ago tells that the endpoint answers");
      quietForLongEnough();
      assertTrue(connection.isValid(5));
      assertEquals(List.of("ListTables"), database.requests().stream().map(RecordingProxy.Request::operation).toList());
      assertThrows(SQLException.class, () -> connection.isValid(-1));
    }
  }

  /** A pool lends its idle connections to many threads at once, each checked with isValid. */
  @Test
  void connectionsCheckedTogetherShareOneRequest() throws Exception {
    int threads = 8;
    List<Connection> connections = new ArrayList<>();
    ExecutorService callers = Executors.newFixedThreadPool(threads);
    try {
      for (int i = 0; i < threads; i++) {
        connections.add(database.connect());
      }
      quietForLongEnough();
      database.clearRequests();
      List<Future<Boolean>> answers = new ArrayList<>();
      try (HeldRequests held = database.holdRequests()) {
        for (Connection connection : connections) {
          answers.add(callers.submit(() -> connection.isValid(5)));
        }
        assertTrue(held.awaitRequest(5), "no isValid asked the endpoint");
        // The others ask while the first one's request is held (or, later, after its answer).
        Thread.sleep(200);
      }
      for (Future<Boolean> answer : answers) {
        assertTrue(answer.get(10, TimeUnit.SECONDS));
      }
      assertEquals(List.of("ListTables"), database.requests().stream().map(RecordingProxy.Request::operation).toList());
    } finally {
      callers.shutdownNow();
      for (Connection connection : connections) {
        connection.close();
      }
    }
  }

  @Test
  void aCheckThatWaitsForAnotherOnesRequestKeepsItsOwnTimeout() throws Exception {
    ExecutorService caller = Executors.newSingleThreadExecutor();
    try (Connection patient = database.connect(); Connection hurried = database.connect()) {
      quietForLongEnough();
      database.clearRequests();
      Future<Boolean> patientAnswer;
      try (HeldRequests held = database.holdRequests()) {
        patientAnswer = caller.submit(() -> patient.isValid(30));
        assertTrue(held.awaitRequest(5), "isValid sent no request");
        long start = System.nanoTime();
        assertFalse(hurried.isValid(1), "the endpoint has not answered within the second asked");
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "the hurried check waited past its timeout");
      }
      assertTrue(patientAnswer.get(10, TimeUnit.SECONDS));
      assertEquals(List.of("ListTables"), database.requests().stream().map(RecordingProxy.Request::operation).toList());
    } finally {
      caller.shutdownNow();
    }
  }

  @Test
  void isValidIsFalseWhenTheEndpointDoesNotAnswerInTime() throws Exception {
    try (Connection connection = database.connect()) {
      quietForLongEnough();
      try (HeldRequests held = database.holdRequests()) {
        // Decided while the request is held, so the answer cannot have come from a response.
        assertFalse(connection.isValid(1));
        assertTrue(held.awaitRequest(0), "isValid sent a request");
      }
    }
  }

  @Test
  void isValidIsFalseWhenTheEndpointIsGone() throws Exception {
    Connection connection;
    try (RecordingProxy endpoint = new RecordingProxy(database.endpoint(), request -> {})) {
      connection = DriverManager.getConnection(database.urlThrough(endpoint.endpoint()));
      assertTrue(connection.isValid(5));
    }
    try (connection) {
      quietForLongEnough();
      assertFalse(connection.isValid(5), "nothing listens at the endpoint any more");
    }
  }

  /** Waits until no answer is recent enough to tell that the endpoint answers. */
  private static void quietForLongEnough() throws InterruptedException {
    Thread.sleep(EndpointCheck.FRESH.toMillis() + 100);
  }

  @Test
  @Timeout(120) // a guard: without a bound the SDK retries the silent reads for minutes
  void theLoginTimeoutBoundsAConnectToAnEndpointThatNeverAnswers() throws Exception {
    int before = DriverManager.getLoginTimeout();
    try (BlackHole hole = new BlackHole()) {
      DriverManager.setLoginTimeout(2);
      SQLException e = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(database.urlThrough(hole.endpoint())));
      assertEquals("08001", e.getSQLState(), e.toString());
      // The mapping's first table, files, reads Drive.
      assertTrue(e.getMessage().contains("DescribeTable on 'Drive' failed: DynamoDB at " + hole.endpoint()
          + " did not answer within 2 s (the login timeout)"), e.getMessage());
    } finally {
      DriverManager.setLoginTimeout(before);
    }
  }

  @Test
  void aRequestsTimerIsQueuedWhileItWaitsAndDroppedOnceItIsAnswered() throws Exception {
    RequestTimers timers = RequestThreads.TIMERS;
    ExecutorService reader = Executors.newSingleThreadExecutor();
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      assertEquals(0, timers.queuedTimers(), "no request waits");
      Future<Boolean> found;
      try (HeldRequests held = database.holdRequests()) {
        found = reader.submit(() -> {
          try (ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'acme'")) {
            return rs.next();
          }
        });
        assertTrue(held.awaitRequest(30), "the statement sent its GetItem");
        assertEquals(1, timers.queuedTimers(), "the waiting request's bound, on keycond's timers, not the SDK's");
      }
      assertTrue(found.get(30, TimeUnit.SECONDS));
      // The SDK's own timers would stay queued 30 s after their request, each waking a thread then.
      assertEquals(0, timers.queuedTimers(), "the answered request's timer was dropped when it was cancelled");
    } finally {
      reader.shutdownNow();
    }
  }

  @Test
  @Timeout(60) // a guard: the bound under test is 2 s
  void aStatementWithoutAQueryTimeoutGivesUpOnAnEndpointThatStopsAnsweringAfterTheRequestTimeout() throws Exception {
    try (Connection connection = database.connect("requestTimeout=2"); Statement statement = connection.createStatement();
        HeldRequests held = database.holdRequests()) {
      SQLException e = assertThrows(SQLException.class, () -> {
        try (ResultSet rs = statement.executeQuery("SELECT path FROM files WHERE account = 'b07'")) {
          rs.next();
        }
      });
      assertTrue(held.awaitRequest(0), "the statement sent its Query");
      assertEquals("08006", e.getSQLState(), e.toString());
      assertTrue(e.getMessage().contains("Query on table 'Drive' failed: DynamoDB at " + database.endpoint()
          + " did not answer within 2 s (the requestTimeout property; a statement's query timeout replaces it)"),
          e.getMessage());
    }
  }

  @Test
  @Timeout(60) // a guard: without a bound the SDK retries the silent reads for minutes
  void withoutALoginTimeoutTheRequestTimeoutBoundsAConnectToAnEndpointThatNeverAnswers() throws Exception {
    try (BlackHole hole = new BlackHole()) {
      SQLException e = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(database.urlThrough(hole.endpoint(), "requestTimeout=1")));
      assertEquals("08001", e.getSQLState(), e.toString());
      assertTrue(e.getMessage().contains("DescribeTable on 'Drive' failed: DynamoDB at " + hole.endpoint()
          + " did not answer within 1 s (the requestTimeout property; DriverManager.setLoginTimeout replaces it)"),
          e.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-5", "3601", "30s"})
  void aRequestTimeoutThatIsNotAWholeNumberOfSecondsFromOneToAnHourIsRefused(String value) {
    SQLException e = assertThrows(SQLException.class, () -> database.connect("requestTimeout=" + value).close());
    assertEquals("22023", e.getSQLState(), e.toString());
    assertEquals("Invalid value '" + value + "' for property requestTimeout: use a whole number of at least 1 "
        + "and at most 3600", e.getMessage());
  }

  @Test
  void browsingAnUnmappedTableIsRefusedWithTheWayOut() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      database.clearRequests();
      SQLException e = assertThrows(SQLException.class, () -> statement.executeQuery("SELECT * FROM Events"));
      assertTrue(e.getSQLState().startsWith("42"), e.getSQLState());
      assertTrue(e.getMessage().contains("Events"), e.getMessage());
      assertTrue(e.getMessage().contains("scan=limit:N"), e.getMessage());
      assertEquals(List.of(), database.dataRequests(), "refused before any read");
    }
  }

  @Test
  void scanLimitLetsAGuiBrowseAWholeTable() throws SQLException {
    // What DBeaver sends when a table is opened: a schema-qualified SELECT * with max rows.
    try (Connection connection = database.connect("scan=limit:1000");
        Statement statement = connection.createStatement()) {
      statement.setMaxRows(200);
      database.clearRequests();
      List<String> devices = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery("SELECT * FROM dynamodb.Events")) {
        while (rs.next()) {
          devices.add(rs.getString("device") + "@" + rs.getBigDecimal("ts").toBigInteger());
        }
      }
      assertEquals(5, devices.size(), devices.toString());
      assertTrue(devices.contains("sensor-1@1767261600"), devices.toString());
      assertEquals(List.of("Scan"), database.dataRequests().stream().map(RecordingProxy.Request::operation).toList());
      SQLWarning warning = statement.getWarnings();
      assertNotNull(warning, "a permitted Scan is reported");
      assertFalse(warning.getMessage().isEmpty());
      assertEquals("01000", warning.getSQLState(), warning.getMessage());
    }
  }
}
