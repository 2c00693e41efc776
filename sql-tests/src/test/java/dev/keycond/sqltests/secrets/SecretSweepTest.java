package dev.keycond.sqltests.secrets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.jdbc.ConnectionProperties;
import dev.keycond.shell.Shell;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.Fault;
import dev.keycond.sqltests.harness.FaultProxy;
import dev.keycond.sqltests.harness.Trigger;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connects with a known secret key, provokes every kind of error keycond reports, and searches
 * everything it produced for the secret: each exception's message, cause chain, suppressed
 * exceptions and stack trace, the next exceptions and warnings, the toString of every JDBC object,
 * getURL, getUserName and getPropertyInfo, the records of java.util.logging (the SLF4J output of
 * the SDK and Calcite is discarded, in the driver jar as here), the process's stdout and stderr,
 * and the shell's output and history.
 *
 * <p>The errors: bad SQL, an unknown table and column, a window function, a refused Scan, a
 * parameter without a value, a bad value, too many key reads, a bad mapping, a bad, a malformed
 * and an unknown property, missing credentials, an unreachable endpoint, an endpoint that does not
 * answer at connect time, under a query timeout and until a cancel, throttling, a 500, a reset and
 * a truncated answer from the fault proxy, and a result read after its connection closed. The
 * test also checks, by their SQLStates, that all of them happened, so that a sweep that provoked
 * nothing cannot pass.
 */
@ExtendWith(DynaliteExtension.class)
class SecretSweepTest {
  /** No text of the tests contains it by accident, so finding it anywhere means it leaked. */
  private static final String SECRET = "Sweep-Secret-4b9d2e71";
  private static final String USER = "AKIDSWEEP";
  private static final String ONE_ITEM = "SELECT path FROM files WHERE account = 'a91' AND path = 'root/'";

  private static FaultProxy proxy;

  /** Every text searched, with where it came from. */
  private final List<String[]> outputs = new ArrayList<>();
  private final Set<String> states = new TreeSet<>();

  @BeforeAll
  static void start(DynamoServer server) {
    Fixtures.load(server, "files");
    proxy = FaultProxy.start(server.endpoint());
  }

  @AfterAll
  static void stop() {
    proxy.close();
  }

  private static String url(String endpoint, String mapping) {
    return "jdbc:keycond:region=us-east-1;endpoint=" + endpoint + ";user=" + USER + "; Password = " + SECRET
        + ";mapping=" + Fixtures.mapping(mapping);
  }

