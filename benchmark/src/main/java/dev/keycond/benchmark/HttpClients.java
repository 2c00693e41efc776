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
import java.util.function.ToDoubleFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The point read by the whole key, through the raw SDK on every synchronous HTTP client
 * ({@link HttpStack}) and through keycond as a framework calls it ({@code prepareStatement}, bind,
 * execute, read, close on every call), in one run: the latency of one call on one thread, rounds
 * rotating the order; then the throughput of 1, 8 and 32 threads sharing one raw client, one
 * keycond connection or a HikariCP pool of 8 keycond connections, passes rotating the order,
 * medians of the passes. Every keycond figure is set against the fastest raw client of the same
 * measure, which is named; the targets hold keycond's connections with {@code consumedCapacity=none},
 * whose requests are the raw SDK's, and two rows without a target set a connection as opened by
 * default, whose requests ask for the consumed capacity, against the raw request that asks as well.
 */
final class HttpClients implements Measurement {
  static final String SQL = "SELECT size FROM files WHERE account = ? AND path = ?";
  /** Enough rounds that the medians of the two sides move less between runs than the gap the targets allow. */
  private static final int ROUNDS = 1_000;
  private static final int[] THREADS = {1, 8, 32};
  private static final String KEYCOND = "keycond, prepareStatement + bind + execute + read + close per call";
  /** keycond sending the very request of the raw SDK's {@code GetItem}: the targets' way. */
  private static final String KEYCOND_NONE = "keycond, the same call on a connection with `" + FilesTable.NOT_ASKING
      + "`";
  private static final String POOLED = "keycond, the same call on a connection with `" + FilesTable.NOT_ASKING
      + "` borrowed from a HikariCP pool of " + ConnectionPool.SIZE;
  /** Not a candidate for the fastest raw client: it sends more than a user's {@code GetItem}. */
  private static final String ASKING = "raw SDK `GetItem`, " + RawSdk.BASELINE.label + ", asking `ReturnConsumedCapacity="
      + RawSdk.AS_KEYCOND + "` as keycond's does";

  private final String endpoint;

  HttpClients(String endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public Section run() throws Exception {
    Map<String, CalledWays.Call> ways = new LinkedHashMap<>();
    Map<String, WireCost> costs = new LinkedHashMap<>();
    List<DynamoDbClient> clients = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        Connection notAsking = DriverManager.getConnection(FilesTable.jdbcUrlNotAsking(endpoint));
        ConnectionPool pool = new ConnectionPool(FilesTable.jdbcUrlNotAsking(endpoint))) {
      for (HttpStack stack : HttpStack.values()) {
        DynamoDbClient client = RawSdk.client(endpoint, stack);
        clients.add(client);
        ways.put(raw(stack), photo -> getItem(client, photo, false));
        if (stack == RawSdk.BASELINE) {
          ways.put(ASKING, photo -> getItem(client, photo, true));
        }
      }
      ways.put(KEYCOND, photo -> framework(connection, photo));
      ways.put(KEYCOND_NONE, photo -> framework(notAsking, photo));
      ways.put(POOLED, photo -> pool.borrowing(pooled -> framework(pooled, photo)));
      for (Map.Entry<String, CalledWays.Call> way : ways.entrySet()) {
        costs.put(way.getKey(), WireCost.of(() -> way.getValue().run(0) == DriveTree.photoSize(0) ? 1 : 0));
        WireCost.checkSameRows("point read, " + way.getKey(), costs.get(way.getKey()), costs.get(raw(HttpStack.URL_CONNECTION)));
      }
      Map<String, List<Double>> latency = CalledWays.latency(ways, ROUNDS);
      Map<Integer, Map<String, Double>> throughput = new LinkedHashMap<>();
      for (int threads : THREADS) {
        throughput.put(threads, CalledWays.throughput(ways, threads));
      }
      return report(latency, throughput, costs);
    } finally {
      clients.forEach(DynamoDbClient::close);
    }
  }

  private static String raw(HttpStack stack) {
    return "raw SDK `GetItem`, " + stack.label;
  }

