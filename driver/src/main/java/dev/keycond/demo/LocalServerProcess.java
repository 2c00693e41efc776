package dev.keycond.demo;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local DynamoDB-compatible server run as a child process from its folder, by a launcher that
 * keeps one protocol: it binds 127.0.0.1 on a free port of its choosing, prints {@code LISTENING
 * <port>} once it accepts connections, and exits when its stdin closes. Both dynalite's server.js
 * and moto's server.py keep it, so one piece of code installs, starts, waits for and stops either.
 *
 * <p>The server stops on {@link #close()}, on JVM exit (a shutdown hook), and even when the JVM is
 * killed, since its stdin then closes.
 */
public final class LocalServerProcess implements AutoCloseable {

  /** What an install or a start runs: a name for messages, its folder, and what it needs to run. */
  public record Launch(String server, Path directory, String prerequisite) {
    /** Runs {@code command} in the folder, saying what is missing when it cannot be started. */
    Process run(List<String> command, boolean mergeStderr) throws IOException {
      try {
        return new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectErrorStream(mergeStderr)
            .start();
      } catch (IOException e) {
        throw new IOException("Cannot run '" + command.get(0) + "' (" + e.getMessage() + "): "
            + server + " needs " + prerequisite, e);
      }
    }
  }

  /** Whether a folder holds its server installed, as its pinned files say it must be. */
  @FunctionalInterface
  public interface InstalledCheck {
    boolean installed() throws IOException;
  }

  private static final Logger LOG = Logger.getLogger(LocalServerProcess.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");
  private static final Pattern LISTENING = Pattern.compile("LISTENING (\\d+)");
  private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration OUTPUT_DRAIN_TIMEOUT = Duration.ofSeconds(2);

  private final String server;
  private final Process process;
  private final int port;
  /** The server's last lines of stderr, kept while it runs: what it said before it died, if it does. */
  private final Tail stderr;
  private final Thread stderrReader;
  private final Thread shutdownHook;
  private final AtomicBoolean stopped = new AtomicBoolean();

  private LocalServerProcess(Launch launch, Process process, Tail stderr, Thread stderrReader, int port) {
    this.server = launch.server();
    this.process = process;
    this.stderr = stderr;
    this.stderrReader = stderrReader;
    this.port = port;
    this.shutdownHook = new Thread(this::stop, launch.server() + "-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** Runs the launcher {@code command} in the launch's folder and waits for its port. */
  public static LocalServerProcess start(Launch launch, List<String> command) throws IOException {
    Process process = launch.run(command, false);
    Tail stderr = new Tail();
    Thread stderrReader = pump(launch.server() + "-stderr", process.getErrorStream(), stderr);
    return new LocalServerProcess(launch, process, stderr, stderrReader, awaitPort(launch, process, stderr,
        stderrReader));
  }

  /**
   * Runs the install {@code commands} one after the other unless {@code check} says the folder is
   * already installed, then fails unless it now is. Serialized across threads and JVMs (Maven may
   * build modules in parallel), since two installs into one folder would corrupt each other.
   */
  public static void installIfNeeded(Launch launch, InstalledCheck check, List<List<String>> commands)
      throws IOException {
    synchronized (LocalServerProcess.class) {
      Path lockFile = Path.of(System.getProperty("java.io.tmpdir"), "keycond-" + launch.server() + "-"
          + Integer.toHexString(launch.directory().toString().hashCode()) + ".lock");
      try (FileChannel channel =
          FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        channel.lock(); // released when the channel closes
        if (check.installed()) {
          return;
        }
        for (List<String> command : commands) {
          runToEnd(launch, command);
        }
        if (!check.installed()) {
          throw new IOException("Installing " + launch.server() + " in " + launch.directory()
              + " ran without an error, yet the pinned version is not there");
        }
      }
    }
  }

  /**
   * Installs the npm package {@code name} that the launch folder's package.json pins, with
   * {@code npm ci} from its lockfile ({@code npm install} in a folder without one), unless its
   * node_modules already holds the pinned version.
   */
  public static void installNpmPackage(Launch launch, String name) throws IOException {
    Path dir = launch.directory();
    String command = Files.isRegularFile(dir.resolve("package-lock.json")) ? "ci" : "install";
    installIfNeeded(launch, () -> npmPackageInstalled(dir, name),
        List.of(List.of(WINDOWS ? "npm.cmd" : "npm", command, "--no-audit", "--no-fund")));
  }

  private static boolean npmPackageInstalled(Path dir, String name) throws IOException {
    Path installed = dir.resolve("node_modules").resolve(name).resolve("package.json");
    if (!Files.isRegularFile(installed)) {
      return false;
    }
    String pinned = JSON.readTree(dir.resolve("package.json").toFile()).path("dependencies").path(name).asText();
    return pinned.equals(JSON.readTree(installed.toFile()).path("version").asText());
  }

  /** The URL to give the SDK or the JDBC driver, {@code http://127.0.0.1:<port>}. */
  public String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  /**
   * Empty while the server runs, or once it was stopped; once it has exited of itself, its exit
   * code and the last lines of its stderr. A server that dies during a test run makes every later
   * request fail with "Connection refused", which says nothing of why.
   */
  public Optional<String> exitReport() {
    if (process.isAlive() || stopped.get()) {
      return Optional.empty();
    }
    join(stderrReader);
    return Optional.of(server + " exited with code " + process.exitValue() + "; its stderr ended:\n" + stderr);
  }

  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // The JVM is already exiting: the hook stops the server, and stop() runs only once anyway.
    }
    stop();
  }

  private void stop() {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // The pipe is already broken, so the child is already exiting.
    }
    // Closing stdin alone would stop the launcher; destroying too keeps close() prompt regardless.
    process.destroy();
    try {
      if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for the launcher to print {@code LISTENING <port>}; kills it if that does not happen. */
  private static int awaitPort(Launch launch, Process server, Tail stderr, Thread stderrReader) throws IOException {
    CompletableFuture<Integer> port = new CompletableFuture<>();
    // stdout is read to its end, not just to the LISTENING line, so the child never blocks on it.
    pump(launch.server() + "-stdout", server.getInputStream(), line -> {
      Matcher matcher = LISTENING.matcher(line);
      if (matcher.matches()) {
        port.complete(Integer.parseInt(matcher.group(1)));
      }
    });
    server.onExit().thenRun(() -> port.completeExceptionally(new IOException("exited")));
    try {
      return port.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      join(stderrReader);
      throw new IOException(launch.server() + " exited with code " + server.exitValue()
          + " before listening; its stderr:\n" + stderr);
    } catch (TimeoutException e) {
      server.destroyForcibly();
      join(stderrReader);
      throw new IOException(launch.server() + " did not report LISTENING within "
          + START_TIMEOUT.toSeconds() + " s; its stderr:\n" + stderr);
    } catch (InterruptedException e) {
      server.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while starting " + launch.server());
    }
  }

  /** Runs an install command to its end; fails with its output when it fails or takes too long. */
  private static void runToEnd(Launch launch, List<String> command) throws IOException {
    String shown = String.join(" ", command);
    LOG.info(() -> "Installing " + launch.server() + ": " + shown + " in " + launch.directory());
    Process process = launch.run(command, true);
    Tail output = new Tail();
    Thread reader = pump(launch.server() + "-install", process.getInputStream(), output);
    try {
      if (!process.waitFor(INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        join(reader);
        throw new IOException(shown + " in " + launch.directory() + " did not finish within "
            + INSTALL_TIMEOUT.toMinutes() + " min; its output:\n" + output);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while installing " + launch.server());
    }
    join(reader);
    if (process.exitValue() != 0) {
      throw new IOException(shown + " in " + launch.directory() + " failed (exit code "
          + process.exitValue() + "), so " + launch.server() + " is not installed; its output:\n" + output);
    }
  }

  /** Reads a child's output on a daemon thread, so the child never blocks on a full pipe. */
  private static Thread pump(String name, InputStream stream, Consumer<String> lines) {
    Thread thread = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          lines.accept(line);
        }
      } catch (IOException e) {
        // The pipe broke because the child died; there is nothing more to read.
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /** Lets a reader catch up with a child that has exited, so error messages are complete. */
  private static void join(Thread reader) {
    try {
      reader.join(OUTPUT_DRAIN_TIMEOUT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The last lines a child printed: enough for an error message, bounded in memory. */
  private static final class Tail implements Consumer<String> {
    private static final int MAX_LINES = 40;
    private final Deque<String> lines = new ArrayDeque<>();

    @Override
    public synchronized void accept(String line) {
      if (lines.size() == MAX_LINES) {
        lines.removeFirst();
      }
      lines.addLast(line);
    }

    @Override
    public synchronized String toString() {
      return lines.isEmpty() ? "(nothing)" : String.join(System.lineSeparator(), lines);
    }
  }
}