  @Test
  void noOutputOfAnyErrorShowsTheSecret(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    List<String> logged = new ArrayList<>();
    PrintStream out = System.out;
    PrintStream err = System.err;
    Logger root = Logger.getLogger("");
    Level rootLevel = root.getLevel();
    Handler handler = new CapturingHandler(logged);
    System.setOut(new PrintStream(new Tee(out, stdout), true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(new Tee(err, stderr), true, StandardCharsets.UTF_8));
    root.addHandler(handler);
    root.setLevel(Level.ALL);
    try {
      provokeConnectErrors();
      provokeStatementErrors();
      provokeFaults();
      runTheShell(dir);
    } finally {
      root.removeHandler(handler);
      root.setLevel(rootLevel);
      System.setOut(out);
      System.setErr(err);
      proxy.disarmAll();
    }
    outputs.add(new String[] {"stdout", stdout.toString(StandardCharsets.UTF_8)});
    outputs.add(new String[] {"stderr", stderr.toString(StandardCharsets.UTF_8)});
    outputs.add(new String[] {"java.util.logging", String.join("\n", logged)});

    for (String[] output : outputs) {
      assertFalse(output[1].contains(SECRET), () -> output[0] + " shows the secret:\n" + output[1]);
    }
    assertEquals(new TreeSet<>(List.of("07001", "08001", "08006", "0A000", "22018", "22023", "28000", "42000",
        "42S02", "42S22", "42Z01", "42Z02", "42Z10", "53000", "57014", "58000", "HY010", "HYT00")), states);
  }

  private void provokeConnectErrors() throws Exception {
    String url = url(proxy.endpoint(), "files");
    expectFailure("a bad mapping", () -> DriverManager.getConnection(url.replace("files.mapping", "broken.mapping")));
    expectFailure("a bad property", () -> DriverManager.getConnection(url + ";scan=sometimes"));
    expectFailure("a malformed property", () -> DriverManager.getConnection(url + ";password:" + SECRET));
    expectFailure("an unknown property", () -> DriverManager.getConnection(url + ";pasword=" + SECRET));
    Properties noUser = new Properties();
    noUser.setProperty("password", SECRET);
    expectFailure("a password without a user", () -> DriverManager.getConnection(
        "jdbc:keycond:region=us-east-1;endpoint=" + proxy.endpoint(), noUser));
    String unreachable = url("http://127.0.0.1:" + closedPort(), "files");
    expectFailure("an unreachable endpoint", () -> DriverManager.getConnection(unreachable));
    proxy.arm(Trigger.on("DescribeTable"), Fault.hang());
    DriverManager.setLoginTimeout(1);
    try {
      // Described earlier through the same endpoint: without reuse, connecting describes again, and meets the hang.
      expectFailure("an endpoint silent at connect time",
          () -> DriverManager.getConnection(url + ";descriptionReuseSeconds=0"));
    } finally {
      DriverManager.setLoginTimeout(0);
      proxy.disarmAll();
    }

    Driver driver = DriverManager.getDriver(url);
    Properties given = new Properties();
    given.setProperty("password", SECRET);
    for (DriverPropertyInfo property : driver.getPropertyInfo(url, given)) {
      shown("getPropertyInfo " + property.name, property.name + " " + property.value + " " + property.description);
    }
    shown("Driver.toString", driver.toString());
    ConnectionProperties properties = ConnectionProperties.parse(url, given);
    shown("ConnectionProperties.toString", properties.toString());
    shown("ClientSettings.toString", properties.sessionOptions().client().toString());
  }

  private void provokeStatementErrors() throws Exception {
    try (Connection connection = DriverManager.getConnection(url(proxy.endpoint(), "files"))) {
      DatabaseMetaData meta = connection.getMetaData();
      shown("getURL", meta.getURL());
      shown("getUserName", meta.getUserName());
      shown("Connection.toString", connection + " " + meta);
      try (Statement statement = connection.createStatement()) {
        shown("Statement.toString", statement.toString());
        expectFailure("bad SQL", () -> statement.executeQuery("SELEC path FROM files"));
        expectFailure("a refused Scan", () -> statement.executeQuery("SELECT path FROM files"));
        expectFailure("an unknown table", () -> statement.executeQuery("SELECT path FROM nosuchtable"));
        expectFailure("an unknown column", () -> statement.executeQuery(
            "SELECT nosuchcolumn FROM files WHERE account = 'a91'"));
        expectFailure("a window function", () -> statement.executeQuery(
            "SELECT ROW_NUMBER() OVER (ORDER BY path) FROM files WHERE account = 'a91'"));
        expectFailure("a marker in a plain statement", () -> statement.executeQuery(
            "SELECT path FROM files WHERE account = ?"));
        expectFailure("a value of the wrong type", () -> statement.executeQuery(
            "SELECT path FROM files WHERE account = 'a91' AND size > 'abc'"));
        try (ResultSet result = statement.executeQuery(ONE_ITEM)) {
          shown("ResultSet.toString", result + " " + result.getMetaData());
        }
      }
      try (PreparedStatement prepared = connection.prepareStatement(
          "SELECT path FROM files WHERE account = ? AND path = ?")) {
        shown("PreparedStatement.toString", prepared + " " + prepared.getParameterMetaData());
        expectFailure("a parameter without a value", prepared::executeQuery);
      }
    }
    try (Connection connection = DriverManager.getConnection(url(proxy.endpoint(), "files") + ";maxFanOut=1");
        Statement statement = connection.createStatement()) {
      expectFailure("too many key reads", () -> statement.executeQuery(
          "SELECT path FROM files WHERE account IN ('a91', 'b22') AND path LIKE 'root/%'"));
    }
    try (Connection connection = DriverManager.getConnection(url(proxy.endpoint(), "files") + ";scan=allow");
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT path FROM files")) {
      while (result.next()) {
        // A permitted Scan warns; the warnings are read below.
      }
      for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
        shown("a warning", w.getMessage());
      }
    }
    Connection closing = DriverManager.getConnection(url(proxy.endpoint(), "files"));
    ResultSet open = closing.createStatement().executeQuery(ONE_ITEM);
    closing.close();
    expectFailure("a closed connection", open::next);
  }

