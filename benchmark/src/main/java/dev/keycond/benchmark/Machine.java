package dev.keycond.benchmark;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the numbers were measured on, for the report: they mean little without it. */
final class Machine {
  private Machine() {}

  static String describe(Path dynaliteDir) throws IOException, InterruptedException {
    StringBuilder md = new StringBuilder();
    md.append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" CPUs (nproc)");
    cpuModel().ifPresent(model -> md.append(", ").append(model));
    md.append(", ").append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.arch"))
        .append(". dynalite ").append(dynaliteVersion(dynaliteDir)).append(" on loopback.\n\n")
        .append("```\n$ java -version\n").append(javaVersion()).append("```\n");
    return md.toString();
  }

  /** The 1-minute load average: on a shared machine, how much else was running. */
  static String loadAverage() {
    return String.format(Locale.ROOT, "%.1f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static Optional<String> cpuModel() throws IOException {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (!Files.isReadable(cpuinfo)) {
      return Optional.empty();
    }
    return Files.readAllLines(cpuinfo).stream().filter(l -> l.startsWith("model name"))
        .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst();
  }

  private static String dynaliteVersion(Path dir) throws IOException {
    String packageJson = Files.readString(dir.resolve("node_modules/dynalite/package.json"));
    Matcher version = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"").matcher(packageJson);
    return version.find() ? version.group(1) : "(unknown version)";
  }

  /** The output of {@code java -version} for the java that runs the child JVMs. */
  private static String javaVersion() throws IOException, InterruptedException {
    Process java = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-version")).redirectErrorStream(true).start();
    String output = new String(java.getInputStream().readAllBytes(), UTF_8);
    java.waitFor();
    return output;
  }
}
