package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The framework-style call ({@code prepareStatement}, bind, execute, read, close on every call) of
 * a 10-row prefix Query and of a keyed UPDATE, each against the raw SDK request keycond's plan
 * sends, on the baseline's client: the latency of one call on one thread, and the calls a second
 * of 1 and 8 threads sharing one keycond {@code Connection}, a HikariCP pool of 8 keycond
 * connections (one borrowed for each call) or one raw client. The targets hold connections with
 * {@code consumedCapacity=none}, whose requests are the raw SDK's; a connection as opened by default
 * is set against the raw request that asks for the consumed capacity as its requests do. The point
 * read is {@link HttpClients}'.
 */
final class FrameworkCalls implements Measurement {
  static final String PREFIX_SQL = "SELECT path, size FROM files WHERE account = ? AND path LIKE ?";
  /** Enough rounds that the medians of the two sides move less between runs than the gap the targets allow. */
  private static final int ROUNDS = 1_000;
  private static final int[] THREADS = {1, 8};

  /**
   * A call made by keycond and by the raw SDK: {@code keycond} on a connection as opened by
   * default, {@code notAsking} and {@code pooled} on connections with {@code consumedCapacity=none};
   * {@code asking} is the raw request asking for the consumed capacity, as a default connection's does.
   */
  private record Scenario(String name, String sql, String rawRequest, CalledWays.Call keycond,
      CalledWays.Call notAsking, CalledWays.Call pooled, CalledWays.Call raw, CalledWays.Call asking) {}

  private final String endpoint;

