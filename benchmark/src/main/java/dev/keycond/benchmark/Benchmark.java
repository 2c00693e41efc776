package dev.keycond.benchmark;

import dev.keycond.demo.Dynalite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    Path jar = Path.of(System.getProperty("keycond.jar", "driver/target/keycond-jdbc.jar"));
    // -Dkeycond.benchmark.only=cold,jar runs only those measurements, for a quick before and after.
    List<String> only = Arrays.stream(System.getProperty("keycond.benchmark.only", "").split(","))
        .map(String::strip).filter(name -> !name.isEmpty()).toList();

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
          .append("Data: the `files` table of the README's example (`PK = DRIVE#{account}`, `SK = {path}`), ")
          .append(tree.size()).append(" items: account `a1` with ").append(tree.count(DriveTree.PHOTOS))
          .append(" under `").append(DriveTree.PHOTOS).append("` (4 levels below `root/`), ")
          .append(tree.count(DriveTree.ARCHIVE)).append(" items of ~1 KB under `").append(DriveTree.ARCHIVE)
          .append("` and a few more, and account `").append(DriveTree.PARTITION_ACCOUNT).append("`, a partition of ")
          .append(DriveTree.PARTITION_ITEMS).append(" items of ~1 KB. Baseline: `DynamoDbClient` built the usual way, ")
          .append("on ").append(RawSdk.BASELINE.label).append(", the fastest HTTP client of the measurement *HTTP clients* ")
          .append("below, sending the request keycond's plan sends.\n\n");

      // Run order: the measurements in this JVM first, then the child JVMs. Report order: the map's.
      Map<String, Measurement> measurements = new LinkedHashMap<>();
      measurements.put("cold", new ColdStart(endpoint, Map.of(
          "keycond", ChildJvm.application(workDir.resolve("keycond-jar"), List.of(jar.toString())),
          "raw", ChildJvm.application(workDir.resolve("raw-sdk"), SdkJars.onClasspath())), workDir, COLD_START_RUNS));
      measurements.put("warm", new WarmLatency(endpoint, WARM_UP_ROUNDS));
      measurements.put("http", new HttpClients(endpoint));
      measurements.put("streaming", new StreamingMemory(endpoint, jvm, STREAMING_RUNS, STREAMING_HEAP,
          STREAMING_TIGHT_HEAP));
      measurements.put("warm-streaming", new WarmStreaming(endpoint));
      measurements.put("requests", new RequestCounts(endpoint));
      measurements.put("parallel-scan", new ParallelScan(endpoint, tree.size()));
      measurements.put("jar", new JarSize(jar));
      measurements.put("writes", new WriteLoad(endpoint));
      List<String> runOrder = List.of("requests", "http", "warm", "warm-streaming", "parallel-scan", "writes", "jar",
          "streaming", "cold");
      Map<String, Section> sections = new LinkedHashMap<>();
      for (String name : runOrder) {
        if (only.isEmpty() || only.contains(name)) {
          progress(start, name);
          sections.put(name, measurements.get(name).run());
        }
      }
      report.append("### Summary (medians; details below)\n\n").append(Section.SUMMARY_HEADER);
      measurements.keySet().stream().filter(sections::containsKey)
          .forEach(name -> sections.get(name).summaryRows().forEach(row -> report.append(row.markdown())));
      measurements.keySet().stream().filter(sections::containsKey)
          .forEach(name -> report.append('\n').append(sections.get(name).details()));
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
