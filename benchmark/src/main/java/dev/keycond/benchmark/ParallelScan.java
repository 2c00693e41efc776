package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * A whole-table export under {@code scan=allow}: {@code SELECT * FROM files}, read by keycond as a
 * parallel Scan of {@value #SEGMENTS} segments ({@code scanSegments}) and as one sequential Scan,
 * against the raw SDK's paginated sequential Scan of the same table, every column or attribute of
 * every item read. After warm-up rounds, each round reads it the three ways in rotating order.
 */
final class ParallelScan implements Measurement {
  static final String SQL = "SELECT * FROM files";
  static final int SEGMENTS = 4;
  private static final int WARM_UP_ROUNDS = 3;
  private static final int ROUNDS = 9;

  private final String endpoint;
  private final int items;

  /** @param items how many items the table holds, each of them a row */
  ParallelScan(String endpoint, int items) {
    this.endpoint = endpoint;
    this.items = items;
  }

  @Override
  public Section run() throws Exception {
    List<List<Double>> times = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    WireCost parallelCost;
    WireCost sequentialCost;
    WireCost rawCost;
    try (Connection parallel = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint)
            + ";scan=allow;scanSegments=" + SEGMENTS);
        Connection sequential = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint) + ";scan=allow");
        Statement parallelStatement = parallel.createStatement();
        Statement sequentialStatement = sequential.createStatement();
        DynamoDbClient raw = RawSdk.client(endpoint)) {
      List<WireCost.Read> ways = List.of(
          () -> StreamSubtree.readAll(parallelStatement.executeQuery(SQL)),
          () -> StreamSubtree.readAll(sequentialStatement.executeQuery(SQL)),
          () -> scan(raw));
      parallelCost = WireCost.of(ways.get(0));
      sequentialCost = WireCost.of(ways.get(1));
      rawCost = WireCost.of(ways.get(2));
      WireCost.checkSameRows("parallel Scan", parallelCost, rawCost);
      WireCost.checkSameRows("sequential Scan", sequentialCost, rawCost);
      for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
        for (int k = 0; k < ways.size(); k++) {
          int way = (round + k) % ways.size();
          long start = System.nanoTime();
          long rows = ways.get(way).rows();
          double millis = (System.nanoTime() - start) / 1e6;
          if (rows != items) {
            throw new IllegalStateException("way " + way + " read " + rows + " rows of " + items);
          }
          if (round >= WARM_UP_ROUNDS) {
            times.get(way).add(millis);
          }
        }
      }
    }
    double parallel = Stats.median(times.get(0));
    double sequential = Stats.median(times.get(1));
    double raw = Stats.median(times.get(2));
    String md = "### Parallel Scan\n\n"
        + "`" + SQL + "` under `scan=allow`: the whole table, " + items + " items, read by keycond with `scanSegments="
        + SEGMENTS + "` (" + SEGMENTS + " segments read concurrently) and as one sequential Scan, against the raw "
        + "SDK's paginated sequential `Scan`, in the benchmark's JVM after " + WARM_UP_ROUNDS + " warm-up rounds; "
        + ROUNDS + " rounds, rotating which goes first. Every column (keycond) or attribute (raw) of every item is "
        + "read. dynalite answers on one Node.js thread, so its segments do not run in parallel on the server as "
        + "DynamoDB's partitions do: the gain here is only the overlap of network, parsing and decoding.\n\n"
        + "| reader | median | p90 | / raw | requests | items read | RCUs |\n|---|---|---|---|---|---|---|\n"
        + row("keycond, scanSegments=" + SEGMENTS, times.get(0), raw, parallelCost)
        + row("keycond, one Scan", times.get(1), raw, sequentialCost)
        + row("raw SDK Scan paginator", times.get(2), raw, rawCost);
    return new Section(md, List.of(SummaryRow.of("whole-table export of " + items + " items, scanSegments="
        + SEGMENTS + " (raw: sequential paginated Scan)", parallel, raw, Stats.ms(parallel), Stats.ms(raw),
        new Target.None(), parallelCost, rawCost),
        SummaryRow.of("the same export as one sequential Scan (raw: the same)", sequential, raw,
            Stats.ms(sequential), Stats.ms(raw), new Target.Ratio(1.1), sequentialCost, rawCost)));
  }

  private static String row(String reader, List<Double> times, double raw, WireCost cost) {
    double median = Stats.median(times);
    return "| " + reader + " | " + Stats.ms(median) + " | " + Stats.ms(Stats.percentile(times, 90)) + " | "
        + Stats.ratio(median, raw) + " | " + cost.requestText() + " | " + cost.itemsRead() + " | "
        + cost.capacityText() + " |\n";
  }

  /** Pages through a Scan of the table, reading each attribute as an application would, keeping none. */
  private static long scan(DynamoDbClient client) {
    long n = 0;
    for (Map<String, AttributeValue> item : client.scanPaginator(ScanRequest.builder()
        .tableName(FilesTable.SOURCE).build()).items()) {
      item.values().forEach(AttributeValue::type);
      n++;
    }
    return n;
  }
}
