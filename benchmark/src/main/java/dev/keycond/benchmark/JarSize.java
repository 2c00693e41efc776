package dev.keycond.benchmark;

import dev.keycond.benchmark.Section.SummaryRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * The size of keycond's self-contained jar, what SQL tools download, next to the jars the raw
 * baseline runs on: the AWS SDK's DynamoDB client, the baseline's HTTP client and their
 * dependencies, as they are on this JVM's classpath. keycond's jar holds those too, with Calcite.
 */
final class JarSize implements Measurement {
  private static final long TARGET_BYTES = 25_000_000;

  private final Path jar;

  JarSize(Path jar) {
    this.jar = jar;
  }

  @Override
  public Section run() throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IOException("No keycond jar at " + jar + "; the driver module's package phase builds it");
    }
    long keycond = Files.size(jar);
    int entries;
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      entries = zip.size();
    }
    List<String> sdkJars = SdkJars.onClasspath();
    long sdk = 0;
    for (String sdkJar : sdkJars) {
      sdk += Files.size(Path.of(sdkJar));
    }
    String md = "### 6. Jar size\n\n"
        + "`" + jar.getFileName() + "`, the one file SQL tools load as the driver: " + Stats.megabytes(keycond) + " ("
        + keycond + " bytes, " + entries + " entries). The raw SDK's " + sdkJars.size() + " jars (the DynamoDB client, "
        + "the baseline's HTTP client and their dependencies, SLF4J's API included) add up to "
        + Stats.megabytes(sdk) + "; keycond's jar holds most of them, Calcite and the shell. driver/pom.xml "
        + "says what is left out of it, and why.\n";
    return new Section(md, List.of(new SummaryRow("jar size (raw: the AWS SDK jars the baseline uses)", keycond, sdk,
        Stats.megabytes(keycond), Stats.megabytes(sdk), new Target.Size(TARGET_BYTES), "—", "—")));
  }
}
