package dev.keycond.demo;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A local, in-memory DynamoDB-compatible server: dynalite, run by Node.js from the repository's
 * {@code dynalite/} folder (package.json and package-lock.json pin it, server.js launches it).
 *
 * <p>The folder comes from the constructor, or else from the {@value #DIR_PROPERTY} system
 * property (Maven sets it for tests), or else is {@code ./dynalite}. The first start installs
 * it with {@code npm ci}, so Node.js 20 or later with npm must be on the PATH.
 *
 * <p>The server listens on a free port of 127.0.0.1. It stops on {@link #close()}, on JVM exit
 * (a shutdown hook), and even when the JVM is killed, since server.js exits once its stdin closes.
 */
public final class Dynalite implements AutoCloseable {

  /** The system property naming the dynalite folder. */
  public static final String DIR_PROPERTY = "keycond.dynalite.dir";

  private static final Logger LOG = Logger.getLogger(Dynalite.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");
  private static final Pattern LISTENING = Pattern.compile("LISTENING (\\d+)");
  private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration OUTPUT_DRAIN_TIMEOUT = Duration.ofSeconds(2);

  private final Process process;
  private final int port;
  private final Thread shutdownHook = new Thread(this::stop, "dynalite-shutdown");
  private final AtomicBoolean stopped = new AtomicBoolean();

  /** Starts dynalite from the folder named by {@value #DIR_PROPERTY}, or {@code ./dynalite}. */
  public Dynalite() throws IOException {
    this(Path.of(System.getProperty(DIR_PROPERTY, "dynalite")));
  }

  /** Starts dynalite from {@code directory}, installing its node_modules first if needed. */
  public Dynalite(Path directory) throws IOException {
    Path dir = directory.toAbsolutePath().normalize();
    if (!Files.isRegularFile(dir.resolve("server.js"))) {
      throw new IOException("No dynalite launcher (server.js) in " + dir
          + "; point the " + DIR_PROPERTY + " system property at the repository's dynalite folder");
    }
    installIfNeeded(dir);
    process = run(dir, List.of("node", "server.js"), false);
    port = awaitPort(process);
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    LOG.fine(() -> "dynalite listening at " + endpoint());
  }

  /**
   * An SDK client for a local DynamoDB-compatible server (dynalite or LocalStack), which checks
   * that requests are signed but not by whom.
   */
  public static DynamoDbClient client(String endpoint) {
    return DynamoDbClient.builder()
        .endpointOverride(URI.create(endpoint))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("keycond", "keycond")))
        // The only HTTP client in the driver: the build excludes the Apache and Netty ones.
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .build();
  }

  /** The URL to give the SDK or the JDBC driver, {@code http://127.0.0.1:<port>}. */
  public String endpoint() {
    return "http://127.0.0.1:" + port;
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

  @Override
  public String toString() {
    return "Dynalite[" + endpoint() + "]";
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
    // Closing stdin alone would stop server.js; destroying too keeps close() prompt regardless.
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

  /** Waits for server.js to print {@code LISTENING <port>}; kills it if that does not happen. */
  private static int awaitPort(Process server) throws IOException {
    CompletableFuture<Integer> port = new CompletableFuture<>();
    Tail stderr = new Tail();
    Thread stderrReader = pump("dynalite-stderr", server.getErrorStream(), stderr);
    // stdout is read to its end, not just to the LISTENING line, so the child never blocks on it.
    pump("dynalite-stdout", server.getInputStream(), line -> {
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
      throw new IOException("dynalite exited with code " + server.exitValue()
          + " before listening; its stderr:\n" + stderr);
    } catch (TimeoutException e) {
      server.destroyForcibly();
      join(stderrReader);
      throw new IOException("dynalite did not report LISTENING within "
          + START_TIMEOUT.toSeconds() + " s; its stderr:\n" + stderr);
    } catch (InterruptedException e) {
      server.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while starting dynalite");
    }
  }

  /**
   * Runs {@code npm ci} unless node_modules already holds the dynalite version package.json pins.
   * Serialized across threads and JVMs (Maven may build modules in parallel), since two npm runs
   * in one folder would corrupt each other.
   */
  private static synchronized void installIfNeeded(Path dir) throws IOException {
    Path lockFile = Path.of(System.getProperty("java.io.tmpdir"),
        "keycond-dynalite-" + Integer.toHexString(dir.toString().hashCode()) + ".lock");
    try (FileChannel channel =
        FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.lock(); // released when the channel closes
      if (!installed(dir)) {
        install(dir);
      }
    }
  }

  private static boolean installed(Path dir) throws IOException {
    Path installed = dir.resolve("node_modules").resolve("dynalite").resolve("package.json");
    if (!Files.isRegularFile(installed)) {
      return false;
    }
    String pinned = JSON.readTree(dir.resolve("package.json").toFile())
        .path("dependencies").path("dynalite").asText();
    return pinned.equals(JSON.readTree(installed.toFile()).path("version").asText());
  }

  private static void install(Path dir) throws IOException {
    // npm ci installs exactly the lockfile; npm install is only for a folder without one.
    String command = Files.isRegularFile(dir.resolve("package-lock.json")) ? "ci" : "install";
    List<String> npm = List.of(WINDOWS ? "npm.cmd" : "npm", command, "--no-audit", "--no-fund");
    LOG.info(() -> "Installing dynalite: " + String.join(" ", npm) + " in " + dir);
    Process process = run(dir, npm, true);
    Tail output = new Tail();
    Thread reader = pump("npm-output", process.getInputStream(), output);
    try {
      if (!process.waitFor(INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        join(reader);
        throw new IOException("npm " + command + " in " + dir + " did not finish within "
            + INSTALL_TIMEOUT.toMinutes() + " min; its output:\n" + output);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while installing dynalite");
    }
    join(reader);
    if (process.exitValue() != 0 || !installed(dir)) {
      throw new IOException("npm " + command + " in " + dir + " failed (exit code "
          + process.exitValue() + "); its output:\n" + output);
    }
  }

  private static Process run(Path dir, List<String> command, boolean mergeStderr)
      throws IOException {
    try {
      return new ProcessBuilder(command)
          .directory(dir.toFile())
          .redirectErrorStream(mergeStderr)
          .start();
    } catch (IOException e) {
      throw new IOException("Cannot run '" + command.get(0) + "' (" + e.getMessage()
          + "): dynalite needs Node.js 20 or later, with npm, on the PATH", e);
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
