package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Cold start: fresh JVMs from launch to the first row, keycond against the raw SDK, under the JVM
 * flags a shipped tool could set; where the time goes, phase by phase; and whether the two halves
 * of keycond's first connection overlap. The runs of both sides and of every variant are
 * interleaved, so that a noisy stretch of the machine hits them alike.
 */
final class ColdStart implements Measurement {
  private static final String C1 = "-XX:TieredStopAtLevel=1";
  private static final List<String> SIDES = List.of("keycond", "raw");
  /** Runs per variant of the connection's halves, alone: fewer than the first rows, as they only explain. */
  private static final int HALF_RUNS = 3;

  private final String endpoint;
  /** Each side's children, on what an application of that side loads. */
  private final Map<String, ChildJvm> jvms;
  private final Path workDir;
  private final int runs;

  /** A set of JVM flags, per side (an AppCDS archive belongs to one side), and its goal. */
  private record Variant(String name, List<String> keycondFlags, List<String> rawFlags, Target target) {
    List<String> flags(String side) {
      return side.equals("keycond") ? keycondFlags : rawFlags;
    }
  }

  ColdStart(String endpoint, Map<String, ChildJvm> jvms, Path workDir, int runs) {
    this.endpoint = endpoint;
    this.jvms = Map.copyOf(jvms);
    this.workDir = workDir;
    this.runs = runs;
  }

