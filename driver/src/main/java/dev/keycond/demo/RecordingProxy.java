package dev.keycond.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * An HTTP pass-through in front of a DynamoDB endpoint that reports every request on its way.
 *
 * <p>It sees what really goes over the wire, whoever sends it, so the demo can say how many
 * requests a statement cost without any hook inside the driver. Tests use the same view to check
 * request parameters, or to slow the server down.
 */
public final class RecordingProxy implements AutoCloseable {
  /** One DynamoDB call: the operation (such as {@code Query}) and its JSON body. */
  public record Request(String operation, String body) {}

  /** Headers that the HTTP client computes itself and refuses to be given. */
  private static final Set<String> RESTRICTED =
      Set.of("host", "content-length", "connection", "expect", "upgrade", "transfer-encoding");
  private static final String TARGET_PREFIX = "DynamoDB_20120810.";

  private final URI target;
  private final Consumer<Request> observer;
  private final HttpServer server;
  private final ExecutorService threads;
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /**
   * Starts listening on a free port of 127.0.0.1.
   *
   * @param target the endpoint to forward to, such as {@link Dynalite#endpoint()}
   * @param observer called with each request before it is forwarded, on the request's thread
   */
  public RecordingProxy(String target, Consumer<Request> observer) throws IOException {
    this(target, 0, observer);
  }

  /**
   * Starts listening on {@code port} of 127.0.0.1.
   *
   * @param port the port, or 0 for a free one
   * @throws java.net.BindException when the port is taken
   */
  public RecordingProxy(String target, int port, Consumer<Request> observer) throws IOException {
    this.target = URI.create(target);
    this.observer = observer;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    // The driver may send several requests at once (fan-out), so each gets a thread.
    this.threads = Executors.newCachedThreadPool(r -> {
      Thread thread = new Thread(r, "recording-proxy");
      thread.setDaemon(true);
      return thread;
    });
    server.setExecutor(threads);
    server.createContext("/", this::forward);
    server.start();
  }

  /** The URL to give the driver instead of the target's. */
  public String endpoint() {
    return "http://127.0.0.1:" + port();
  }

  /** The port it listens on. */
  public int port() {
    return server.getAddress().getPort();
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      String amzTarget = exchange.getRequestHeaders().getFirst("X-Amz-Target");
      String operation = amzTarget != null && amzTarget.startsWith(TARGET_PREFIX)
          ? amzTarget.substring(TARGET_PREFIX.length()) : String.valueOf(amzTarget);
      observer.accept(new Request(operation, new String(body, StandardCharsets.UTF_8)));

      HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI()))
          .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
      for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
        if (!RESTRICTED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
          header.getValue().forEach(value -> request.header(header.getKey(), value));
        }
      }
      HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      response.headers().map().forEach((name, values) -> {
        if (!RESTRICTED.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
          exchange.getResponseHeaders().put(name, values);
        }
      });
      byte[] responseBody = response.body();
      exchange.sendResponseHeaders(response.statusCode(), responseBody.length == 0 ? -1 : responseBody.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(responseBody);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while forwarding to " + target, e);
    }
  }

  /**
   * Stops listening before it returns. The JDK's server closes its socket only once its dispatcher
   * thread has ended, which {@code stop} waits for, unless the calling thread is interrupted (the
   * demo's is, when it is stopped): then the port could still accept connections for a moment after
   * the demo said it had stopped. So the interrupt is set aside while stopping, and kept.
   */
  @Override
  public void close() {
    boolean interrupted = Thread.interrupted();
    try {
      server.stop(0);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    threads.shutdownNow();
  }
}
