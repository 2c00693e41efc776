package dev.keycond.shell;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jline.reader.LineReader;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.reader.impl.history.DefaultHistory;
import sqlline.BuiltInProperty;
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
   *   <li>keycond gives READ_COMMITTED; sqlline's default (REPEATABLE_READ) would only produce a
   *       warning on connect.
   *   <li>The prompt hides the URL, which may hold a secret key (so do the history and everything
   *       sqlline prints: see {@link ShellSecrets}).
   *   <li>Rows are not cut at the terminal width: EXPLAIN lines are long, and silently truncated
   *       key conditions would mislead.
   *   <li>Every NULL prints as {@code NULL}: by default sqlline prints a NULL number or date as
   *       {@code null} and a NULL string, binary, boolean, array or JSON value as nothing, which
   *       reads as an empty string.
   * </ul>
   */
  static final List<String> DEFAULTS = List.of(
      "--connectInteractionMode=notAskCredentials",
      "--isolation=TRANSACTION_READ_COMMITTED",
      "--prompt=keycond> ",
      "--maxWidth=32767",
      "--nullValue=NULL");

  private Shell() {}

  /**
   * Why the {@code -f} script cannot be read, if it cannot: sqlline would report it with its whole
   * stack trace.
   */
  private static Optional<String> unreadableScript(List<String> sqllineArgs) {
    int f = sqllineArgs.indexOf("-f");
    if (f < 0 || f + 1 >= sqllineArgs.size()) {
      return Optional.empty();
    }
    Path script = Path.of(sqllineArgs.get(f + 1));
    String problem = !Files.exists(script) ? "No such file or directory"
        : Files.isDirectory(script) ? "Is a directory"
        : !Files.isReadable(script) ? "Permission denied"
        : null;
    return Optional.ofNullable(problem).map(p -> "cannot read " + script + ": " + p);
  }

  /**
   * Runs sqlline until the user quits, or until the {@code -e} statements or the {@code -f} script
   * have run.
   *
   * @param url the connection URL, or empty to start unconnected ({@code !connect} then works)
   * @param sqllineArgs further sqlline arguments
   * @param input the statements to read, or null to read the terminal interactively
   * @return the process exit code: 0 when every statement succeeded
   *     <p>While it runs, the process's standard error is the shell's error stream: with
   *     {@code verbose} set, sqlline prints a failed statement's stack trace to {@code System.err}
   *     itself, which would bypass the hiding of secret keys and the caller's error stream.
   */
  public static int run(Optional<String> url, List<String> sqllineArgs, InputStream input, OutputStream output,
      OutputStream errors) throws IOException {
    Optional<String> unreadable = unreadableScript(sqllineArgs);
    if (unreadable.isPresent()) {
      write(errors, "keycond: " + unreadable.get());
      return 1;
    }
    boolean batch = sqllineArgs.contains("-e") || sqllineArgs.contains("-f");
    List<String> args = new ArrayList<>(DEFAULTS);
    // Given a driver without a URL, sqlline would try to connect and fail ("Property url is required").
    if (url.isPresent()) {
      args.addAll(List.of("-d", "dev.keycond.Driver", "-u", url.get()));
    } else if (!batch) {
      write(errors, "Not connected: type !connect jdbc:keycond:region=...;mapping=... to connect.");
    }
    args.addAll(sqllineArgs);
    SqlLineInternals.reportInOneLine();
    boolean interactive = input == null && !batch;
    SqlLine sqlLine = new KeycondSqlLine(interactive);
    // CSV readers expect double quotes, where sqlline quotes with a single one. Set here, not among
    // the DEFAULTS, since sqlline's argument parser takes a lone '"' for an unclosed quote; a
    // --csvQuoteCharacter the user gives is read later and still applies.
    sqlLine.getOpts().set(BuiltInProperty.CSV_QUOTE_CHARACTER, '"');
    SecretHidingStream hiddenErrors = new SecretHidingStream(errors);
    sqlLine.setOutputStream(new SecretHidingStream(output));
    sqlLine.setErrorStream(hiddenErrors);
    keepSecretsOutOfTheHistory(sqlLine, input);
    PrintStream processErrors = System.err;
    System.setErr(new PrintStream(hiddenErrors, true, StandardCharsets.UTF_8));
    try {
      SqlLine.Status status = sqlLine.begin(args.toArray(String[]::new), input, input == null);
      return status == SqlLine.Status.OK ? 0 : 1;
    } finally {
      System.err.flush();
      System.setErr(processErrors);
    }
  }

  private static void write(OutputStream errors, String line) {
    try {
      errors.write((line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
      errors.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Builds sqlline's line reader with a history that keeps no secret key ({@link
   * SecretFreeHistory}). sqlline builds its reader when it begins, with a history of its own, and
   * uses the one that exists instead if there is one: built here, with the same input, it is that
   * one.
   */
  private static void keepSecretsOutOfTheHistory(SqlLine sqlLine, InputStream input) throws IOException {
    LineReader reader = sqlLine.getConsoleReader(input, new DefaultHistory());
    ((LineReaderImpl) reader).setHistory(new SecretFreeHistory());
  }
}
