package dev.keycond.sqltests.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test resources as files. Maven copies them to target/test-classes, so they are plain files, which
 * matters because the driver's {@code mapping} property takes a file path.
 */
public final class TestResources {
  private TestResources() {}

  /** The file of a classpath resource such as {@code fixtures/files.mapping.json}. */
  public static Path path(String resource) {
    URL url = TestResources.class.getClassLoader().getResource(resource);
    if (url == null) {
      throw new IllegalArgumentException("No test resource '" + resource
          + "' (looked under src/test/resources)");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new IllegalStateException("Test resource " + url + " is not a plain file", e);
    }
  }

  public static String read(String resource) {
    try {
      return Files.readString(path(resource), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