  @Override
  public Section run() throws Exception {
    List<String> notes = new ArrayList<>();
    List<Variant> variants = new ArrayList<>();
    Variant defaults = new Variant("default JVM flags", List.of(), List.of(), new Target.Ratio(1.5));
    variants.add(defaults);
    Map<String, Path> archives = new LinkedHashMap<>();
    for (String side : SIDES) {
      Path archive = workDir.resolve(side + ".jsa");
      String problem = trainArchive(side, archive);
      if (problem == null) {
        archives.put(side, archive);
      } else {
        notes.add("AppCDS skipped for " + side + ": " + problem);
      }
    }
    if (archives.size() == 2) {
      String keycondArchive = "-XX:SharedArchiveFile=" + archives.get("keycond");
      String rawArchive = "-XX:SharedArchiveFile=" + archives.get("raw");
      Variant shell = new Variant("AppCDS + C1 (what `./keycond shell` uses)", List.of(keycondArchive, C1),
          List.of(rawArchive, C1), new Target.Ratio(1.3));
      variants.add(shell);
    }

    // One untimed run per side first: the jars get into the page cache, as on any second launch.
    for (String side : SIDES) {
      firstRow(side, List.of());
    }
    Map<Variant, Map<String, List<ChildJvm.Result>>> results = new LinkedHashMap<>();
    for (int i = 0; i < runs; i++) {
      for (Variant variant : variants) {
        for (String side : SIDES) {
          results.computeIfAbsent(variant, v -> new LinkedHashMap<>())
              .computeIfAbsent(side, s -> new ArrayList<>())
              .add(firstRow(side, variant.flags(side)));
        }
      }
    }
    // A first statement that writes, with default flags: a keyed UPDATE, planned without Calcite too.
    Map<String, List<ChildJvm.Result>> writes = new LinkedHashMap<>();
    for (int i = 0; i < runs; i++) {
      for (String side : SIDES) {
        writes.computeIfAbsent(side, s -> new ArrayList<>())
            .add(jvms.get(side).run(List.of(), FirstWrite.class, FirstWrite.WRITTEN, side, endpoint));
      }
    }
    Map<Variant, Map<String, List<ChildJvm.Result>>> halves = new LinkedHashMap<>();
    for (int i = 0; i < HALF_RUNS; i++) {
      for (Variant variant : variants) {
        for (String half : ConnectHalves.HALVES) {
          halves.computeIfAbsent(variant, v -> new LinkedHashMap<>())
              .computeIfAbsent(half, h -> new ArrayList<>())
              .add(jvms.get("keycond").run(variant.keycondFlags(), ConnectHalves.class, ConnectHalves.DONE, half,
                  endpoint));
        }
      }
    }
    WireCost keycondCost = WireCost.of(() -> {
      try (Connection connection = DriverManager.getConnection(FilesTable.jdbcUrl(endpoint));
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery(FirstRow.SQL)) {
        return rows.next() ? 1 : 0;
      }
    });
    WireCost rawCost = WireCost.of(() -> {
      try (DynamoDbClient client = RawSdk.client(endpoint)) {
        return client.query(RawSdk.pathAndSize(DriveTree.PHOTOS)).items().isEmpty() ? 0 : 1;
      }
    });

    StringBuilder md = new StringBuilder();
    md.append("### 1. Cold start: fresh JVM, launch to first row\n\n")
        .append("`").append(FirstRow.SQL).append("` through DriverManager, against the equivalent raw ")
        .append("`Query` (same projection) on a new DynamoDbClient. Median of ").append(runs)
        .append(" fresh JVMs per cell, runs interleaved; the range is min–max. Each side runs on what its ")
        .append("application loads: keycond on `keycond-jdbc.jar` (the file SQL tools, the shell and the demo run), ")
        .append("the raw SDK on the SDK's jars (those of the jar-size row); the benchmark's own classes are on both. ")
        .append("keycond's first statement sends ")
        .append(keycondCost.requestText()).append(", the raw SDK ").append(rawCost.requestText()).append(".\n\n")
        .append("| JVM flags | keycond | raw SDK | keycond / raw | keycond − raw |\n")
        .append("|---|---|---|---|---|\n");
    List<SummaryRow> summary = new ArrayList<>();
    for (Variant variant : variants) {
      List<Double> keycond = times(results.get(variant).get("keycond"), FirstRow.FIRST_ROW);
      List<Double> raw = times(results.get(variant).get("raw"), FirstRow.FIRST_ROW);
      double k = Stats.median(keycond);
      double r = Stats.median(raw);
      md.append("| ").append(variant.name())
          .append(" | ").append(Stats.seconds(k)).append(range(keycond))
          .append(" | ").append(Stats.seconds(r)).append(range(raw))
          .append(" | ").append(Stats.ratio(k, r))
          .append(" | ").append(Stats.seconds(k - r)).append(" |\n");
      summary.add(SummaryRow.of("cold start to first row, " + variant.name(), k, r, Stats.seconds(k),
          Stats.seconds(r), variant.target(), keycondCost, rawCost));
    }
    for (String note : notes) {
      md.append("\n").append(note).append("\n");
    }
    if (archives.size() == 2) {
      md.append("\nAppCDS: one training run per side with `-XX:ArchiveClassesAtExit`, then "
          + "`-XX:SharedArchiveFile` (checked once with `-Xshare:on`, so the archive really maps).\n");
    }
    md.append('\n').append(firstWrite(writes, defaults, summary))
        .append('\n').append(phases(variants, results)).append('\n').append(second(variants, results))
        .append('\n').append(overlap(halves, results));
    return new Section(md.toString(), summary);
  }