  private static long getItem(DynamoDbClient client, int photo, boolean askCapacity) {
    Map<String, AttributeValue> item = client.getItem(GetItemRequest.builder()
        .tableName(FilesTable.SOURCE)
        .key(Map.of("PK", AttributeValue.fromS(FilesTable.PARTITION), "SK", AttributeValue.fromS(DriveTree.photo(photo))))
        .projectionExpression("#size")
        .expressionAttributeNames(Map.of("#size", "size"))
        .returnConsumedCapacity(RawSdk.capacity(askCapacity))
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

  private static Section report(Map<String, List<Double>> latency, Map<Integer, Map<String, Double>> throughput,
      Map<String, WireCost> costs) throws Exception {
    HttpStack fastest = fastest(stack -> -Stats.median(latency.get(raw(stack))));
    double rawMedian = Stats.median(latency.get(raw(fastest)));
    StringBuilder md = new StringBuilder("### HTTP clients: the point read on each, and keycond's framework-style call\n\n")
        .append("`").append(SQL).append("` with a photo's account and path, through a connection that prepares, binds, ")
        .append("executes, reads and closes on every call (as Spring's `JdbcTemplate`, MyBatis or Hibernate without a ")
        .append("statement cache do), on a connection as opened by default (its requests ask for the consumed ")
        .append("capacity, for each statement's cost), on one with `").append(FilesTable.NOT_ASKING)
        .append("` (its requests are the raw SDK's), and on such connections borrowed from a HikariCP pool of ")
        .append(ConnectionPool.SIZE).append(" for each call, against the raw SDK's `GetItem` of the same item with the ")
        .append("same projection on each synchronous HTTP client, every client built with its builder's defaults and ")
        .append("keycond's timeouts, and on ").append(RawSdk.BASELINE.label).append(" once more asking, as keycond ")
        .append("does by default, for the consumed capacity (not a candidate for the fastest). ")
        .append("Latency: ").append(CalledWays.latencyMethod(ROUNDS))
        .append(". Throughput: 1, 8 and 32 threads sharing ")
        .append("one raw client, one keycond `Connection` or the pool, ").append(CalledWays.throughputMethod())
        .append(". Load average (1 min) at the end: ")
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
    summary.add(SummaryRow.of("framework-style point read (prepare, bind, execute, read, close), `"
        + FilesTable.NOT_ASKING + "`, 1 thread (raw: " + fastest.label + ", the fastest)",
        Stats.median(latency.get(KEYCOND_NONE)), rawMedian, Stats.ms(Stats.median(latency.get(KEYCOND_NONE))),
        Stats.ms(rawMedian), new Target.Ratio(1.15), costs.get(KEYCOND_NONE), costs.get(raw(fastest))));
    for (int threads : new int[] {8, 32}) {
      HttpStack best = fastestAt.get(threads);
      double keycond = throughput.get(threads).get(KEYCOND_NONE);
      double raw = throughput.get(threads).get(raw(best));
      summary.add(SummaryRow.callsASecond("framework-style point reads a second, `" + FilesTable.NOT_ASKING + "`, "
          + threads + " threads on one connection (raw: " + best.label + ", the fastest)", keycond, raw,
          threads == 8 ? new Target.AtLeast(0.9) : new Target.None(), costs.get(KEYCOND_NONE),
          costs.get(raw(best))));
    }
    HttpStack best = fastestAt.get(ConnectionPool.SIZE);
    double pooled = throughput.get(ConnectionPool.SIZE).get(POOLED);
    double raw = throughput.get(ConnectionPool.SIZE).get(raw(best));
    summary.add(SummaryRow.callsASecond("framework-style point reads a second, `" + FilesTable.NOT_ASKING + "`, "
        + ConnectionPool.SIZE + " threads on a HikariCP pool of " + ConnectionPool.SIZE + " connections (raw: "
        + best.label + ", the fastest, one client)", pooled, raw, new Target.AtLeast(0.9), costs.get(POOLED),
        costs.get(raw(best))));
    summary.addAll(SummaryRow.againstAsking("point read", "`GetItem` on " + RawSdk.BASELINE.label,
        latency.get(KEYCOND), latency.get(ASKING), ConnectionPool.SIZE,
        throughput.get(ConnectionPool.SIZE).get(KEYCOND), throughput.get(ConnectionPool.SIZE).get(ASKING),
        costs.get(KEYCOND), costs.get(ASKING)));
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
