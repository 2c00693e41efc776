package dev.keycond.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The command line of {@code keycond demo}: the port its endpoint listens on, what it does after
 * the showcase, and the shell's own options.
 *
 * @param port the port asked for with {@code --port N} ({@code 0}: any free port), or empty for
 *     {@link Demo#DEFAULT_PORT}, falling back to a free port when that one is taken
 * @param after what the demo does once the showcase has run
 * @param sqllineArgs the options for the shell ({@code -e "<sql>"}, {@code -f file.sql}, ...)
 */
record DemoOptions(OptionalInt port, After after, List<String> sqllineArgs) {

  /** What the demo does after the showcase. */
  enum After {
    /** Opens the shell when a terminal is attached, else stops. */
    SHELL,
    /** Runs the shell's {@code -e} statements or {@code -f} script, then stops. */
    SCRIPT,
    /** Stops ({@code --no-shell}). */
    STOP,
    /** Keeps the server up, without a shell, until the process is stopped ({@code --serve}). */
    SERVE,
    /** Keeps the server up and serves the workbench page over it ({@code --workbench}). */
    WORKBENCH
  }

  DemoOptions {
    port.ifPresent(p -> {
      if (p < 0 || p > 65535) {
        throw new IllegalArgumentException("--port takes a port from 0 (any free port) to 65535, not " + p);
      }
    });
    sqllineArgs = List.copyOf(sqllineArgs);
    if ((after == After.SERVE || after == After.WORKBENCH) && !sqllineArgs.isEmpty()) {
      throw new IllegalArgumentException((after == After.SERVE ? "--serve" : "--workbench")
          + " keeps the server up without a shell, so it takes no shell options: " + String.join(" ", sqllineArgs));
    }
  }

  /** Reads the demo's arguments; an {@link IllegalArgumentException} says what is wrong with them. */
  static DemoOptions parse(List<String> args) {
    OptionalInt port = OptionalInt.empty();
    boolean noShell = false;
    boolean serve = false;
    boolean workbench = false;
    List<String> sqllineArgs = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      switch (arg) {
        case "--no-shell" -> noShell = true;
        case "--serve" -> serve = true;
        case "--workbench" -> workbench = true;
        case "--port" -> {
          if (i + 1 == args.size()) {
            throw new IllegalArgumentException("--port needs a port number, such as --port " + Demo.DEFAULT_PORT);
          }
          port = OptionalInt.of(portNumber(args.get(++i)));
        }
        default -> sqllineArgs.add(arg);
      }
    }
    if ((noShell ? 1 : 0) + (serve ? 1 : 0) + (workbench ? 1 : 0) > 1) {
      throw new IllegalArgumentException("--no-shell stops after the showcase, --serve keeps the server up and "
          + "--workbench serves a page over it: give one of them");
    }
    boolean scripted = sqllineArgs.contains("-e") || sqllineArgs.contains("-f");
    After after = workbench ? After.WORKBENCH : serve ? After.SERVE : noShell ? After.STOP
        : scripted ? After.SCRIPT : After.SHELL;
    return new DemoOptions(port, after, sqllineArgs);
  }

  private static int portNumber(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--port takes a port number, not '" + text + "'");
    }
  }
}
