package dev.keycond.sqltests.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.gateway.RequestRetries;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.ArmedFault;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.FaultProxy;
import dev.keycond.sqltests.harness.ProxiedRequest;
import dev.keycond.sqltests.harness.Trigger;
import dev.keycond.sqltests.support.Keycond;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.ResultSet;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads through a {@link FaultProxy}: a statement returns exactly its rows when the SDK's retry of
 * a failed attempt succeeds, and otherwise ends in an SQLException of the fault's class within its
 * bound, never a silent end after the rows already returned.
 *
 * <p>The reads: a Query of the paging fixture's account {@code big} (25 rows of 100 KB items over
 * three pages), a GetItem of fixture {@code files}, and a BatchGetItem of ten users of fixture
 * {@code fanout}.
 */
@ExtendWith(DynaliteExtension.class)
class ReadFaultsTest {
  private static final String PAGED = "SELECT path FROM files WHERE account = 'big' AND path LIKE 'root/big/f%'";
  private static final List<String> PAGED_ROWS = IntStream.rangeClosed(1, 25)
      .mapToObj(i -> String.format("root/big/f%02d", i)).toList();
  private static final int PAGES = 3;
  private static final String ONE_ITEM = "SELECT path FROM files WHERE account = 'a91' AND path = 'root/'";
  private static final String BATCH = "SELECT id, name FROM users WHERE id IN "
      + "('u000', 'u001', 'u002', 'u003', 'u004', 'u005', 'u006', 'u007', 'u008', 'u009') ORDER BY id";
  private static final List<String> BATCH_ROWS = IntStream.range(0, 10)
      .mapToObj(i -> String.format("u%03d User %d", i, i)).toList();
  /** Longer than any bound a test relies on: a statement still waiting when it ends was not bounded. */
  private static final Duration FOREVER = Duration.ofMinutes(10);
  /** A statement bounded by a 2 s query timeout ends well within this, on a loaded machine too. */
  private static final Duration BOUND_MARGIN = Duration.ofSeconds(20);

