package dev.keycond.benchmark;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Launches fresh JVMs that run one of the benchmark's {@code main}s, on this JVM's classpath or on
 * the one an application of either side would have (as jars): the only way to measure a cold
 * start, and a clean heap for the memory runs.
 */
final class ChildJvm {
  private static final long TIMEOUT_SECONDS = 120;

  /** The prefix of a line that marks a moment of the child's run: {@code MARK <name>}. */
  static final String MARK = "MARK ";

  /**
   * What a child printed, and when each of its {@link #MARK} lines arrived, in milliseconds from
   * just before launch: the time on the parent's clock, so that it includes the JVM's start.
   */
  record Result(List<String> stdout, Map<String, Double> marks) {
    /** The value of a {@code name=value} line. */
    String value(String name) {
      return stdout.stream().filter(l -> l.startsWith(name + "=")).findFirst()
          .map(l -> l.substring(name.length() + 1))
          .orElseThrow(() -> new IllegalStateException("The child printed no " + name + ": " + stdout));
    }

    double mark(String name) {
      Double millis = marks.get(name);
      if (millis == null) {
        throw new IllegalStateException("The child printed no mark " + name + ": " + stdout);
      }
      return millis;
    }
  }

  /** Prints a mark for the parent to time; the line is flushed at once. */
  static void mark(String name) {
    System.out.println(MARK + name);
    System.out.flush();
  }

  private final Path java = Path.of(System.getProperty("java.home"), "bin", "java");
  private final String classpath;
  private final Path stderr;

  /** Children on this JVM's classpath. */
  ChildJvm(Path workDir) throws IOException {
    this(workDir, System.getProperty("java.class.path"));
  }

  /** Children on {@code classpath}, its project entries copied as jars into {@code workDir}. */
  ChildJvm(Path workDir, String classpath) throws IOException {
    Files.createDirectories(workDir);
    this.classpath = ClasspathJars.of(classpath, workDir);
    stderr = workDir.resolve("child-stderr.txt");
  }

  /**
   * Children on what an application of one side loads: the benchmark's own classes, and either
   * keycond's self-contained jar (what SQL tools, the shell and the demo run) or the AWS SDK's jars.
   */
  static ChildJvm application(Path workDir, List<String> libraries) throws IOException {
    String own = Path.of(ChildJvm.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
    List<String> entries = new ArrayList<>();
    entries.add(own);
    entries.addAll(libraries);
    return new ChildJvm(workDir, String.join(File.pathSeparator, entries));
  }

  /**
   * Runs {@code main} with {@code args} in a fresh JVM to its end.
   *
   * @param requiredMark a mark the child must print, or null
   */
  Result run(List<String> jvmFlags, Class<?> main, String requiredMark, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(jvmFlags);
    command.add("-cp");
    command.add(classpath);
    command.add(main.getName());
    command.addAll(List.of(args));

    long start = System.nanoTime();
    Process process = new ProcessBuilder(command)
        .redirectError(stderr.toFile()) // a file, so a chatty child never blocks on a full pipe
        .start();
    process.getOutputStream().close();
    List<String> lines = new ArrayList<>();
    Map<String, Double> marks = new LinkedHashMap<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith(MARK)) {
          marks.putIfAbsent(line.substring(MARK.length()), (System.nanoTime() - start) / 1e6);
        }
        lines.add(line);
      }
    }
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException("A child JVM did not finish within " + TIMEOUT_SECONDS + " s: " + command);
    }
    if (process.exitValue() != 0 || (requiredMark != null && !marks.containsKey(requiredMark))) {
      throw new IOException("A child JVM failed (exit code " + process.exitValue() + "): "
          + (Files.readString(stderr).strip() + "\n" + String.join("\n", lines)).strip()
          + "\ncommand: " + command);
    }
    return new Result(lines, marks);
  }
}
