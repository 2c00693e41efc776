package dev.keycond.workbench;

import dev.keycond.Driver;
import dev.keycond.jdbc.KeycondConnection;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * {@code keycond workbench <url> [--port N]}: connects, starts the workbench's server and prints
 * its address, then serves until the process stops (Ctrl-C, or the shell that started it closing).
 */
public final class Workbench {
  private Workbench() {}

  /** @return the process exit code; it returns only when the arguments are wrong */
  public static int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
    Optional<String> url = args.stream().filter(arg -> arg.startsWith("jdbc:")).findFirst();
    Optional<Integer> port = port(args);
    if (url.isEmpty() || port.isEmpty()) {
      err.println("usage: keycond workbench <jdbc:keycond:...> [--port N]");
      return 2;
    }
    try (Connection connection = connect(url.get())) {
      serve(connection.unwrap(KeycondConnection.class), port.get(), out);
    } catch (SQLException e) {
      err.println("keycond workbench: " + e.getMessage());
      return 1;
    }
    return 0;
  }

  /**
   * The connection the workbench runs its statements on: the URL's, asking for the units of each
   * table and index whatever the URL's {@code consumedCapacity} says, since the page shows what
   * each request consumed.
   */
  public static Connection connect(String url) throws SQLException {
    Properties unitsOfEachIndex = new Properties();
    unitsOfEachIndex.setProperty("consumedCapacity", "indexes");
    return new Driver().connect(url, unitsOfEachIndex);
  }

  /** The value of {@code --port}, 0 without one, empty when it is not a port. */
  public static Optional<Integer> port(List<String> args) {
    int at = args.indexOf("--port");
    if (at < 0) {
      return Optional.of(0);
    }
    try {
      int port = Integer.parseInt(at + 1 < args.size() ? args.get(at + 1) : "");
      return port >= 0 && port < 65536 ? Optional.of(port) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Serves the workbench over {@code connection} until the process stops. */
  public static void serve(KeycondConnection connection, int port, PrintStream out) throws Exception {
    WorkbenchServer server = WorkbenchServer.start(connection, port);
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "keycond-workbench-stop"));
    out.println("keycond workbench: open " + server.address());
    out.println("(it answers this machine only, and the address's token; Ctrl-C stops it)");
    out.flush();
    new CountDownLatch(1).await();
  }
}
