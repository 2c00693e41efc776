package dev.keycond.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import sqlline.SqlLine;

/**
 * keycond's command-line shell: sqlline, connected to a {@code jdbc:keycond:} URL, with defaults
 * that suit keycond. Everything after the URL is passed to sqlline unchanged, so {@code -e "<sql>"},
 * {@code -f file.sql} and {@code --outputformat=csv} work as sqlline documents them, and override
 * the defaults below.
 */
public final class Shell {
  /**
   * The defaults keycond gives sqlline.
   *
   * <ul>
   *   <li>Credentials come from the URL or the AWS chain, so sqlline must not prompt for them.
   *   <li>DynamoDB has no isolation levels; sqlline's default (REPEATABLE_READ) would only produce
   *       a complaint on connect.
   *   <li>The prompt hides the URL, which may hold a secret key.
   *   <li>Rows are not cut at the terminal width: EXPLAIN lines are long, and silently truncated
   *       key conditions would mislead.
   * </ul>
   */
  static final List<String> DEFAULTS = List.of(
      "-d", "dev.keycond.Driver",
      "--connectInteractionMode=notAskCredentials",
      "--isolation=TRANSACTION_NONE",
      "--prompt=keycond> ",
      "--maxWidth=32767");

  private Shell() {}

  /**
   * Runs sqlline until the user quits, or until the {@code -e} statements or the {@code -f} script
   * have run.
   *
   * @param url the connection URL, or empty to start unconnected ({@code !connect} then works)
   * @param sqllineArgs further sqlline arguments
   * @param input the statements to read, or null to read the terminal interactively
   * @return the process exit code: 0 when every statement succeeded
   */
  public static int run(Optional<String> url, List<String> sqllineArgs, InputStream input, OutputStream output,
      OutputStream errors) throws IOException {
    List<String> args = new ArrayList<>(DEFAULTS);
    url.ifPresent(u -> {
      args.add("-u");
      args.add(u);
    });
    args.addAll(sqllineArgs);
    SqlLine sqlLine = new SqlLine();
    sqlLine.setOutputStream(output);
    sqlLine.setErrorStream(errors);
    SqlLine.Status status = sqlLine.begin(args.toArray(String[]::new), input, input == null);
    return status == SqlLine.Status.OK ? 0 : 1;
  }
}
