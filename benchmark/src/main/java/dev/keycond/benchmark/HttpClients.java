package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.ToDoubleFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The point read by the whole key, through the raw SDK on every synchronous HTTP client
 * ({@link HttpStack}) and through keycond as a framework calls it ({@code prepareStatement}, bind,
 * execute, read, close on every call), in one run: the latency of one call on one thread, rounds
 * rotating the order; then the throughput of 1, 8 and 32 threads sharing one raw client or one
 * keycond connection, passes rotating the order, medians of the passes. Every keycond figure is
 * set against the fastest raw client of the same measure, which is named.
 */
final class HttpClients implements Measurement {
  static final String SQL = "SELECT size FROM files WHERE account = ? AND path = ?";
  private static final int WARM_UP_ROUNDS = 300;
  private static final int ROUNDS = 300;
  private static final int[] THREADS = {1, 8, 32};
  private static final int PASSES = 3;
  private static final long WARM_UP_MILLIS = 300;
  private static final long MEASURED_MILLIS = 1_500;
  private static final String KEYCOND = "keycond, prepareStatement + bind + execute + read + close per call";

  /** One way of reading a photo's size by its key; safe to call from many threads at once. */
  private interface PointRead {
    long size(int photo) throws Exception;
  }

  private final String endpoint;

