package dev.keycond.shell;

import dev.keycond.jdbc.ConnectionProperties;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.gateway.DynamoClients;
import dev.keycond.planner.infer.MappingInference;
import dev.keycond.planner.infer.ProposedMapping;
import dev.keycond.planner.infer.SampleBounds;
import dev.keycond.planner.infer.WorkbenchImport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code keycond mapping infer <url> [table ...]} and {@code keycond mapping import model.json}: a
 * proposed mapping file on standard output, loadable as it is ({@code > mapping.json}), and on
 * standard error the notes on each guess, the items not placed, and what the sample read and cost.
 * Exit codes: 0 done, 1 a failure (DynamoDB, an unknown table, an unreadable model, a proposal this
 * keycond does not load), 2 a wrong command line.
 */
public final class MappingCommand {
  static final String USAGE = String.join(System.lineSeparator(),
      "  mapping infer <jdbc:keycond:...> [--pages N] [--page-limit N] [--all] [table ...]",
      "                  propose a mapping from a sample of each table (every table when none is named):",
      "                  Scan pages of --page-limit items (100), at most --pages of them (3); --all reads every page",
      "  mapping import <model.json>   a mapping from a NoSQL Workbench data model, one table per facet");

  private MappingCommand() {}

  /** What to sample: the tables named (none for every table) and how much of each. */
  record Sampling(List<String> tables, SampleBounds bounds) {
    /** Reads {@code [--pages N] [--page-limit N] [--all] [table ...]}. */
    static Sampling parse(List<String> args) {
      int pages = SampleBounds.DEFAULT.maxPages();
      int pageLimit = SampleBounds.DEFAULT.pageLimit();
      boolean all = false;
      List<String> tables = new ArrayList<>();
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        switch (arg) {
          case "--all" -> all = true;
          case "--pages", "--page-limit" -> {
            if (i + 1 >= args.size() || !args.get(i + 1).matches("\\d{1,5}")) {
              throw new IllegalArgumentException(arg + " takes a whole number");
            }
            int n = Integer.parseInt(args.get(++i));
            if (arg.equals("--pages")) {
              pages = n;
            } else {
              pageLimit = n;
            }
          }
          default -> {
            if (arg.startsWith("--")) {
              throw new IllegalArgumentException("unknown option " + arg);
            }
            tables.add(arg);
          }
        }
      }
      return new Sampling(List.copyOf(tables), new SampleBounds(pageLimit, pages, all));
    }
  }

  /** Runs {@code mapping <infer|import> ...}; {@code args} starts after {@code mapping}. */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    String command = args.isEmpty() ? "" : args.get(0);
    List<String> rest = args.subList(Math.min(1, args.size()), args.size());
    try {
      switch (command) {
        case "infer":
          return infer(rest, out, err);
        case "import":
          return importModel(rest, out, err);
        default:
          err.println("keycond mapping: " + (command.isEmpty() ? "say infer or import" : "unknown command '"
              + command + "'"));
          err.println(USAGE);
          return 2;
      }
    } catch (IllegalArgumentException e) {
      err.println("keycond mapping " + command + ": " + e.getMessage());
      err.println(USAGE);
      return 2;
    } catch (KeycondException e) {
      err.println("keycond mapping " + command + ": " + e.getMessage() + " (SQLState " + e.state().code() + ")");
      return 1;
    }
  }

  private static int infer(List<String> args, PrintStream out, PrintStream err) {
    if (args.isEmpty() || !args.get(0).startsWith(ConnectionProperties.PREFIX)) {
      throw new IllegalArgumentException("give the connection URL first, such as "
          + "jdbc:keycond:region=us-east-1;endpoint=http://127.0.0.1:8000");
    }
    Sampling sampling = Sampling.parse(args.subList(1, args.size()));
    ProposedMapping proposal;
    try (DynamoDbClient client = DynamoClients.create(
        ConnectionProperties.parse(args.get(0), new Properties()).sessionOptions().client())) {
      proposal = MappingInference.infer(client, sampling.tables(), sampling.bounds());
    }
    return print(proposal, out, err);
  }

  private static int importModel(List<String> args, PrintStream out, PrintStream err) {
    if (args.size() != 1) {
      throw new IllegalArgumentException("give one model file, the JSON NoSQL Workbench exports");
    }
    Path model = Path.of(args.get(0));
    String json;
    try {
      json = Files.readString(model, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      err.println("keycond mapping import: cannot read " + model + ": no such file");
      return 1;
    } catch (IOException e) {
      err.println("keycond mapping import: cannot read " + model + ": " + e.getMessage());
      return 1;
    }
    return print(WorkbenchImport.read(json, model.toString()), out, err);
  }

  /**
   * The mapping on {@code out}; its report and notes, as {@code //} lines, on {@code err}.
   *
   * @return 0, or 1 when this keycond does not load the proposal (a note says why)
   */
  static int print(ProposedMapping proposal, PrintStream out, PrintStream err) {
    proposal.report().forEach(line -> err.println("// " + line));
    proposal.allNotes().forEach(note -> err.println("// " + note));
    out.print(proposal.json());
    out.flush();
    return proposal.loads() ? 0 : 1;
  }
}
