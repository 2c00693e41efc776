package dev.keycond.benchmark;

import dev.keycond.demo.Dynalite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The benchmark: keycond against the raw AWS SDK v2 doing the equivalent requests, in one run,
 * against one local dynalite. It prints a Markdown report and writes it to
 * {@code benchmark/target/results.md}. Run it with {@code ./benchmark/run}; the normal build only
 * compiles it.
 *
 * <p>The machine may be small and noisy, so every figure is a median next to the baseline's, runs
 * of the two sides are interleaved, and the ratio is what to read, not the absolute time.
 */
public final class Benchmark {
  private static final int COLD_START_RUNS = 5;
  private static final int WARM_UP_ROUNDS = 500;
  private static final int STREAMING_RUNS = 3;
  private static final String STREAMING_HEAP = "64m";
  private static final String STREAMING_TIGHT_HEAP = "32m";

  private Benchmark() {}

  public static void main(String[] args) throws Exception {
    long start = System.nanoTime();
    String loadAtStart = Machine.loadAverage();
    Path results = Path.of(System.getProperty("keycond.benchmark.results", "benchmark/target/results.md"));
    Path workDir = Path.of(System.getProperty("keycond.benchmark.work", "benchmark/target/bench"));
    Path dynaliteDir = Path.of(System.getProperty(Dynalite.DIR_PROPERTY, "dynalite"));

    StringBuilder report = new StringBuilder("## Benchmark: keycond against the raw AWS SDK v2\n\n");
    ChildJvm jvm = new ChildJvm(workDir); // snapshots the classpath now, for every child
    try (Dynalite dynalite = new Dynalite(dynaliteDir)) {
      String endpoint = dynalite.endpoint();
      DriveTree tree = new DriveTree();
      progress(start, "loading " + tree.size() + " items into dynalite at " + endpoint);
      try (DynamoDbClient client = RawSdk.client(endpoint)) {
        FilesTable.create(client);
        tree.load(client);
      }
      report.append(Machine.describe(dynaliteDir)).append('\n')
          .append("Data: the README's `files` table (`PK = DRIVE#{account}`, `SK = {path}`), one account, ")
          .append(tree.size()).append(" items: ").append(tree.count(DriveTree.PHOTOS)).append(" under `")
          .append(DriveTree.PHOTOS).append("` (4 levels below `root/`), ").append(tree.count(DriveTree.ARCHIVE))
          .append(" items of ~1 KB under `").append(DriveTree.ARCHIVE).append("`, and a few more. ")
          .append("Baseline: `DynamoDbClient` with the url-connection HTTP client (as keycond uses), ")
          .append("sending the request keycond's plan sends.\n\n");

      progress(start, "requests per statement");
      Section requests = new RequestCounts(endpoint).run();
      progress(start, "warm per-statement latency");
      Section warm = new WarmLatency(endpoint, WARM_UP_ROUNDS).run();
      progress(start, "streaming memory");
      Section streaming = new StreamingMemory(endpoint, jvm, STREAMING_RUNS, STREAMING_HEAP, STREAMING_TIGHT_HEAP).run();
      progress(start, "cold start");
      Section cold = new ColdStart(endpoint, jvm, workDir, COLD_START_RUNS).run();
      List<Section> sections = List.of(cold, warm, streaming, requests);
      report.append("### Summary (medians; details below)\n\n").append(Section.SUMMARY_HEADER);
      sections.forEach(s -> s.summaryRows().forEach(report::append));
      sections.forEach(s -> report.append('\n').append(s.details()));
    }
    report.append("\nWhole run: ").append(Duration.ofNanos(System.nanoTime() - start).toSeconds())
        .append(" s. Load average (1 min) at its start ").append(loadAtStart).append(", at its end ")
        .append(Machine.loadAverage()).append(" on ").append(Runtime.getRuntime().availableProcessors())
        .append(" CPUs.\n");

    System.out.println();
    System.out.println(report);
    Files.createDirectories(results.toAbsolutePath().getParent());
    Files.writeString(results, report);
    System.out.println("Written to " + results.toAbsolutePath().normalize());
  }

  private static void progress(long start, String step) {
    System.out.printf("[%3d s] %s%n", Duration.ofNanos(System.nanoTime() - start).toSeconds(), step);
  }
}