  HttpClients(String endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public Section run() throws Exception {
    Map<String, PointRead> ways = new LinkedHashMap<>();
    Map<String, WireCost> costs = new LinkedHashMap<>();
    List<DynamoDbClient> clients = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint))) {
      for (HttpStack stack : HttpStack.values()) {
        DynamoDbClient client = RawSdk.client(endpoint, stack);
        clients.add(client);
        ways.put(raw(stack), photo -> getItem(client, photo));
      }
      ways.put(KEYCOND, photo -> framework(connection, photo));
      for (Map.Entry<String, PointRead> way : ways.entrySet()) {
        costs.put(way.getKey(), WireCost.of(() -> way.getValue().size(0) == 100_000 ? 1 : 0));
        WireCost.checkSameRows("point read, " + way.getKey(), costs.get(way.getKey()), costs.get(raw(HttpStack.URL_CONNECTION)));
      }
      Map<String, List<Double>> latency = latency(ways);
      Map<Integer, Map<String, Double>> throughput = new LinkedHashMap<>();
      for (int threads : THREADS) {
        throughput.put(threads, throughput(ways, threads));
      }
      return report(latency, throughput, costs);
    } finally {
      clients.forEach(DynamoDbClient::close);
    }
  }

  private static String raw(HttpStack stack) {
    return "raw SDK `GetItem`, " + stack.label;
  }

  private static long getItem(DynamoDbClient client, int photo) {
    Map<String, AttributeValue> item = client.getItem(GetItemRequest.builder()
        .tableName(FilesTable.SOURCE)
        .key(Map.of("PK", AttributeValue.fromS(FilesTable.PARTITION), "SK", AttributeValue.fromS(DriveTree.photo(photo))))
        .projectionExpression("#size")
        .expressionAttributeNames(Map.of("#size", "size"))
        .build()).item();
    return Long.parseLong(item.get("size").n());
  }

  private static long framework(Connection connection, int photo) throws Exception {
    try (PreparedStatement statement = connection.prepareStatement(SQL)) {
      statement.setString(1, FilesTable.ACCOUNT);
      statement.setString(2, DriveTree.photo(photo));
      try (ResultSet rows = statement.executeQuery()) {
        if (!rows.next()) {
          throw new IllegalStateException("No row for " + DriveTree.photo(photo));
        }
        return rows.getLong(1);
      }
    }
  }

  /** Milliseconds of each measured call, every way once a round, the order rotating. */
  private static Map<String, List<Double>> latency(Map<String, PointRead> ways) throws Exception {
    List<String> names = List.copyOf(ways.keySet());
    Map<String, List<Double>> times = new LinkedHashMap<>();
    names.forEach(name -> times.put(name, new ArrayList<>()));
    for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      for (int k = 0; k < names.size(); k++) {
        String name = names.get((round + k) % names.size());
        long start = System.nanoTime();
        ways.get(name).size(round);
        double millis = (System.nanoTime() - start) / 1e6;
        if (round >= WARM_UP_ROUNDS) {
          times.get(name).add(millis);
        }
      }
    }
    return times;
  }

  /** Reads a second by {@code threads} threads sharing each way, the median of {@link #PASSES} passes. */
  private static Map<String, Double> throughput(Map<String, PointRead> ways, int threads) throws Exception {
    List<String> names = List.copyOf(ways.keySet());
    Map<String, List<Double>> passes = new LinkedHashMap<>();
    names.forEach(name -> passes.put(name, new ArrayList<>()));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int pass = 0; pass < PASSES; pass++) {
        for (int k = 0; k < names.size(); k++) {
          String name = names.get((pass + k) % names.size());
          passes.get(name).add(readsPerSecond(ways.get(name), threads, pool));
        }
      }
    } finally {
      pool.shutdown();
    }
    Map<String, Double> medians = new LinkedHashMap<>();
    passes.forEach((name, values) -> medians.put(name, Stats.median(values)));
    return medians;
  }

  private static double readsPerSecond(PointRead way, int threads, ExecutorService pool) throws Exception {
    AtomicBoolean counting = new AtomicBoolean();
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch ready = new CountDownLatch(threads);
    List<Future<Long>> counts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int first = t * 97;
      counts.add(pool.submit(() -> {
        ready.countDown();
        long reads = 0;
        for (int n = first; !stop.get(); n++) {
          way.size(n);
          if (counting.get()) {
            reads++;
          }
        }
        return reads;
      }));
    }
    ready.await();
    Thread.sleep(WARM_UP_MILLIS);
    long start = System.nanoTime();
    counting.set(true);
    Thread.sleep(MEASURED_MILLIS);
    counting.set(false);
    double seconds = (System.nanoTime() - start) / 1e9;
    stop.set(true);
    long reads = 0;
    for (Future<Long> count : counts) {
      reads += count.get();
    }
    return reads / seconds;
  }

  private static Section report(Map<String, List<Double>> latency, Map<Integer, Map<String, Double>> throughput,
      Map<String, WireCost> costs) throws Exception {
    HttpStack fastest = fastest(stack -> -Stats.median(latency.get(raw(stack))));
    double rawMedian = Stats.median(latency.get(raw(fastest)));
    StringBuilder md = new StringBuilder("### HTTP clients: the point read on each, and keycond's framework-style call\n\n")
        .append("`").append(SQL).append("` with a photo's account and path, through a connection that prepares, binds, ")
        .append("executes, reads and closes on every call (as Spring's `JdbcTemplate`, MyBatis or Hibernate without a ")
        .append("statement cache do), against the raw SDK's `GetItem` of the same item with the same projection on each ")
        .append("synchronous HTTP client, every client built with its builder's defaults and keycond's timeouts. ")
        .append("Latency: ").append(WARM_UP_ROUNDS).append(" warm-up rounds, then ").append(ROUNDS)
        .append(" rounds, each calling every way once in a rotating order. Throughput: 1, 8 and 32 threads sharing ")
        .append("one raw client or one keycond `Connection`, ").append(MEASURED_MILLIS).append(" ms counted after ")
        .append(WARM_UP_MILLIS).append(" ms of warm-up, the median of ").append(PASSES)
        .append(" passes that rotate the order of the ways. Load average (1 min) at the end: ")
        .append(Machine.loadAverage()).append(".\n\n")
        .append("| way | median | p90 | / fastest raw | requests | RCUs |\n|---|---|---|---|---|---|\n");
    for (Map.Entry<String, List<Double>> way : latency.entrySet()) {
      double median = Stats.median(way.getValue());
      md.append("| ").append(way.getKey()).append(" | ").append(Stats.ms(median))
          .append(" | ").append(Stats.ms(Stats.percentile(way.getValue(), 90)))
          .append(" | ").append(Stats.ratio(median, rawMedian))
          .append(" | ").append(costs.get(way.getKey()).requestText())
          .append(" | ").append(costs.get(way.getKey()).capacityText()).append(" |\n");
    }
    md.append("\nReads a second (/ the fastest raw client at the same number of threads):\n\n| way |");
    for (int threads : THREADS) {
      md.append(' ').append(threads).append(threads == 1 ? " thread |" : " threads |");
    }
    md.append("\n|---|").append("---|".repeat(THREADS.length)).append('\n');
    Map<Integer, HttpStack> fastestAt = new LinkedHashMap<>();
    for (int threads : THREADS) {
      Map<String, Double> at = throughput.get(threads);
      fastestAt.put(threads, fastest(stack -> at.get(raw(stack))));
    }
    for (String way : latency.keySet()) {
      md.append("| ").append(way).append(" |");
      for (int threads : THREADS) {
        double best = throughput.get(threads).get(raw(fastestAt.get(threads)));
        double reads = throughput.get(threads).get(way);
        md.append(String.format(Locale.ROOT, " %,.0f (%s) |", reads, Stats.ratio(reads, best)));
      }
      md.append('\n');
    }
    md.append("\nThe jars each client adds to the SDK's own (what an application ships for it):\n\n")
        .append("| client | jars | size |\n|---|---|---|\n");
    for (HttpStack stack : HttpStack.values()) {
      List<Path> jars = jars(stack);
      long bytes = 0;
      for (Path jar : jars) {
        bytes += Files.size(jar);
      }
      md.append("| ").append(stack.label).append(" | ")
          .append(String.join(", ", jars.stream().map(j -> "`" + j.getFileName() + "`").toList()))
          .append(" | ").append(Stats.megabytes(bytes)).append(" |\n");
    }
    List<SummaryRow> summary = new ArrayList<>();
    summary.add(SummaryRow.of("framework-style point read (prepare, bind, execute, read, close), 1 thread (raw: "
        + fastest.label + ", the fastest)", Stats.median(latency.get(KEYCOND)), rawMedian,
        Stats.ms(Stats.median(latency.get(KEYCOND))), Stats.ms(rawMedian), new Target.Ratio(1.15),
        costs.get(KEYCOND), costs.get(raw(fastest))));
    for (int threads : new int[] {8, 32}) {
      HttpStack best = fastestAt.get(threads);
      double keycond = throughput.get(threads).get(KEYCOND);
      double raw = throughput.get(threads).get(raw(best));
      summary.add(SummaryRow.of("framework-style point reads a second, " + threads + " threads on one connection (raw: "
          + best.label + ", the fastest)", keycond, raw, String.format(Locale.ROOT, "%,.0f/s", keycond),
          String.format(Locale.ROOT, "%,.0f/s", raw), threads == 8 ? new Target.AtLeast(0.9) : new Target.None(),
          costs.get(KEYCOND), costs.get(raw(best))));
    }
    return new Section(md.toString(), summary);
  }

  /** The raw client with the highest score. */
  private static HttpStack fastest(ToDoubleFunction<HttpStack> score) {
    return Arrays.stream(HttpStack.values()).max(Comparator.comparingDouble(score)).orElseThrow();
  }

  private static List<Path> jars(HttpStack stack) {
    List<Path> jars = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.endsWith(".jar") && stack.owns(entry.replace(File.separatorChar, '/'))) {
        jars.add(Path.of(entry));
      }
    }
    return jars;
  }
}
