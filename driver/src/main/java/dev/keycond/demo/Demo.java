package dev.keycond.demo;

import dev.keycond.Driver;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.shell.Shell;
import dev.keycond.workbench.Workbench;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * {@code keycond demo}: starts dynalite, loads the README's example tables, runs the showcase,
 * then opens the shell on the same data when a terminal is attached, runs the shell's {@code -e}
 * statements or {@code -f} script when given, or keeps the server up for SQL tools ({@code --serve}).
 *
 * <p>Everything, the showcase included, reaches dynalite through one {@link RecordingProxy} on a
 * fixed port ({@link #DEFAULT_PORT}, or {@code --port N}), and the mapping is written to a fixed
 * file ({@link #mappingFile()}), so the URL it prints is the same at every run and a connection
 * saved in a GUI keeps working; the AWS CLI commands the showcase prints go to that endpoint too.
 */
public final class Demo {
  /** The port the demo's endpoint listens on unless {@code --port} says otherwise; free on most machines. */
  public static final int DEFAULT_PORT = 8707;

  /** The system property naming the folder of the demo's mapping file. */
  public static final String DIR_PROPERTY = "keycond.demo.dir";

  /** dynalite checks that requests are signed, not by whom. */
  private static final String CREDENTIALS = "user=demo;password=demo";

  private Demo() {}

  /**
   * @param args {@code --port N}; {@code --no-shell} to exit after the showcase even with a
   *     terminal, {@code --serve} to keep the server up without a shell, or {@code --workbench} to
   *     serve the workbench page on the demo's data instead of the shell; else sqlline options for
   *     the shell on the demo's data ({@code -e "<sql>"}, {@code -f file.sql})
   * @return the process exit code
   */
  public static int run(List<String> args, PrintStream out) throws Exception {
    // Without a terminal sqlline reads from the stream it is given, as the shell command does.
    return run(args, out, System.console() == null ? System.in : null);
  }

  /**
   * The demo's mapping file: {@code mapping.json} in the folder the {@value #DIR_PROPERTY} system
   * property names, else in {@code ~/.keycond/demo}.
   */
  public static Path mappingFile() {
    String folder = System.getProperty(DIR_PROPERTY);
    Path dir = folder != null ? Path.of(folder) : Path.of(System.getProperty("user.home"), ".keycond", "demo");
    return dir.resolve("mapping.json").toAbsolutePath();
  }

  /**
   * @param input what the shell reads, or null for the terminal
   * @return the exit code; with {@code --serve}, once the thread is interrupted
   */
  static int run(List<String> args, PrintStream out, InputStream input) throws Exception {
    DemoOptions options;
    try {
      options = DemoOptions.parse(args);
    } catch (IllegalArgumentException e) {
      out.println("keycond demo: " + e.getMessage());
      return 2;
    }
    out.println("keycond " + Driver.VERSION + " demo: starting dynalite (a local DynamoDB-compatible server)...");
    Dynalite dynalite;
    try {
      dynalite = new Dynalite();
    } catch (IOException e) {
      out.println("Cannot start dynalite: " + e.getMessage());
      return 1;
    }
    Queue<RecordingProxy.Request> sent = new ConcurrentLinkedQueue<>();
    AtomicBoolean recording = new AtomicBoolean(true);
    Consumer<RecordingProxy.Request> record = request -> {
      if (recording.get()) {
        sent.add(request);
      }
    };
    try (dynalite) {
      Optional<RecordingProxy> listening = listen(dynalite.endpoint(), options.port(), DEFAULT_PORT, record, out);
      if (listening.isEmpty()) {
        return 1;
      }
      try (RecordingProxy proxy = listening.get()) {
        return run(options, out, input, proxy, dynalite.endpoint(), sent, recording);
      }
    }
  }

  private static int run(DemoOptions options, PrintStream out, InputStream input, RecordingProxy proxy,
      String server, Queue<RecordingProxy.Request> sent, AtomicBoolean recording) throws Exception {
    DemoData.install(server);
    Path mapping = mappingFile();
    try {
      DemoData.writeMapping(mapping);
    } catch (IOException e) {
      out.println("Cannot write the demo's mapping to " + mapping + " (" + e + "); the system property "
          + DIR_PROPERTY + " names another folder for it.");
      return 1;
    }
    out.println("Loaded tables Drive, Control (mapped by " + mapping + ") and Events (unmapped).");
    String url = "jdbc:keycond:region=us-east-1;endpoint=" + proxy.endpoint() + ";" + CREDENTIALS
        + ";mapping=" + mapping;

    // The proxy counts what goes over the wire during the showcase; its EXPLAIN gives under each
    // request the AWS CLI command that sends it, to the same endpoint as the URL.
    Properties showcase = new Properties();
    showcase.setProperty("explain", "cli");
    try (Connection connection = new Driver().connect(url, showcase)) {
      new Showcase(connection, sent, out).run(Showcase.parse(DemoData.resource("demo/showcase.sql")));
    }
    recording.set(false);
    sent.clear();

    out.println();
    switch (options.after()) {
      case SCRIPT:
        out.println("Running the given statements on the demo's data; the demo stops after them.");
        return Shell.run(Optional.of(url), options.sqllineArgs(), input, out, System.err);
      case SERVE:
        printUrl("The demo keeps running until it is stopped (Ctrl-C); any SQL tool can connect with:", url, out);
        return serve();
      case WORKBENCH:
        printUrl("While the demo and its workbench run (Ctrl-C stops both), any SQL tool can connect with:", url, out);
        try (Connection connection = new Driver().connect(url, new Properties())) {
          Workbench.serve(connection.unwrap(KeycondConnection.class), 0, out);
        }
        return 0;
      case SHELL:
        if (System.console() != null) {
          printUrl("While the demo runs, any SQL tool can connect with:", url, out);
          out.println("Opening the shell: try !tables, !columns files, EXPLAIN PLAN FOR ..., !quit to stop.");
          return Shell.run(Optional.of(url), options.sqllineArgs(), null, System.out, System.err);
        }
        out.println("No terminal is attached, so there is no shell and the demo stops here.");
        break;
      case STOP:
        out.println("The demo stops here (--no-shell).");
        break;
    }
    out.println("./keycond demo --serve keeps it running for a SQL tool, at the same URL every time.");
    return 0;
  }

  /**
   * The proxy every connection of the demo goes through, on {@code port}, or on {@code
   * defaultPort} when none is given, falling back to a free port if that one is taken. Empty, with
   * the reason printed, when the port asked for is taken.
   */
  static Optional<RecordingProxy> listen(String server, OptionalInt port, int defaultPort,
      Consumer<RecordingProxy.Request> record, PrintStream out) throws IOException {
    try {
      return Optional.of(new RecordingProxy(server, port.orElse(defaultPort), record));
    } catch (BindException e) {
      if (port.isPresent()) {
        out.println("Port " + port.getAsInt() + " is taken (by another demo?): stop what listens there, or pick "
            + "another port with --port N (--port 0 takes any free port).");
        return Optional.empty();
      }
      RecordingProxy proxy = new RecordingProxy(server, 0, record);
      out.println("Port " + defaultPort + " is taken (by another demo?), so this demo listens on port "
          + proxy.port() + " instead: a connection saved with port " + defaultPort
          + " does not reach it. --port N picks the port.");
      return Optional.of(proxy);
    }
  }

  private static void printUrl(String heading, String url, PrintStream out) {
    out.println(heading);
    out.println("  " + url);
    out.println("Add ;scan=limit:1000 to browse whole tables (such as Events) in a GUI.");
  }

  /** Waits until the thread is interrupted; Ctrl-C ends the JVM, whose shutdown hook stops dynalite. */
  private static int serve() {
    try {
      new CountDownLatch(1).await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }
}
