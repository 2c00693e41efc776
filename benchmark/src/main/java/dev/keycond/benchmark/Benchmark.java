package dev.keycond.benchmark;

import dev.keycond.demo.Dynalite;
import dev.keycond.demo.Moto;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
      // The transaction row runs on a moto of its own and the jar's size reads nothing: alone, they need no data.
      boolean loadsData = only.isEmpty() || !Set.of("transactions", "jar").containsAll(only);
      progress(start, (loadsData ? "loading " + tree.size() + " items into " : "no data to load into ") + "dynalite at "
          + endpoint);
      try (DynamoDbClient client = RawSdk.client(endpoint)) {
        FilesTable.create(client);
        if (loadsData) {
          tree.load(client);
        }
      }
      report.append(Machine.describe(dynaliteDir)).append('\n')
          .append(loadsData ? data(tree) : "No data loaded into dynalite: the measurements run need none.\n\n");

      // Run order: the measurements in this JVM first, then the child JVMs. Report order: the map's.
      Map<String, Measurement> measurements = new LinkedHashMap<>();
      measurements.put("cold", new ColdStart(endpoint, Map.of(
          "keycond", ChildJvm.application(workDir.resolve("keycond-jar"), List.of(jar.toString())),
          "raw", ChildJvm.application(workDir.resolve("raw-sdk"), SdkJars.onClasspath())), workDir, COLD_START_RUNS));
      measurements.put("warm", new WarmLatency(endpoint, WARM_UP_ROUNDS));
      measurements.put("http", new HttpClients(endpoint));
      measurements.put("framework", new FrameworkCalls(endpoint));
      measurements.put("streaming", new StreamingMemory(endpoint, jvm, STREAMING_RUNS, STREAMING_HEAP,
          STREAMING_TIGHT_HEAP));
      measurements.put("warm-streaming", new WarmStreaming(endpoint));
      measurements.put("requests", new RequestCounts(endpoint));
      measurements.put("parallel-scan", new ParallelScan(endpoint, tree.size()));
      measurements.put("jar", new JarSize(jar));
      measurements.put("writes", new WriteLoad(endpoint));
      measurements.put("transactions", new TransactionCommit(
          Path.of(System.getProperty(Moto.DIR_PROPERTY, "moto"))));
      List<String> runOrder = List.of("requests", "http", "framework", "warm", "warm-streaming", "parallel-scan", "writes", "transactions", "jar",
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

  /** The report's paragraph on the data loaded into dynalite and on the baseline. */
  private static String data(DriveTree tree) {
    return "Data: the `files` table of the README's example (`PK = DRIVE#{account}`, `SK = {path}`), "
        + tree.size() + " items: account `a1` with " + tree.count(DriveTree.PHOTOS) + " under `" + DriveTree.PHOTOS
        + "` (4 levels below `root/`), " + tree.count(DriveTree.ARCHIVE) + " items of ~1 KB under `"
        + DriveTree.ARCHIVE + "` and a few more, and account `" + DriveTree.PARTITION_ACCOUNT + "`, a partition of "
        + DriveTree.PARTITION_ITEMS + " items of ~1 KB. Baseline: `DynamoDbClient` built the usual way, on "
        + RawSdk.BASELINE.label + ", the fastest HTTP client of the measurement *HTTP clients* below, sending the "
        + "request keycond's plan sends.\n\n";
  }

  private static void progress(long start, String step) {
    System.out.printf("[%3d s] %s%n", Duration.ofNanos(System.nanoTime() - start).toSeconds(), step);
  }
}