  FrameworkCalls(String endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public Section run() throws Exception {
    StringBuilder md = new StringBuilder("### Framework-style calls: a 10-row prefix Query and a keyed UPDATE\n\n")
        .append("Each call prepares, binds, executes, reads every row (or the update count) and closes, as Spring's ")
        .append("`JdbcTemplate`, MyBatis or Hibernate without a statement cache call a driver; the raw SDK sends the ")
        .append("request keycond's plan sends, on ").append(RawSdk.BASELINE.label).append(", once as a user would ")
        .append("write it and once asking, as a keycond connection does by default for each statement's cost, for ")
        .append("the consumed capacity (which dynalite then computes on the cores the client runs on); keycond on a ")
        .append("connection as opened by default and on one with `").append(FilesTable.NOT_ASKING)
        .append("`, whose requests are the raw SDK's. Latency: ")
        .append(CalledWays.latencyMethod(ROUNDS)).append(". Throughput: 1 and 8 threads sharing one keycond ")
        .append("`Connection`, a HikariCP pool of ").append(ConnectionPool.SIZE).append(" keycond connections with `")
        .append(FilesTable.NOT_ASKING).append("` (one borrowed for each call) or one raw client, ")
        .append(CalledWays.throughputMethod()).append(".\n\n")
        .append("| call | way | median | p90 | / raw | 1 thread, calls a second | 8 threads | requests |\n")
        .append("|---|---|---|---|---|---|---|---|\n");
    List<SummaryRow> summary = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        Connection notAsking = DriverManager.getConnection(FilesTable.jdbcUrlNotAsking(endpoint));
        ConnectionPool pool = new ConnectionPool(FilesTable.jdbcUrlNotAsking(endpoint));
        DynamoDbClient client = RawSdk.client(endpoint)) {
      List<Scenario> scenarios = List.of(
          new Scenario("10-row prefix Query", PREFIX_SQL, "`Query`",
              n -> prefixQuery(connection, n), n -> prefixQuery(notAsking, n),
              n -> pool.borrowing(pooled -> prefixQuery(pooled, n)),
              n -> WarmLatency.raw(client, DriveTree.tenPhotoPrefix(n)),
              n -> WarmLatency.raw(client, DriveTree.tenPhotoPrefix(n), true)),
          new Scenario("keyed UPDATE", PhotoSizeUpdate.SQL, "`UpdateItem` with `attribute_exists(PK)`",
              n -> PhotoSizeUpdate.keycond(connection, n), n -> PhotoSizeUpdate.keycond(notAsking, n),
              n -> pool.borrowing(pooled -> PhotoSizeUpdate.keycond(pooled, n)),
              n -> PhotoSizeUpdate.raw(client, n), n -> PhotoSizeUpdate.raw(client, n, true)));
      for (Scenario scenario : scenarios) {
        Map<String, CalledWays.Call> ways = new LinkedHashMap<>();
        ways.put("keycond", scenario.keycond());
        ways.put("notAsking", scenario.notAsking());
        ways.put("pooled", scenario.pooled());
        ways.put("raw", scenario.raw());
        ways.put("asking", scenario.asking());
        // The first call plans the statement, which may list the account's tables once: count a call as it repeats.
        scenario.keycond().run(0);
        scenario.notAsking().run(0);
        WireCost keycondCost = WireCost.of(() -> scenario.keycond().run(0));
        WireCost notAskingCost = WireCost.of(() -> scenario.notAsking().run(0));
        WireCost rawCost = WireCost.of(() -> scenario.raw().run(0));
        WireCost.checkSameRows(scenario.name(), keycondCost, rawCost);
        WireCost.checkSameRows(scenario.name(), notAskingCost, rawCost);
        Map<String, List<Double>> latency = CalledWays.latency(ways, ROUNDS);
        Map<Integer, Map<String, Double>> throughput = new LinkedHashMap<>();
        for (int threads : THREADS) {
          throughput.put(threads, CalledWays.throughput(ways, threads));
        }
        double rawMedian = Stats.median(latency.get("raw"));
        for (String way : ways.keySet()) {
          double median = Stats.median(latency.get(way));
          WireCost cost = switch (way) {
            case "raw", "asking" -> rawCost;
            case "keycond" -> keycondCost;
            default -> notAskingCost;
          };
          md.append("| ").append(scenario.name()).append(" | ").append(switch (way) {
            case "raw" -> "raw SDK " + scenario.rawRequest();
            case "asking" -> "raw SDK, the same request asking `ReturnConsumedCapacity=" + RawSdk.AS_KEYCOND
                + "` as keycond's does";
            case "notAsking" -> "keycond, the same, on a connection with `" + FilesTable.NOT_ASKING + "`";
            case "pooled" -> "keycond, the same, on a connection with `" + FilesTable.NOT_ASKING + "` borrowed from a "
                + "HikariCP pool of " + ConnectionPool.SIZE;
            default -> "keycond, `" + scenario.sql() + "`";
          })
              .append(" | ").append(Stats.ms(median))
              .append(" | ").append(Stats.ms(Stats.percentile(latency.get(way), 90)))
              .append(" | ").append(Stats.ratio(median, rawMedian));
          for (int threads : THREADS) {
            double calls = throughput.get(threads).get(way);
            md.append(String.format(Locale.ROOT, " | %,.0f (%s)", calls,
                Stats.ratio(calls, throughput.get(threads).get("raw"))));
          }
          md.append(" | ").append(cost.requestText()).append(" |\n");
        }
        double notAskingMedian = Stats.median(latency.get("notAsking"));
        String measure = "framework-style " + scenario.name() + ", `" + FilesTable.NOT_ASKING + "`, ";
        summary.add(SummaryRow.of(measure + "prepare, bind, execute, read, close, 1 thread", notAskingMedian,
            rawMedian, Stats.ms(notAskingMedian), Stats.ms(rawMedian), new Target.Ratio(1.15), notAskingCost, rawCost));
        Map<String, Double> atPoolSize = throughput.get(ConnectionPool.SIZE);
        summary.add(SummaryRow.callsASecond(measure + "calls a second, " + ConnectionPool.SIZE
            + " threads on one connection", atPoolSize.get("notAsking"), atPoolSize.get("raw"),
            new Target.AtLeast(0.9), notAskingCost, rawCost));
        summary.add(SummaryRow.callsASecond(measure + "calls a second, " + ConnectionPool.SIZE + " threads on a "
            + "HikariCP pool of " + ConnectionPool.SIZE + " connections (raw: one client)", atPoolSize.get("pooled"),
            atPoolSize.get("raw"), new Target.AtLeast(0.9), notAskingCost, rawCost));
        summary.addAll(SummaryRow.againstAsking(scenario.name(), "request", latency.get("keycond"),
            latency.get("asking"), ConnectionPool.SIZE, atPoolSize.get("keycond"), atPoolSize.get("asking"),
            keycondCost, rawCost));
      }
    }
    md.append("\nLoad average (1 min) at the end: ").append(Machine.loadAverage()).append(".\n");
    return new Section(md.toString(), summary);
  }

  private static long prefixQuery(Connection connection, int n) throws Exception {
    try (PreparedStatement statement = connection.prepareStatement(PREFIX_SQL)) {
      statement.setString(1, FilesTable.ACCOUNT);
      statement.setString(2, DriveTree.tenPhotoPrefix(n) + "%");
      return WarmLatency.count(statement.executeQuery());
    }
  }
}
