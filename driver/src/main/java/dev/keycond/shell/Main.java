package dev.keycond.shell;

import dev.keycond.Driver;
import dev.keycond.demo.Demo;
import dev.keycond.workbench.Workbench;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The jar's entry point: {@code java -jar keycond-jdbc.jar shell [url] [sqlline options]} or
 * {@code java -jar keycond-jdbc.jar demo}, {@code java -jar keycond-jdbc.jar workbench <url>}, or {@code mapping
 * infer|import ...} (see {@link MappingCommand}).
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    String command = args.length == 0 ? "help" : args[0];
    List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
    switch (command) {
      case "shell":
        return shell(rest, out);
      case "demo":
        return Demo.run(rest, out);
      case "workbench":
        return Workbench.run(rest, out, err);
      case "mapping":
        return MappingCommand.run(rest, out, err);
      case "--version":
        out.println("keycond " + Driver.VERSION);
        return 0;
      case "help":
      case "-h":
      case "--help":
        usage(out);
        return 0;
      default:
        err.println("keycond: unknown command '" + command + "'");
        usage(err);
        return 2;
    }
  }

  private static int shell(List<String> args, PrintStream out) throws Exception {
    boolean hasUrl = !args.isEmpty() && args.get(0).startsWith("jdbc:");
    Optional<String> url = hasUrl ? Optional.of(args.get(0)) : Optional.empty();
    List<String> sqllineArgs = args.subList(hasUrl ? 1 : 0, args.size());
    // Without a terminal (a pipe, CI) sqlline reads the statements from stdin; handing it the
    // stream keeps JLine from warning that it fell back to a dumb terminal.
    InputStream input = System.console() == null ? System.in : null;
    return Shell.run(url, sqllineArgs, input, out, System.err);
  }

  private static void usage(PrintStream out) {
    out.println("keycond " + Driver.VERSION + ": SQL over DynamoDB key conditions");
    out.println();
    out.println("  shell [jdbc:keycond:...] [sqlline options]   the SQL shell (sqlline)");
    out.println("      -e \"<sql>\"      run a statement and exit (repeatable)");
    out.println("      -f file.sql     run a script and exit");
    out.println("  demo [--port N] [--serve | --workbench | --no-shell | sqlline options]");
    out.println("                  local DynamoDB, example data, a showcase, then the shell;");
    out.println("      --port N        the port of its endpoint (default " + Demo.DEFAULT_PORT + ", 0 for any free one)");
    out.println("      --serve         keep the server up without a shell, for a SQL tool, until Ctrl-C");
    out.println("      --workbench     keep the server up and serve the workbench page over it, until Ctrl-C");
    out.println("      --no-shell      stop after the showcase");
    out.println("  workbench <jdbc:keycond:...> [--port N]      a local web page: run SQL, see its requests and slices");
    out.println(MappingCommand.USAGE);
    out.println("  --version");
    out.println();
    out.println("URL: jdbc:keycond:region=us-east-1;endpoint=http://127.0.0.1:8000;mapping=/path/mapping.json;"
        + "scan=limit:1000");
  }
}
