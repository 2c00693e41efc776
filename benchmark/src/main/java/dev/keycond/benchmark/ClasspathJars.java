package dev.keycond.benchmark;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The classpath for the child JVMs: this JVM's, with the project's own entries (Maven's
 * {@code target/classes} directories and {@code target/*.jar}) copied as jars into the work
 * folder. Jars, because AppCDS archives only classes from jars, and an application loads the
 * driver from a jar anyway; copies, so that a rebuild of the project during the run cannot change
 * or break what the children load.
 */
final class ClasspathJars {
  private ClasspathJars() {}

  static String of(String classpath, Path workDir) throws IOException {
    List<String> entries = new ArrayList<>();
    int n = 0;
    for (String entry : classpath.split(File.pathSeparator)) {
      Path path = Path.of(entry).toAbsolutePath();
      Path copy = workDir.resolve("classpath-" + n++ + ".jar").toAbsolutePath();
      if (Files.isDirectory(path)) {
        pack(path, copy);
        entries.add(copy.toString());
      } else if (isBuildOutput(path)) {
        Files.copy(path, copy, StandardCopyOption.REPLACE_EXISTING);
        entries.add(copy.toString());
      } else {
        entries.add(entry);
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  private static boolean isBuildOutput(Path jar) {
    return jar.getParent() != null && jar.getParent().getFileName() != null
        && jar.getParent().getFileName().toString().equals("target");
  }

  private static void pack(Path directory, Path jar) throws IOException {
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file);
        Stream<Path> files = Files.walk(directory)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
        out.putNextEntry(new JarEntry(directory.relativize(f).toString().replace(File.separatorChar, '/')));
        Files.copy(f, out);
        out.closeEntry();
      }
    }
  }
}
