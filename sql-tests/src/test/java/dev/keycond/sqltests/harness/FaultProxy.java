package dev.keycond.sqltests.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * An HTTP proxy in front of a DynamoDB endpoint (the test dynalite) that fails chosen requests the
 * way networks and DynamoDB fail them: throttling, a 500, a connection reset before or within the
 * answer, a truncated or stalled body, no answer at all, part of a batch left unprocessed.
 *
 * <p>It works on the wire, below the SDK, so the SDK's retries, timeouts and checksums, and
 * keycond's handling of what they give up on, all run as they do against DynamoDB. A request no
 * armed fault claims is forwarded unchanged and its answer returned unchanged.
 *
 * <pre>{@code
 * try (FaultProxy proxy = FaultProxy.start(server.endpoint())) {
 *   Connection connection = DriverManager.getConnection(
 *       "jdbc:keycond:region=us-east-1;endpoint=" + proxy.endpoint() + ";...");
 *   // Every attempt of every Query is throttled: the SDK's retries are spent.
 *   ArmedFault throttled = proxy.arm(Trigger.on("Query"), Fault.throttle());
 *   // Only the first request for a Query's second page (or later one) is reset: the SDK retries it.
 *   proxy.arm(Trigger.on("Query").laterPages().first(1), Fault.resetMidBody());
 *   // The second BatchWriteItem comes back with half its items unprocessed.
 *   proxy.arm(Trigger.on("BatchWriteItem").nth(2), Fault.unprocessed());
 *   ...
 *   assertEquals(9, throttled.fired());
 *   proxy.disarmAll();
 * }
 * }</pre>
 *
 * <p>Each request is one HTTP attempt: a trigger counts the SDK's retries one by one (see
 * {@link Trigger}). When several armed faults match a request, the one armed first applies, and
 * the others do not count that request. Arm faults after connecting, so that the connection's
 * DescribeTable and DescribeTimeToLive pass, or aim them at those operations to test connecting.
 *
 * <p>{@link #requests()} lists every request received and what was done to it. The proxy handles
 * each connection on a thread of its own, so concurrent requests (a fan-out) all get through.
 */
public final class FaultProxy implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String THROTTLE_TYPE = "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException";
  private static final String THROTTLE_MESSAGE = "The level of configured provisioned throughput for the table was "
      + "exceeded. Consider increasing your provisioning level with the UpdateTable API.";
  private static final String SERVER_ERROR_TYPE = "com.amazonaws.dynamodb.v20120810#InternalServerError";
  /** Headers that the JDK's HTTP client computes itself and refuses to be given. */
  private static final Set<String> RESTRICTED =
      Set.of("host", "content-length", "connection", "expect", "upgrade", "transfer-encoding");

  private final URI target;
  private final ServerSocket listener;
  private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "fault-proxy");
    thread.setDaemon(true);
    return thread;
  });
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final List<ArmedFault> armed = new CopyOnWriteArrayList<>();
  private final Queue<ProxiedRequest> requests = new ConcurrentLinkedQueue<>();
  /** The requests received as they came over the wire, beside {@link #requests}. */
  private final Queue<WireRequest> received = new ConcurrentLinkedQueue<>();
  private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  private FaultProxy(URI target, ServerSocket listener) {
    this.target = target;
    this.listener = listener;
  }

  /**
   * Starts listening on a free port of 127.0.0.1.
   *
   * @param target the endpoint to forward to, such as {@link DynamoServer#endpoint()}
   */
  public static FaultProxy start(String target) {
    try {
      FaultProxy proxy = new FaultProxy(URI.create(target), new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
      proxy.threads.execute(proxy::accept);
      return proxy;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The URL to give the driver instead of the target's. */
  public String endpoint() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  /** Applies {@code fault} to the requests {@code trigger} selects, from now on. */
  public ArmedFault arm(Trigger trigger, Fault fault) {
    ArmedFault armedFault = new ArmedFault(trigger, fault);
    armed.add(armedFault);
    return armedFault;
  }

  /** Lets every request through again. Requests already stalled or hanging stay so. */
  public void disarmAll() {
    armed.clear();
  }

  /**
   * The bodies (DynamoDB JSON) of the requests of one operation received since the proxy started or
   * {@link #clearRequests()}, oldest first: each SDK attempt as it went over the wire.
   */
  public List<String> bodies(String operation) {
    return received.stream().filter(r -> r.operation().equals(operation))
        .map(r -> new String(r.body(), java.nio.charset.StandardCharsets.UTF_8)).toList();
  }

  /** Every request received since the proxy started or {@link #clearRequests()}, oldest first. */
  public List<ProxiedRequest> requests() {
    return List.copyOf(requests);
  }

  /** The requests of one operation among {@link #requests()}. */
  public List<ProxiedRequest> requests(String operation) {
    return requests.stream().filter(r -> r.operation().equals(operation)).toList();
  }

  /** How many client connections are open now: those the proxy accepted and neither side has closed. */
  public int openConnections() {
    return connections.size();
  }

  public void clearRequests() {
    requests.clear();
    received.clear();
  }

  /** What a test leaves the next: every request let through again, and none remembered. */
  public void reset() {
    disarmAll();
    clearRequests();
  }

  /** Stops listening and drops every connection, stalled and hanging ones included. */
  @Override
  public void close() {
    closed = true;
    try {
      listener.close();
    } catch (IOException e) {
      // Closing: nothing more to listen to.
    }
    for (Socket connection : connections) {
      closeQuietly(connection);
    }
    threads.shutdownNow();
  }

  private void accept() {
    while (!closed) {
      try {
        Socket connection = listener.accept();
        connections.add(connection);
        threads.execute(() -> serve(connection));
      } catch (IOException e) {
        // The listener was closed: the proxy is done.
        return;
      } catch (RejectedExecutionException e) {
        // A client connected while the proxy closed: its threads are gone, so is the client's answer.
        connections.forEach(FaultProxy::closeQuietly);
        return;
      }
    }
  }

  /** Serves the requests of one client connection, one after another, until it closes. */
  private void serve(Socket connection) {
    try (connection) {
      InputStream in = new BufferedInputStream(connection.getInputStream());
      OutputStream out = connection.getOutputStream();
      for (Optional<WireRequest> request = WireRequest.read(in); request.isPresent(); request = WireRequest.read(in)) {
        if (!answer(request.get(), connection, in, out)) {
          return;
        }
      }
    } catch (IOException | InterruptedException e) {
      // The client went, a fault ended the connection, or the proxy closed.
    } finally {
      connections.remove(connection);
    }
  }

  /**
   * Answers one request, faulty or not.
   *
   * @return whether the connection can carry another request
   */
  private boolean answer(WireRequest request, Socket connection, InputStream in, OutputStream out)
      throws IOException, InterruptedException {
    String operation = request.operation();
    boolean laterPage = carriesStartKey(request);
    Optional<Fault> fault = armed.stream().filter(a -> a.claims(operation, laterPage)).findFirst().map(ArmedFault::fault);
    requests.add(new ProxiedRequest(operation, laterPage, fault));
    received.add(request);
    if (fault.isEmpty()) {
      send(out, forward(request));
      return true;
    }
    Fault f = fault.get();
    if (f instanceof Fault.Throttle) {
      send(out, WireResponse.dynamoError(400, THROTTLE_TYPE, THROTTLE_MESSAGE));
    } else if (f instanceof Fault.ServerError) {
      send(out, WireResponse.dynamoError(500, SERVER_ERROR_TYPE, "Internal server error"));
    } else if (f instanceof Fault.ResetBeforeResponse) {
      forward(request);
      reset(connection);
      return false;
    } else if (f instanceof Fault.ResetMidBody) {
      sendHalf(out, forward(request));
      reset(connection);
      return false;
    } else if (f instanceof Fault.TruncatedBody) {
      sendHalf(out, forward(request));
      connection.shutdownOutput();
      return false;
    } else if (f instanceof Fault.StallMidBody stall) {
      WireResponse response = forward(request);
      sendHalf(out, response);
      pause(stall.pause());
      byte[] body = response.body();
      out.write(body, body.length / 2, body.length - body.length / 2);
      out.flush();
    } else if (f instanceof Fault.Hang) {
      // Nothing is sent. The wait ends when the client hangs up, or the proxy closes the connection.
      while (in.read() >= 0) {
        // A client that gave up sends nothing more; whatever comes is dropped.
      }
      return false;
    } else if (f instanceof Fault.Unprocessed) {
      send(out, unprocessed(request));
    } else if (f instanceof Fault.CancelFirstAction cancel) {
      send(out, cancelled(request, cancel));
    }
    return true;
  }

  private WireResponse unprocessed(WireRequest request) throws IOException, InterruptedException {
    if (!BatchSplit.applies(request.operation())) {
      return forward(request);
    }
    BatchSplit split = BatchSplit.of(request.operation(), request.body());
    if (split.forwarded().isEmpty()) {
      WireResponse empty = new WireResponse(200, List.of(Map.entry("Content-Type", "application/x-amz-json-1.0")),
          new byte[0]);
      return empty.withBody(split.answer(Optional.empty()));
    }
    WireResponse served = forward(request.withBody(split.forwarded().get()));
    if (served.status() != 200) {
      return served;
    }
    return served.withBody(split.answer(Optional.of(served.body())));
  }

  private WireResponse forward(WireRequest request) throws IOException, InterruptedException {
    HttpRequest.Builder forwarded = HttpRequest.newBuilder(target.resolve(request.target()))
        .method(request.method(), HttpRequest.BodyPublishers.ofByteArray(request.body()));
    for (Map.Entry<String, String> header : request.headers()) {
      if (!RESTRICTED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        forwarded.header(header.getKey(), header.getValue());
      }
    }
    HttpResponse<byte[]> response = client.send(forwarded.build(), HttpResponse.BodyHandlers.ofByteArray());
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    response.headers().map().forEach((name, values) -> {
      if (!name.startsWith(":")) {
        values.forEach(value -> headers.add(Map.entry(name, value)));
      }
    });
    return new WireResponse(response.statusCode(), headers, response.body());
  }

  private static void send(OutputStream out, WireResponse response) throws IOException {
    out.write(response.head());
    out.write(response.body());
    out.flush();
  }

  /** The status, the headers (announcing the whole body) and the first half of the body. */
  private static void sendHalf(OutputStream out, WireResponse response) throws IOException {
    out.write(response.head());
    out.write(response.body(), 0, response.body().length / 2);
    out.flush();
  }

  /** Waits, unless the proxy closes first. */
  private void pause(Duration pause) throws InterruptedException {
    long end = System.nanoTime() + pause.toNanos();
    while (!closed && System.nanoTime() < end) {
      Thread.sleep(Math.min(50, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
    }
  }

  /** Ends the connection with a TCP RST rather than an orderly close. */
  private static void reset(Socket connection) throws IOException {
    connection.setSoLinger(true, 0);
    connection.close();
  }

  /** DynamoDB's cancellation of a TransactWriteItems whose first action it refuses, as {@code cancel} says. */
  private static WireResponse cancelled(WireRequest request, Fault.CancelFirstAction cancel) throws IOException {
    int actions = JSON.readTree(request.body()).path("TransactItems").size();
    ObjectNode body = JSON.createObjectNode();
    body.put("__type", "com.amazonaws.dynamodb.v20120810#TransactionCanceledException");
    List<String> codes = new ArrayList<>();
    ArrayNode reasons = body.putArray("CancellationReasons");
    for (int i = 0; i < actions; i++) {
      ObjectNode reason = reasons.addObject();
      if (i == 0) {
        reason.put("Code", cancel.code()).put("Message", cancel.message());
      } else {
        reason.put("Code", "None");
      }
      codes.add(reason.path("Code").asText());
    }
    body.put("Message", "Transaction cancelled, please refer cancellation reasons for specific reasons ["
        + String.join(", ", codes) + "]");
    return WireResponse.dynamoError(400, JSON.writeValueAsBytes(body));
  }

  private static boolean carriesStartKey(WireRequest request) {
    if (request.body().length == 0) {
      return false;
    }
    try {
      JsonNode body = JSON.readTree(request.body());
      // A later page of a Query or a Scan carries the key to start from; one of ListTables, a table name.
      return body.has("ExclusiveStartKey") || body.has("ExclusiveStartTableName");
    } catch (IOException e) {
      // Not JSON, so not a Query or Scan either.
      return false;
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Closing anyway.
    }
  }

  @Override
  public String toString() {
    return "FaultProxy[" + endpoint() + " -> " + target + ", armed " + armed + "]";
  }
}
