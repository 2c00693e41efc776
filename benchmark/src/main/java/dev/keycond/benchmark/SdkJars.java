package dev.keycond.benchmark;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * The jars an application of the raw AWS SDK runs on, as they are on this JVM's classpath: the
 * DynamoDB client, the baseline's HTTP client ({@link RawSdk#BASELINE}), their dependencies and SLF4J's
 * API; the other HTTP clients the benchmark measures are left out.
 */
final class SdkJars {
  private SdkJars() {}

  static List<String> onClasspath() {
    List<String> jars = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String path = entry.replace(File.separatorChar, '/');
      if (path.endsWith(".jar") && !HttpStack.ownedByOtherThan(RawSdk.BASELINE, path)
          && (path.contains("/software/amazon/awssdk/") || path.contains("/org/reactivestreams/")
              || path.contains("/org/slf4j/slf4j-api/") || RawSdk.BASELINE.owns(path))) {
        jars.add(entry);
      }
    }
    return jars;
  }
}
