package dev.keycond.demo;

import dev.keycond.Driver;
import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.shell.Shell;
import dev.keycond.workbench.Workbench;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * {@code keycond demo}: starts dynalite, loads the README's example tables, runs the showcase,
 * then opens the shell on the same data when a terminal is attached, or runs the shell's
 * {@code -e} statements or {@code -f} script when given.
 */
public final class Demo {
  /** dynalite checks that requests are signed, not by whom. */
  private static final String CREDENTIALS = "user=demo;password=demo";

  private Demo() {}

  /**
   * @param args {@code --no-shell} to exit after the showcase even with a terminal;
   *     {@code --workbench [--port N]} to serve the workbench on the demo's data instead of the shell;
   *     else sqlline options for the shell on the demo's data ({@code -e "<sql>"}, {@code -f file.sql})
   * @return the process exit code
   */
  public static int run(List<String> args, PrintStream out) throws Exception {
    // Without a terminal sqlline reads from the stream it is given, as the shell command does.
    return run(args, out, System.console() == null ? System.in : null);
  }

  /** @param input what the shell reads, or null for the terminal */
  static int run(List<String> args, PrintStream out, InputStream input) throws Exception {
    if (args.contains("--workbench") && Workbench.port(args).isEmpty()) {
      out.println("--port takes a port number");
      return 2;
    }
    List<String> sqllineArgs = args.stream().filter(arg -> !arg.equals("--no-shell")).toList();
    boolean scripted = sqllineArgs.contains("-e") || sqllineArgs.contains("-f");
    boolean shell = !args.contains("--no-shell") && (scripted || System.console() != null);
    out.println("keycond " + Driver.VERSION + " demo: starting dynalite (a local DynamoDB-compatible server)...");
    Dynalite dynalite;
    try {
      dynalite = new Dynalite();
    } catch (IOException e) {
      out.println("Cannot start dynalite: " + e.getMessage());
      return 1;
    }
    Queue<RecordingProxy.Request> sent = new ConcurrentLinkedQueue<>();
    try (dynalite; RecordingProxy proxy = new RecordingProxy(dynalite.endpoint(), sent::add)) {
      Path mapping = DemoData.install(dynalite.endpoint());
      out.println("Loaded tables Drive, Control (mapped by " + mapping + ") and Events (unmapped).");

      // The showcase talks to dynalite through the proxy, which counts what goes over the wire; its
      // EXPLAIN gives under each request the AWS CLI command that sends it.
      Properties showcase = new Properties();
      showcase.setProperty("explain", "cli");
      try (Connection connection = new Driver().connect(url(proxy.endpoint(), mapping), showcase)) {
        new Showcase(connection, sent, out).run(Showcase.parse(DemoData.resource("demo/showcase.sql")));
      }

      String url = url(dynalite.endpoint(), mapping);
      out.println();
      out.println("While the demo runs, any SQL tool can connect with:");
      out.println("  " + url);
      out.println("Add ;scan=limit:1000 to browse whole tables (such as Events) in a GUI.");
      if (args.contains("--workbench")) {
        try (Connection connection = new Driver().connect(url, new Properties())) {
          Workbench.serve(connection.unwrap(KeycondConnection.class), Workbench.port(args).orElseThrow(), out);
        }
        return 0;
      }
      if (!shell) {
        out.println("(No terminal attached, so no shell; run ./keycond demo in a terminal for one.)");
        return 0;
      }
      if (scripted) {
        return Shell.run(Optional.of(url), sqllineArgs, input, out, System.err);
      }
      out.println("Opening the shell: try !tables, !columns files, EXPLAIN PLAN FOR ..., !quit to stop.");
      return Shell.run(Optional.of(url), sqllineArgs, null, System.out, System.err);
    }
  }

  private static String url(String endpoint, Path mapping) {
    return "jdbc:keycond:region=us-east-1;endpoint=" + endpoint + ";" + CREDENTIALS + ";mapping=" + mapping;
  }

}
