package dev.keycond.testing;

import dev.keycond.demo.DemoData;
import dev.keycond.demo.Dynalite;
import dev.keycond.demo.RecordingProxy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The demo's data (the README's files, workspaces and projects, and the unmapped Events table) in
 * one dynalite per test JVM, reached through a {@link RecordingProxy} so tests can see, and slow
 * down, every request.
 *
 * <p>Tests that assert on {@link #requests()} must not run concurrently with other DynamoDB work;
 * Surefire runs test classes one after another here.
 */
public final class DemoDatabase {
  private static DemoDatabase instance;

  private final Path mapping;
  private final RecordingProxy proxy;
  private final Queue<RecordingProxy.Request> requests = new ConcurrentLinkedQueue<>();
  private volatile Duration delay = Duration.ZERO;
  private volatile HeldRequests held;

  private DemoDatabase(Dynalite dynalite) throws IOException {
    DemoData.install(dynalite.endpoint());
    mapping = Files.createTempFile("keycond-demo-mapping", ".json");
    mapping.toFile().deleteOnExit();
    DemoData.writeMapping(mapping);
    proxy = new RecordingProxy(dynalite.endpoint(), this::observe);
  }

  /** The JVM's database, started on first use; dynalite stops when the JVM exits. */
  public static synchronized DemoDatabase get() {
    if (instance == null) {
      try {
        instance = new DemoDatabase(new Dynalite());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return instance;
  }

  private void observe(RecordingProxy.Request request) {
    requests.add(request);
    HeldRequests hold = held;
    if (hold != null) {
      hold.hold();
    }
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The connection URL, with the mapping and {@code extra} properties ({@code "scan=allow"}). */
  public String url(String... extra) {
    return urlThrough(proxy.endpoint(), extra);
  }

  /** The endpoint that reaches the database, recording every request. */
  public String endpoint() {
    return proxy.endpoint();
  }

  /** {@link #url} with another endpoint, such as a proxy in front of {@link #endpoint()}. */
  public String urlThrough(String endpoint, String... extra) {
    StringBuilder url = new StringBuilder("jdbc:keycond:region=us-east-1;endpoint=" + endpoint
        + ";user=test;password=test;mapping=" + mapping);
    for (String property : extra) {
      url.append(';').append(property);
    }
    return url.toString();
  }

  public Connection connect(String... extra) throws SQLException {
    return DriverManager.getConnection(url(extra));
  }

  /** Every request since the last {@link #clearRequests()}, oldest first. */
  public List<RecordingProxy.Request> requests() {
    return List.copyOf(requests);
  }

  /** The item reads among {@link #requests()}: no DescribeTable, DescribeTimeToLive or ListTables. */
  public List<RecordingProxy.Request> dataRequests() {
    return requests.stream()
        .filter(r -> !r.operation().equals("DescribeTable") && !r.operation().equals("DescribeTimeToLive")
            && !r.operation().equals("ListTables"))
        .toList();
  }

  public void clearRequests() {
    requests.clear();
  }

  /** Holds every request from now until the returned hold is closed. */
  public HeldRequests holdRequests() {
    HeldRequests hold = new HeldRequests(() -> held = null);
    held = hold;
    return hold;
  }

  /** Holds every request this long before it reaches the server; ZERO to stop. */
  public void delayRequests(Duration delay) {
    this.delay = delay;
  }
}