  /** A fresh JVM whose first statement is a keyed UPDATE, with default flags, each side's phases. */
  private String firstWrite(Map<String, List<ChildJvm.Result>> writes, Variant defaults, List<SummaryRow> summary)
      throws Exception {
    // A connection that describes its table again sends what a fresh JVM's first one does.
    WireCost keycondCost = WireCost.of(() -> {
      try (Connection connection = DriverManager.getConnection(
          FilesTable.jdbcUrl(endpoint, "descriptionReuseSeconds=0;"))) {
        return PhotoSizeUpdate.keycond(connection, 0);
      }
    });
    WireCost rawCost = WireCost.of(() -> {
      try (DynamoDbClient client = RawSdk.client(endpoint)) {
        return PhotoSizeUpdate.raw(client, 0);
      }
    });
    List<Double> keycond = times(writes.get("keycond"), FirstWrite.WRITTEN);
    List<Double> raw = times(writes.get("raw"), FirstWrite.WRITTEN);
    double k = Stats.median(keycond);
    double r = Stats.median(raw);
    summary.add(SummaryRow.of("cold start to a first keyed UPDATE, " + defaults.name(), k, r, Stats.seconds(k),
        Stats.seconds(r), defaults.target(), keycondCost, rawCost));
    StringBuilder md = new StringBuilder("#### First write: fresh JVM, launch to a keyed UPDATE\n\n")
        .append("A fresh JVM whose first statement is `").append(PhotoSizeUpdate.SQL)
        .append("`, prepared, bound and executed, against the equivalent conditional `UpdateItem` on a new ")
        .append("DynamoDbClient, default JVM flags, median of ").append(runs).append(" runs per side, interleaved; ")
        .append("the range is min–max. keycond plans it without Calcite's front end (see docs/performance.md, ")
        .append("*Simple writes*). keycond's first statement sends ").append(keycondCost.requestText())
        .append(", the raw SDK ").append(rawCost.requestText()).append(".\n\n")
        .append("| side | phases after `main` (medians) | written | keycond / raw |\n|---|---|---|---|\n");
    for (String side : SIDES) {
      List<ChildJvm.Result> runs = writes.get(side);
      List<String> marks = FirstWrite.PHASES.get(side);
      List<String> steps = new ArrayList<>();
      for (int i = 1; i < marks.size(); i++) {
        String from = marks.get(i - 1);
        String to = marks.get(i);
        steps.add(to + " +" + Stats.ms(Stats.median(runs.stream().map(run -> run.mark(to) - run.mark(from)).toList())));
      }
      md.append("| ").append(side).append(" | ").append(String.join(", ", steps))
          .append(" | ").append(Stats.seconds(side.equals("keycond") ? k : r))
          .append(range(side.equals("keycond") ? keycond : raw))
          .append(" | ").append(side.equals("keycond") ? Stats.ratio(k, r) : "").append(" |\n");
    }
    return md.toString();
  }

  /** The median time between consecutive marks of each side: where the cold start goes. */
  private static String phases(List<Variant> variants, Map<Variant, Map<String, List<ChildJvm.Result>>> results) {
    StringBuilder md = new StringBuilder("#### Where the cold start goes\n\n"
        + "Median milliseconds of each phase in the same runs, from the launch of the JVM (`java` starting, "
        + "loading the JDK, reaching `main`), then each step the child marks on its way to the first row.\n\n"
        + "| JVM flags | side | to `main` | phases after `main` | first row |\n|---|---|---|---|---|\n");
    for (Variant variant : variants) {
      for (String side : SIDES) {
        List<ChildJvm.Result> runs = results.get(variant).get(side);
        List<String> marks = FirstRow.PHASES.get(side);
        List<String> steps = new ArrayList<>();
        for (int i = 1; i < marks.size(); i++) {
          String from = marks.get(i - 1);
          String to = marks.get(i);
          steps.add(to + " +" + Stats.ms(Stats.median(runs.stream().map(r -> r.mark(to) - r.mark(from)).toList())));
        }
        md.append("| ").append(variant.name()).append(" | ").append(side)
            .append(" | ").append(Stats.ms(Stats.median(times(runs, FirstRow.MAIN))))
            .append(" | ").append(String.join(", ", steps))
            .append(" | ").append(Stats.ms(Stats.median(times(runs, FirstRow.FIRST_ROW)))).append(" |\n");
      }
    }
    return md.toString();
  }