  private void provokeFaults() throws Exception {
    try (Connection files = DriverManager.getConnection(url(proxy.endpoint(), "files"))) {
      List<Fault> faults = List.of(Fault.throttle(), Fault.serverError(), Fault.resetMidBody(), Fault.truncatedBody());
      for (Fault fault : faults) {
        proxy.arm(Trigger.on("GetItem"), fault);
        expectFailure(fault.toString(), () -> files.createStatement().executeQuery(ONE_ITEM).next());
        proxy.disarmAll();
      }
      proxy.arm(Trigger.on("GetItem"), Fault.hang());
      try (Statement statement = files.createStatement()) {
        statement.setQueryTimeout(1);
        expectFailure("a query timeout", () -> statement.executeQuery(ONE_ITEM).next());
      }
      try (Statement statement = files.createStatement()) {
        proxy.clearRequests();
        CompletableFuture<Void> cancel = CompletableFuture.runAsync(() -> {
          awaitRequest("GetItem");
          try {
            statement.cancel();
          } catch (SQLException e) {
            throw new CompletionException(e);
          }
        });
        expectFailure("a cancel", () -> statement.executeQuery(ONE_ITEM).next());
        cancel.join();
      }
      proxy.disarmAll();
      assertTrue(files.isValid(5));
    }
  }

  /**
   * The shell, given the secret in the URL of its command line and in typed !connect commands. Its
   * output is searched, except for the terminal's echo of the lines typed, which is the user's own
   * input; its history file is searched whole.
   */
  private void runTheShell(Path dir) throws IOException {
    Path history = dir.resolve("history");
    String url = url(proxy.endpoint(), "files");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Shell.run(Optional.of(url), List.of("--historyFile=" + history, "--verbose=true", "-e", "!list",
        "-e", "SELEC 1;", "-e", "SELECT path FROM files;"), new ByteArrayInputStream(new byte[0]), out, err);
    shown("shell output", out.toString(StandardCharsets.UTF_8));
    String errors = err.toString(StandardCharsets.UTF_8);
    // With --verbose sqlline prints the failed statement's stack trace to System.err itself; the
    // shell routes it into its own error stream, where the secret is hidden and searched for here.
    assertTrue(errors.contains("\tat dev.keycond."), () -> "the verbose stack trace is not in the shell's errors:\n" + errors);
    shown("shell errors", errors);
    String typed = "!connect \"" + url + "\" \"\" \"\"\n!connect \"" + url.replace("; Password = " + SECRET, "")
        + "\" " + USER + " " + SECRET + "\n" + ONE_ITEM + ";\n!quit\n";
    ByteArrayOutputStream session = new ByteArrayOutputStream();
    ByteArrayOutputStream sessionErrors = new ByteArrayOutputStream();
    Shell.run(Optional.empty(), List.of("--historyFile=" + history),
        new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)), session, sessionErrors);
    assertTrue(session.toString(StandardCharsets.UTF_8).contains("| root/ |"), session::toString);
    shown("shell errors, typed session", sessionErrors.toString(StandardCharsets.UTF_8));
    String kept = Files.readString(history);
    assertTrue(kept.contains(ONE_ITEM), kept);
    shown("shell history", kept);
  }

  /** Waits until a request of this operation has reached the proxy. */
  private static void awaitRequest(String operation) {
    long end = System.nanoTime() + 20_000_000_000L;
    while (proxy.requests(operation).isEmpty()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("no " + operation + " reached the proxy");
      }
      Thread.onSpinWait();
    }
  }

  /** Runs what must fail, and keeps everything its SQLException shows. */
  private void expectFailure(String what, Failing action) {
    try {
      action.run();
    } catch (SQLException e) {
      states.add(e.getSQLState());
      for (SQLException next = e; next != null; next = next.getNextException()) {
        StringWriter trace = new StringWriter();
        next.printStackTrace(new PrintWriter(trace));
        shown(what + ": " + next.getSQLState(), trace.toString());
        for (Throwable cause = next; cause != null; cause = cause.getCause()) {
          shown(what + ": cause " + cause.getClass().getName(), cause.toString() + " " + cause.getLocalizedMessage());
        }
      }
      return;
    }
    throw new AssertionError(what + " did not fail");
  }

  private void shown(String where, String text) {
    outputs.add(new String[] {where, text});
  }

  @FunctionalInterface
  private interface Failing {
    void run() throws SQLException;
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Writes to two streams: what is captured still reaches the test's own output. */
  private static final class Tee extends OutputStream {
    private final OutputStream first;
    private final OutputStream second;

    Tee(OutputStream first, OutputStream second) {
      this.first = first;
      this.second = second;
    }

    @Override
    public void write(int b) throws IOException {
      first.write(b);
      second.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      first.write(bytes, offset, length);
      second.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
      first.flush();
      second.flush();
    }
  }

  /** Keeps every java.util.logging record, formatted with its parameters and thrown exception. */
  private static final class CapturingHandler extends Handler {
    private final List<String> records;
    private final SimpleFormatter formatter = new SimpleFormatter();

    CapturingHandler(List<String> records) {
      this.records = records;
      setLevel(Level.ALL);
    }

    @Override
    public void publish(LogRecord record) {
      synchronized (records) {
        records.add(formatter.format(record));
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
