package dev.keycond.workbench;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.keycond.jdbc.KeycondConnection;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The workbench's HTTP server: the JDK's own, bound to 127.0.0.1, answering one request at a time
 * (the connection runs one statement at a time). It serves the page and its assets from the jar and
 * the JSON API of {@link WorkbenchApi}, each request first passed by the {@link AccessGuard}.
 */
public final class WorkbenchServer implements AutoCloseable {
  private static final String ASSETS = "/dev/keycond/workbench/";
  /** The page's assets, by the name the page asks for, with their media types. */
  private static final Map<String, String> ASSET_TYPES = Map.of(
      "app.js", "text/javascript", "dom.js", "text/javascript", "slice.js", "text/javascript",
      "mapping.js", "text/javascript", "style.css", "text/css");
  private static final long MOST_BODY_BYTES = 1 << 20;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService executor;
  private final AccessGuard guard;
  private final WorkbenchApi api;

  private WorkbenchServer(HttpServer server, AccessGuard guard, WorkbenchApi api) {
    this.server = server;
    this.guard = guard;
    this.api = api;
    this.executor = Executors.newSingleThreadExecutor(runnable -> new Thread(runnable, "keycond-workbench"));
    server.setExecutor(executor);
    server.createContext("/", this::handle);
  }

  /**
   * Starts the workbench over an open connection, which it uses until {@link #close()}.
   *
   * @param port 0 for a free port
   */
  public static WorkbenchServer start(KeycondConnection connection, int port) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    WorkbenchServer workbench = new WorkbenchServer(server,
        AccessGuard.withRandomToken(server.getAddress().getPort()), new WorkbenchApi(connection, WorkbenchApi.PAGE_ROWS));
    server.start();
    return workbench;
  }

  /** The page's address, with its token: {@code http://127.0.0.1:<port>/?token=...}. */
  public String address() {
    return guard.origin() + "/?token=" + guard.token();
  }

  /** The header the page's requests carry the token in, for programs that call the API. */
  public static String tokenHeader() {
    return AccessGuard.TOKEN_HEADER;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      boolean pageLoad = !path.startsWith("/api/");
      Optional<AccessGuard.Refusal> refusal = guard.check(new AccessGuard.Request(exchange.getRequestMethod(),
          exchange.getRemoteAddress(), header(exchange, "Host"), header(exchange, "Origin"),
          queryParameter(exchange, "token"), header(exchange, AccessGuard.TOKEN_HEADER)), pageLoad);
      if (refusal.isPresent()) {
        send(exchange, refusal.get().status(), "text/plain", refusal.get().reason().getBytes(UTF_8));
        return;
      }
      boolean post = exchange.getRequestMethod().equals("POST");
      if (!pageLoad) {
        api(exchange, path, post);
      } else if (post) {
        send(exchange, 405, "text/plain", "the page and its assets are read with GET".getBytes(UTF_8));
      } else if (path.equals("/")) {
        page(exchange);
      } else {
        asset(exchange, path);
      }
    } catch (RuntimeException e) {
      // A fault of the workbench itself: its message could name anything, so the page gets none.
      send(exchange, 500, "text/plain", "the workbench failed to answer".getBytes(UTF_8));
    }
  }

  private void api(HttpExchange exchange, String path, boolean post) throws IOException {
    if (path.equals("/api/mapping") && !post) {
      json(exchange, api.mapping());
      return;
    }
    if (!post) {
      send(exchange, 405, "text/plain", "the API takes a POST here".getBytes(UTF_8));
      return;
    }
    JsonNode body;
    try {
      body = body(exchange);
    } catch (IOException e) {
      send(exchange, 400, "text/plain", "the API takes a JSON object of at most 1 MB".getBytes(UTF_8));
      return;
    }
    String sql = body.path("sql").asText("");
    ObjectNode answer = switch (path) {
      case "/api/run" -> api.run(sql, body.path("confirm").asBoolean(false));
      case "/api/page" -> api.page(body.path("cursor").asLong(-1));
      case "/api/explain" -> api.explain(sql);
      case "/api/slice" -> api.slices(sql);
      default -> null;
    };
    if (answer == null) {
      send(exchange, 404, "text/plain", "no such API".getBytes(UTF_8));
    } else {
      json(exchange, answer);
    }
  }

  private static JsonNode body(HttpExchange exchange) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      byte[] bytes = in.readNBytes((int) MOST_BODY_BYTES + 1);
      if (bytes.length > MOST_BODY_BYTES) {
        throw new IOException("request body over " + MOST_BODY_BYTES + " bytes");
      }
      return bytes.length == 0 ? JSON.createObjectNode() : JSON.readTree(bytes);
    }
  }

  /** The page, with its token and a fresh nonce for its one inline script, the import map. */
  private void page(HttpExchange exchange) throws IOException {
    byte[] nonceBytes = new byte[16];
    new SecureRandom().nextBytes(nonceBytes);
    String nonce = Base64.getEncoder().encodeToString(nonceBytes);
    String html = new String(resource("index.html"), UTF_8).replace("{{token}}", guard.token())
        .replace("{{nonce}}", nonce);
    exchange.getResponseHeaders().set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'nonce-"
        + nonce + "'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    send(exchange, 200, "text/html; charset=utf-8", html.getBytes(UTF_8));
  }

  private void asset(HttpExchange exchange, String path) throws IOException {
    String name = path.startsWith("/assets/") ? path.substring("/assets/".length()) : "";
    String type = ASSET_TYPES.get(name);
    if (type == null) {
      send(exchange, 404, "text/plain", "no such asset".getBytes(UTF_8));
      return;
    }
    send(exchange, 200, type + "; charset=utf-8", resource(name));
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = WorkbenchServer.class.getResourceAsStream(ASSETS + name)) {
      if (in == null) {
        throw new IOException("the jar lacks the workbench's " + name);
      }
      return in.readAllBytes();
    }
  }

  private static void json(HttpExchange exchange, JsonNode answer) throws IOException {
    send(exchange, 200, "application/json", JSON.writeValueAsBytes(answer));
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    exchange.getResponseHeaders().set("X-Frame-Options", "DENY");
    // The page's address holds the token: no request the page makes may carry it elsewhere.
    exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static Optional<String> header(HttpExchange exchange, String name) {
    return Optional.ofNullable(exchange.getRequestHeaders().getFirst(name));
  }

  private static Optional<String> queryParameter(HttpExchange exchange, String name) {
    String query = exchange.getRequestURI().getRawQuery();
    if (query == null) {
      return Optional.empty();
    }
    return Arrays.stream(query.split("&")).filter(pair -> pair.startsWith(name + "="))
        .map(pair -> URLDecoder.decode(pair.substring(name.length() + 1), UTF_8)).findFirst();
  }

  /** Stops answering, closes the open result, and leaves the connection to its owner. */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
    try {
      api.close();
    } catch (SQLException e) {
      // The result's statement belongs to the connection, which its owner closes next.
    }
  }
}