  /** What a second connection costs in the same JVM, right after the first row: keycond's shares the first's client. */
  private static String second(List<Variant> variants, Map<Variant, Map<String, List<ChildJvm.Result>>> results) {
    StringBuilder md = new StringBuilder("#### A second connection in the same JVM\n\n"
        + "Right after the first row, in the same runs: keycond opens a second connection with the same URL, which "
        + "shares the first one's client, parsed mapping and table descriptions (it sends nothing); the raw side "
        + "builds a second DynamoDbClient, what a second user of the SDK who does not share the first one's "
        + "pays. Median milliseconds, the range min–max:\n\n"
        + "| JVM flags | keycond: a second connection | raw SDK: a second client |\n|---|---|---|\n");
    for (Variant variant : variants) {
      md.append("| ").append(variant.name());
      for (String side : SIDES) {
        List<Double> spans = results.get(variant).get(side).stream()
            .map(r -> r.mark(FirstRow.SECOND.get(side)) - r.mark(FirstRow.FIRST_ROW)).toList();
        md.append(" | ").append(Stats.ms(Stats.median(spans))).append(String.format(Locale.ROOT, " (%.1f–%.1f)",
            spans.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
            spans.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
      }
      md.append(" |\n");
    }
    return md.toString();
  }

  /**
   * The two halves of the first connection alone, against keycond's main-to-connected time: if
   * they overlap, the connection takes about the longer half; if they do not, about their sum.
   */
  private static String overlap(Map<Variant, Map<String, List<ChildJvm.Result>>> halves,
      Map<Variant, Map<String, List<ChildJvm.Result>>> results) {
    StringBuilder md = new StringBuilder("#### Do the two halves of the first connection overlap?\n\n"
        + "A connection warms the planner up on another thread while its own thread reads the mapping "
        + "(the client is built meanwhile) and describes the mapped tables; the warm-up's half planned through "
        + "Calcite waits until the connection is open and its first statement over. Each half alone in a fresh JVM "
        + "(`main` to done, median of " + HALF_RUNS + "), against the connection above (`main` to connected), which runs both:\n\n"
        + "| JVM flags | planner warm-up alone | connecting alone | their sum | the longer | connection, both halves |"
        + " overlap won |\n|---|---|---|---|---|---|---|\n");
    for (Map.Entry<Variant, Map<String, List<ChildJvm.Result>>> variant : halves.entrySet()) {
      double warmUp = Stats.median(span(variant.getValue().get(ConnectHalves.WARM_UP), ConnectHalves.DONE));
      double connect = Stats.median(span(variant.getValue().get(ConnectHalves.CONNECT), ConnectHalves.DONE));
      double both = Stats.median(span(results.get(variant.getKey()).get("keycond"), FirstRow.CONNECTED));
      double sum = warmUp + connect;
      double longer = Math.max(warmUp, connect);
      md.append("| ").append(variant.getKey().name())
          .append(" | ").append(Stats.ms(warmUp)).append(" | ").append(Stats.ms(connect))
          .append(" | ").append(Stats.ms(sum)).append(" | ").append(Stats.ms(longer))
          .append(" | ").append(Stats.ms(both))
          .append(" | ").append(String.format(Locale.ROOT, "%.0f%%", 100 * (sum - both) / (sum - longer)))
          .append(" |\n");
    }
    return md.append("\n*Overlap won*: how much of the shorter half the connection saved (100% = the halves ran "
        + "fully side by side, 0% = one after the other).\n").toString();
  }

  private static List<Double> times(List<ChildJvm.Result> runs, String mark) {
    return runs.stream().map(r -> r.mark(mark)).toList();
  }

  private static List<Double> span(List<ChildJvm.Result> runs, String mark) {
    return runs.stream().map(r -> r.mark(mark) - r.mark(FirstRow.MAIN)).toList();
  }

  private ChildJvm.Result firstRow(String side, List<String> flags) throws IOException, InterruptedException {
    return jvms.get(side).run(flags, FirstRow.class, FirstRow.FIRST_ROW, side, endpoint);
  }

  /** Dumps a dynamic AppCDS archive of one side's first row; returns why not, or null. */
  private String trainArchive(String side, Path archive) throws InterruptedException {
    try {
      Files.deleteIfExists(archive);
      firstRow(side, List.of("-XX:ArchiveClassesAtExit=" + archive));
      if (!Files.isRegularFile(archive)) {
        return "the training run wrote no archive";
      }
      firstRow(side, List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive));
      return null;
    } catch (IOException e) {
      return e.getMessage().lines().findFirst().orElse("failed");
    }
  }

  private static String range(List<Double> values) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return String.format(Locale.ROOT, " (%.2f–%.2f)", min / 1000, max / 1000);
  }
}
