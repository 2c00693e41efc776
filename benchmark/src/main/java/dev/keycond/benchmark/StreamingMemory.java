package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Streaming memory: the ~20,000-item, ~20 MB subtree read in fresh JVMs with a small heap, by
 * keycond and by the raw SDK paginator, streaming and collecting into a list. keycond should hold
 * about a page at a time, like the streaming paginator, while the list holds every item.
 */
final class StreamingMemory implements Measurement {
  private final String endpoint;
  private final ChildJvm jvm;
  private final int runs;
  private final String maxHeap;
  private final String tightHeap;

  /**
   * @param maxHeap the heap of the measured runs
   * @param tightHeap a smaller heap that one more run of each reader must complete in
   */
  StreamingMemory(String endpoint, ChildJvm jvm, int runs, String maxHeap, String tightHeap) {
    this.endpoint = endpoint;
    this.jvm = jvm;
    this.runs = runs;
    this.maxHeap = maxHeap;
    this.tightHeap = tightHeap;
  }

  @Override
  public Section run() throws Exception {
    WireCost keycondCost;
    WireCost rawCost;
    try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
        Statement statement = connection.createStatement();
        DynamoDbClient client = RawSdk.client(endpoint)) {
      keycondCost = WireCost.of(() -> StreamSubtree.readAll(statement.executeQuery(StreamSubtree.SQL)));
      rawCost = WireCost.of(() -> StreamSubtree.stream(client, DriveTree.ARCHIVE));
    }
    WireCost.checkSameRows("streaming", keycondCost, rawCost);
    Map<String, List<ChildJvm.Result>> results = new LinkedHashMap<>();
    Map<String, String> failures = new LinkedHashMap<>();
    Map<String, String> tight = new LinkedHashMap<>();
    for (int i = 0; i < runs; i++) {
      for (String way : StreamSubtree.WAYS) {
        if (!failures.containsKey(way)) {
          read(way, maxHeap).ifPresentOrElse(
              r -> results.computeIfAbsent(way, w -> new ArrayList<>()).add(r),
              () -> failures.put(way, "OutOfMemoryError"));
        }
      }
    }
    for (String way : StreamSubtree.WAYS) {
      tight.put(way, read(way, tightHeap).map(r -> "yes, " + r.value("rows") + " rows").orElse("no: OutOfMemoryError"));
    }

    StringBuilder md = new StringBuilder();
    md.append("### 3. Streaming memory\n\n")
        .append("`").append(StreamSubtree.SQL).append("`: ").append(DriveTree.archiveItems())
        .append(" items of about 1 KB. A fresh JVM per run with `-Xmx").append(maxHeap)
        .append("`; every column of every row is read and dropped. *Held* is the most heap in use ")
        .append("after a full GC, sampled every 20 ms by a background thread during a second read, minus ")
        .append("the heap in use before it (the connection or client, already used once). *Read time* is ")
        .append("the first full read, without the sampler. Medians of ").append(runs).append(" runs.\n\n")
        .append("| reader | rows | held while reading | heap before | Query requests | read time | / raw streaming ")
        .append("| completes in `-Xmx").append(tightHeap).append("` |\n")
        .append("|---|---|---|---|---|---|---|---|\n");
    double rawStreaming = results.containsKey("raw-stream")
        ? median(results.get("raw-stream"), r -> number(r, "millis")) : Double.NaN;
    for (String way : StreamSubtree.WAYS) {
      md.append("| ").append(label(way)).append(" | ");
      if (failures.containsKey(way)) {
        md.append(failures.get(way)).append(" at `-Xmx").append(maxHeap).append("` | | | | | | ")
            .append(tight.get(way)).append(" |\n");
        continue;
      }
      List<ChildJvm.Result> r = results.get(way);
      double millis = median(r, x -> number(x, "millis"));
      md.append(r.get(0).value("rows"))
          .append(" | ").append(Stats.mib((long) held(r)))
          .append(" | ").append(Stats.mib((long) median(r, x -> number(x, "baseline"))))
          .append(" | ").append(r.get(0).value("queries"))
          .append(" | ").append(Stats.ms(millis))
          .append(" | ").append(Stats.ratio(millis, rawStreaming))
          .append(" | ").append(tight.get(way)).append(" |\n");
    }
    return new Section(md.toString(), summary(results, keycondCost, rawCost));
  }

  /** The first read's time, and keycond's heap held against each raw reader's. */
  private static List<SummaryRow> summary(Map<String, List<ChildJvm.Result>> results, WireCost keycondCost,
      WireCost rawCost) {
    List<SummaryRow> rows = new ArrayList<>();
    if (!results.containsKey("keycond") || !results.containsKey("raw-stream")) {
      return rows;
    }
    double keycondMillis = median(results.get("keycond"), x -> number(x, "millis"));
    double rawMillis = median(results.get("raw-stream"), x -> number(x, "millis"));
    rows.add(SummaryRow.of("streaming " + DriveTree.archiveItems() + " items of ~1 KB, first read in a fresh JVM",
        keycondMillis, rawMillis, Stats.ms(keycondMillis), Stats.ms(rawMillis), new Target.Ratio(1.2),
        keycondCost, rawCost));
    double keycond = held(results.get("keycond"));
    for (String raw : List.of("raw-stream", "raw-list")) {
      String measure = "heap held reading " + DriveTree.archiveItems() + " items of ~1 KB (raw: "
          + (raw.equals("raw-stream") ? "paginator, streaming" : "paginator into a List") + ")";
      // Both raw readers page through the same Queries.
      if (results.containsKey(raw)) {
        double rawHeld = held(results.get(raw));
        rows.add(SummaryRow.of(measure, keycond, rawHeld, Stats.mib((long) keycond), Stats.mib((long) rawHeld),
            new Target.None(), keycondCost, rawCost));
      } else {
        rows.add(SummaryRow.of(measure, keycond, Double.NaN, Stats.mib((long) keycond), "OutOfMemoryError",
            new Target.None(), keycondCost, rawCost));
      }
    }
    return rows;
  }

  private static double held(List<ChildJvm.Result> results) {
    return median(results, x -> number(x, "peakLive") - number(x, "baseline"));
  }

  /** One run of a reader in a fresh JVM with {@code heap}; empty if it ran out of memory. */
  private Optional<ChildJvm.Result> read(String way, String heap) throws IOException, InterruptedException {
    try {
      return Optional.of(jvm.run(List.of("-Xmx" + heap, "-XX:+ExitOnOutOfMemoryError"),
          StreamSubtree.class, null, way, endpoint));
    } catch (IOException e) {
      if (e.getMessage().contains("OutOfMemoryError")) {
        return Optional.empty();
      }
      throw e;
    }
  }

  private static String label(String way) {
    return switch (way) {
      case "keycond" -> "keycond ResultSet";
      case "raw-stream" -> "raw SDK paginator, streaming";
      case "raw-list" -> "raw SDK paginator, all items into a List";
      default -> way;
    };
  }

  private static double number(ChildJvm.Result result, String name) {
    return Double.parseDouble(result.value(name));
  }

  private static double median(List<ChildJvm.Result> results, ToDoubleFunction<ChildJvm.Result> figure) {
    return Stats.median(results.stream().map(figure::applyAsDouble).toList());
  }
}
