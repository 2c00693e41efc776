package dev.keycond.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Cold start: fresh JVMs from launch to the first row, keycond against the raw SDK, under the JVM
 * flags a shipped tool could set. The runs of both sides and of every variant are interleaved, so
 * that a noisy stretch of the machine hits them alike.
 */
final class ColdStart {
  private static final String C1 = "-XX:TieredStopAtLevel=1";

  private final String endpoint;
  private final ChildJvm jvm;
  private final Path workDir;
  private final int runs;

  /** A set of JVM flags, per side (an AppCDS archive belongs to one side). */
  private record Variant(String name, List<String> keycondFlags, List<String> rawFlags) {
    List<String> flags(String side) {
      return side.equals("keycond") ? keycondFlags : rawFlags;
    }
  }

  ColdStart(String endpoint, ChildJvm jvm, Path workDir, int runs) {
    this.endpoint = endpoint;
    this.jvm = jvm;
    this.workDir = workDir;
    this.runs = runs;
  }

  Section run() throws IOException, InterruptedException {
    List<String> notes = new ArrayList<>();
    List<Variant> variants = new ArrayList<>();
    variants.add(new Variant("default JVM flags", List.of(), List.of()));
    variants.add(new Variant("`" + C1 + "` (C1 only)", List.of(C1), List.of(C1)));
    Map<String, Path> archives = new LinkedHashMap<>();
    for (String side : List.of("keycond", "raw")) {
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
      variants.add(new Variant("AppCDS", List.of(keycondArchive), List.of(rawArchive)));
      variants.add(new Variant("AppCDS + C1", List.of(keycondArchive, C1), List.of(rawArchive, C1)));
    }

    // One untimed run per side first: the jars get into the page cache, as on any second launch.
    for (String side : List.of("keycond", "raw")) {
      firstRow(side, List.of());
    }
    Map<Variant, Map<String, List<Double>>> times = new LinkedHashMap<>();
    for (int i = 0; i < runs; i++) {
      for (Variant variant : variants) {
        for (String side : List.of("keycond", "raw")) {
          times.computeIfAbsent(variant, v -> new LinkedHashMap<>())
              .computeIfAbsent(side, s -> new ArrayList<>())
              .add(firstRow(side, variant.flags(side)));
        }
      }
    }

    StringBuilder md = new StringBuilder();
    md.append("### 1. Cold start: fresh JVM, launch to first row\n\n")
        .append("`").append(FirstRow.SQL).append("` through DriverManager, against the equivalent raw ")
        .append("`Query` (same projection) on a new DynamoDbClient. Median of ").append(runs)
        .append(" fresh JVMs per cell, runs interleaved; the range is min–max.\n\n")
        .append("| JVM flags | keycond | raw SDK | keycond / raw | keycond − raw |\n")
        .append("|---|---|---|---|---|\n");
    List<String> summary = new ArrayList<>();
    for (Map.Entry<Variant, Map<String, List<Double>>> row : times.entrySet()) {
      List<Double> keycond = row.getValue().get("keycond");
      List<Double> raw = row.getValue().get("raw");
      double k = Stats.median(keycond);
      double r = Stats.median(raw);
      md.append("| ").append(row.getKey().name())
          .append(" | ").append(Stats.seconds(k)).append(range(keycond))
          .append(" | ").append(Stats.seconds(r)).append(range(raw))
          .append(" | ").append(Stats.ratio(k, r))
          .append(" | ").append(Stats.seconds(k - r)).append(" |\n");
      summary.add(Section.summaryRow("cold start to first row, " + row.getKey().name(),
          Stats.seconds(k), Stats.seconds(r), Stats.ratio(k, r)));
    }
    for (String note : notes) {
      md.append("\n").append(note).append("\n");
    }
    if (archives.size() == 2) {
      md.append("\nAppCDS: one training run per side with `-XX:ArchiveClassesAtExit`, then "
          + "`-XX:SharedArchiveFile` (checked once with `-Xshare:on`, so the archive really maps).\n");
    }
    return new Section(md.toString(), summary);
  }

  private double firstRow(String side, List<String> flags) throws IOException, InterruptedException {
    return jvm.run(flags, FirstRow.class, FirstRow.MARKER, side, endpoint).millisToMarker();
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