  private static FaultProxy proxy;
  private static Connection paging;
  private static Connection files;
  private static Connection fanout;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    Fixtures.load(server, "paging");
    Fixtures.load(server, "files");
    Fixtures.load(server, "fanout");
    proxy = FaultProxy.start(server.endpoint());
    paging = Keycond.connect(proxy.endpoint(), "paging");
    files = Keycond.connect(proxy.endpoint(), "files");
    fanout = Keycond.connect(proxy.endpoint(), "fanout");
  }

  @AfterEach
  void disarm() {
    proxy.reset();
  }

  @AfterAll
  static void close() throws SQLException {
    paging.close();
    files.close();
    fanout.close();
    proxy.close();
  }

  /** The faults the SDK retries: throttling, a 5xx, a reset, a damaged body. */
  static Stream<Fault> retriedFaults() {
    return Stream.of(Fault.throttle(), Fault.serverError(), Fault.resetBeforeResponse(), Fault.resetMidBody(),
        Fault.truncatedBody());
  }

  /** Each retried fault, on the first page's first attempt and on a later page's first attempt. */
  static Stream<Arguments> retriedFaultsOnEachPage() {
    return retriedFaults().flatMap(fault -> Stream.of(
        Arguments.of(fault, Trigger.on("Query").first(1)),
        Arguments.of(fault, Trigger.on("Query").laterPages().first(1))));
  }

  @ParameterizedTest(name = "{0} on {1}")
  @MethodSource("retriedFaultsOnEachPage")
  void aQueryPageWhoseFirstAttemptFailsIsRetriedAndEveryRowReturnedOnce(Fault fault, Trigger trigger)
      throws SQLException {
    ArmedFault armed = proxy.arm(trigger, fault);

    assertEquals(PAGED_ROWS, column(paging, PAGED));
    assertEquals(1, armed.fired(), armed::toString);
    // Every page once, and the failed attempt once more.
    assertEquals(PAGES + 1, proxy.requests("Query").size(), proxy.requests()::toString);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("retriedFaults")
  void aGetItemWhoseFirstAttemptFailsIsRetried(Fault fault) throws SQLException {
    ArmedFault armed = proxy.arm(Trigger.on("GetItem").first(1), fault);

    assertEquals(List.of("root/"), column(files, ONE_ITEM));
    assertEquals(1, armed.fired(), armed::toString);
    assertEquals(2, proxy.requests("GetItem").size(), proxy.requests()::toString);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("retriedFaults")
  void aBatchGetItemWhoseFirstAttemptFailsIsRetried(Fault fault) throws SQLException {
    ArmedFault armed = proxy.arm(Trigger.on("BatchGetItem").first(1), fault);

    assertEquals(BATCH_ROWS, Keycond.joined(Keycond.query(fanout, BATCH)));
    assertEquals(1, armed.fired(), armed::toString);
  }

  @Test
  void throttlingOnEveryAttemptEndsWhenTheRetriesAreSpentWith53000() {
    ArmedFault throttled = proxy.arm(Trigger.on("Query"), Fault.throttle());

    SQLException e = assertTimeoutPreemptively(BOUND_MARGIN,
        () -> assertThrows(SQLException.class, () -> column(paging, PAGED)));

    assertInstanceOf(SQLTransientException.class, e);
    assertEquals("53000", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("ProvisionedThroughputExceededException"), e::getMessage);
    assertTrue(e.getMessage().contains(RequestRetries.MAX_ATTEMPTS + " attempts"), e::getMessage);
    assertEquals(RequestRetries.MAX_ATTEMPTS, throttled.fired(), throttled::toString);
  }

  @Test
  void aServerErrorOnEveryAttemptIsATransientServiceFailure() {
    ArmedFault failing = proxy.arm(Trigger.on("GetItem"), Fault.serverError());

    SQLException e = assertThrows(SQLException.class,
        () -> column(files, ONE_ITEM));

    assertInstanceOf(SQLTransientException.class, e);
    assertEquals("58000", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("InternalServerError"), e::getMessage);
    assertEquals(RequestRetries.MAX_ATTEMPTS, failing.fired(), failing::toString);
  }

  /** The faults that break the connection or the answer on its way, after which the SDK retries. */
  static Stream<Fault> brokenAnswers() {
    return Stream.of(Fault.resetBeforeResponse(), Fault.resetMidBody(), Fault.truncatedBody());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenAnswers")
  void aBrokenAnswerOnEveryAttemptIsAConnectionFailureAfterTheRetries(Fault fault) {
    ArmedFault broken = proxy.arm(Trigger.on("Query"), fault);

    SQLException e = assertThrows(SQLException.class,
        () -> column(paging, PAGED));

    assertInstanceOf(SQLTransientConnectionException.class, e);
    assertEquals("08006", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains(proxy.endpoint()), e::getMessage);
    assertTrue(e.getMessage().contains(RequestRetries.MAX_ATTEMPTS + " attempts"), e::getMessage);
    assertEquals(RequestRetries.MAX_ATTEMPTS, broken.fired(), broken::toString);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenAnswers")
  void rowsAlreadyReturnedAreFollowedByTheErrorNotBySilence(Fault fault) throws SQLException {
    proxy.arm(Trigger.on("Query").laterPages(), fault);
    List<String> returned = new ArrayList<>();

    try (Statement statement = paging.createStatement(); ResultSet result = statement.executeQuery(PAGED)) {
      SQLException e = assertThrows(SQLException.class, () -> {
        while (result.next()) {
          returned.add(result.getString(1));
        }
      });
      assertEquals("08006", e.getSQLState(), e::getMessage);
    }
    // The first page's rows, in order, and nothing after them.
    assertTrue(!returned.isEmpty() && returned.size() < PAGED_ROWS.size(), returned::toString);
    assertEquals(PAGED_ROWS.subList(0, returned.size()), returned);
    assertEquals(1, proxy.requests("Query").stream().filter(r -> !r.laterPage()).count());
  }

  /**
   * Without a LIMIT the second page is read ahead while the first page's rows are returned; with
   * one, it is read when the rows need it. Its failure is the same SQLException either way, after
   * the same rows.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenAnswers")
  void aPageReadAheadThatFailsFailsAsAPageReadOnDemand(Fault fault) throws SQLException {
    List<String> aheadRows = new ArrayList<>();
    SQLException ahead = failureAfterRows(fault, PAGED, aheadRows);
    List<String> onDemandRows = new ArrayList<>();
    SQLException onDemand = failureAfterRows(fault, PAGED + " LIMIT 1000", onDemandRows);

    assertEquals("08006", ahead.getSQLState(), ahead::getMessage);
    assertEquals(onDemand.getClass(), ahead.getClass());
    assertEquals(onDemand.getSQLState(), ahead.getSQLState());
    assertEquals(onDemand.getMessage(), ahead.getMessage());
    assertEquals(onDemandRows, aheadRows);
    assertTrue(!aheadRows.isEmpty() && aheadRows.size() < PAGED_ROWS.size(), aheadRows::toString);
  }

  private static SQLException failureAfterRows(Fault fault, String sql, List<String> returned) throws SQLException {
    proxy.arm(Trigger.on("Query").laterPages(), fault);
    try (Statement statement = paging.createStatement(); ResultSet result = statement.executeQuery(sql)) {
      return assertThrows(SQLException.class, () -> {
        while (result.next()) {
          returned.add(result.getString(1));
        }
      });
    } finally {
      proxy.disarmAll();
    }
  }

  /**
   * The second page is read ahead before the rows need it; a cancel ends the statement while that
   * page never comes, and closing it does not wait for the page.
   */
  @Test
  void aCancelEndsTheWaitForAPageReadAhead() {
    ArmedFault hanging = proxy.arm(Trigger.on("Query").laterPages(), Fault.hang());
    List<String> returned = new ArrayList<>();

    SQLException e = assertTimeoutPreemptively(BOUND_MARGIN, () -> {
      try (Statement statement = paging.createStatement(); ResultSet result = statement.executeQuery(PAGED)) {
        assertTrue(result.next());
        returned.add(result.getString(1));
        // The second page is asked for while the first page's rows are still unread.
        while (hanging.fired() == 0) {
          Thread.sleep(10);
        }
        statement.cancel();
        return assertThrows(SQLException.class, () -> {
          while (result.next()) {
            returned.add(result.getString(1));
          }
        });
      }
    });

    assertEquals("57014", e.getSQLState(), e::getMessage);
    assertEquals(PAGED_ROWS.subList(0, returned.size()), returned);
    assertTrue(hanging.fired() >= 1, hanging::toString);
  }

  @Test
  void aSegmentFailingPastItsRetriesFailsTheParallelScanAndNothingIsSentAfterIt() throws Exception {
    ArmedFault failing = proxy.arm(Trigger.on("Scan").laterPages(), Fault.serverError());
    try (Connection segmented = Keycond.connect(proxy.endpoint(), "paging", "scan=allow", "scanSegments=2")) {
      SQLException e = assertTimeoutPreemptively(BOUND_MARGIN,
          () -> assertThrows(SQLException.class, () -> column(segmented, "SELECT path FROM files")));

      assertInstanceOf(SQLTransientException.class, e);
      assertEquals("58000", e.getSQLState(), e::getMessage);
      assertTrue(e.getMessage().contains("Scan on table 'paging_Drive'"), e::getMessage);
      assertEquals(RequestRetries.MAX_ATTEMPTS, failing.fired(), failing::toString);
      // Both segments started; the failure ended the statement, whose other segment sends no more.
      assertEquals(2, proxy.requests("Scan").stream().filter(r -> !r.laterPage()).count(),
          proxy.requests()::toString);
      int sent = proxy.requests("Scan").size();
      Thread.sleep(300);
      assertEquals(sent, proxy.requests("Scan").size(), proxy.requests()::toString);
    }
  }

  @Test
  void cancellingAParallelScanEndsEverySegmentAtOnce() throws Exception {
    ArmedFault hanging = proxy.arm(Trigger.on("Scan").laterPages(), Fault.hang());
    try (Connection segmented = Keycond.connect(proxy.endpoint(), "paging", "scan=allow", "scanSegments=2");
        Statement statement = segmented.createStatement()) {
      ExecutorService canceller = Executors.newSingleThreadExecutor();
      try {
        Future<?> cancel = canceller.submit(() -> {
          while (hanging.fired() == 0) {
            Thread.onSpinWait();
          }
          statement.cancel();
          return null;
        });
        SQLException e = assertTimeoutPreemptively(BOUND_MARGIN,
            () -> assertThrows(SQLException.class, () -> Keycond.column(statement.executeQuery("SELECT path FROM files"))));
        cancel.get();

        assertEquals("57014", e.getSQLState(), e::getMessage);
      } finally {
        canceller.shutdownNow();
      }
    }
  }

  @Test
  void aStallInTheMiddleOfTheBodyIsBoundedByTheQueryTimeout() {
    ArmedFault stalled = proxy.arm(Trigger.on("Query"), Fault.stallMidBody(FOREVER));

    SQLException e = assertTimeoutPreemptively(BOUND_MARGIN, () -> assertThrows(SQLException.class, () -> {
      try (Statement statement = paging.createStatement()) {
        statement.setQueryTimeout(2);
        Keycond.column(statement.executeQuery(PAGED));
      }
    }));

    assertInstanceOf(SQLTimeoutException.class, e);
    assertEquals("HYT00", e.getSQLState(), e::getMessage);
    assertTrue(stalled.fired() >= 1, stalled::toString);
  }

  /** The request runs on the statement's thread, and the SDK's bound on the call, the query timeout, aborts it. */
  @Test
  void aRequestNeverAnsweredIsBoundedByTheQueryTimeout() throws Exception {
    ArmedFault hanging = proxy.arm(Trigger.on("GetItem"), Fault.hang());
    StatementThread statementThread = new StatementThread();
    ExecutorService watcher = Executors.newSingleThreadExecutor();
    try {
      Future<?> watched = watcher.submit(() -> {
        statementThread.awaitReadingTheAnswer(BOUND_MARGIN);
        return null;
      });
      SQLException e = assertTimeoutPreemptively(BOUND_MARGIN, () -> assertThrows(SQLException.class, () -> {
        try (Statement statement = files.createStatement()) {
          statement.setQueryTimeout(2);
          statementThread.isThisOne();
          Keycond.column(statement.executeQuery(ONE_ITEM));
        }
      }));
      watched.get();

      assertInstanceOf(SQLTimeoutException.class, e);
      assertEquals("HYT00", e.getSQLState(), e::getMessage);
      assertTrue(hanging.fired() >= 1, hanging::toString);
    } finally {
      watcher.shutdownNow();
    }
  }

  /**
   * A cancel from another thread aborts the request the statement's own thread is blocked in:
   * there is no second thread whose wait it could end instead.
   */
  @Test
  void aCancelAbortsARequestThatHangsOnTheStatementsOwnThread() throws Exception {
    ArmedFault hanging = proxy.arm(Trigger.on("GetItem"), Fault.hang());
    StatementThread statementThread = new StatementThread();
    ExecutorService canceller = Executors.newSingleThreadExecutor();
    try (Statement statement = files.createStatement()) {
      Future<?> cancel = canceller.submit(() -> {
        statementThread.awaitReadingTheAnswer(BOUND_MARGIN);
        statement.cancel();
        return null;
      });
      SQLException e = assertTimeoutPreemptively(BOUND_MARGIN, () -> assertThrows(SQLException.class, () -> {
        statementThread.isThisOne();
        Keycond.column(statement.executeQuery(ONE_ITEM));
      }));
      cancel.get();

      assertEquals("57014", e.getSQLState(), e::getMessage);
      assertEquals("The statement was cancelled", e.getMessage());
      // Aborted, not retried: the SDK sends no attempt after the cancel.
      assertEquals(1, hanging.fired(), hanging::toString);
    } finally {
      canceller.shutdownNow();
    }
  }

  @Test
  void unprocessedKeysAreReadAgainUntilEveryRowIsThere() throws SQLException {
    ArmedFault partial = proxy.arm(Trigger.on("BatchGetItem").first(2), Fault.unprocessed());

    assertEquals(BATCH_ROWS, Keycond.joined(Keycond.query(fanout, BATCH)));
    assertEquals(2, partial.fired(), partial::toString);
    // 10 keys: 5 read, then 2 of the 5 left over, then the last 3.
    assertEquals(3, proxy.requests("BatchGetItem").size(), proxy.requests()::toString);
  }

  @Test
  void keysLeftUnprocessedOnEveryAttemptEndWith53000() {
    proxy.arm(Trigger.on("BatchGetItem"), Fault.unprocessed());

    SQLException e = assertTimeoutPreemptively(BOUND_MARGIN,
        () -> assertThrows(SQLException.class, () -> Keycond.query(fanout, BATCH)));

    assertInstanceOf(SQLTransientException.class, e);
    assertEquals("53000", e.getSQLState(), e::getMessage);
    assertTrue(e.getMessage().contains("unprocessed"), e::getMessage);
    List<ProxiedRequest> batches = proxy.requests("BatchGetItem");
    assertTrue(batches.size() > 1, batches::toString);
  }

  /** The first column of every row of {@code sql}, run in a statement of its own. */
  private static List<String> column(Connection connection, String sql) throws SQLException {
    return Keycond.query(connection, sql).stream().map(row -> row.get(0)).toList();
  }
}
