package dev.keycond.sqltests.harness;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.demo.Moto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** moto that cannot be installed fails with the reason, never leaving a test to pass without it. */
class MotoTest {
  @Test
  void aFolderWithoutTheLauncherIsRefusedSayingWhatIsMissing(@TempDir Path folder) {
    IOException e = assertThrows(IOException.class, () -> Moto.start(folder));

    assertTrue(e.getMessage().contains("No server.py in " + folder), e.getMessage());
    assertTrue(e.getMessage().contains(Moto.DIR_PROPERTY), e.getMessage());
  }

  @Test
  void aPinnedPackageWhoseHashDiffersIsNotInstalled(@TempDir Path folder) throws IOException {
    Files.copy(Path.of(System.getProperty(Moto.DIR_PROPERTY, "moto"), "server.py"), folder.resolve("server.py"));
    // six 1.17.0 exists on PyPI, but no file of it has this hash: pip must refuse to install it.
    Files.writeString(folder.resolve("requirements.txt"), "six==1.17.0 \\\n    --hash=sha256:"
        + "0".repeat(64) + "\n");

    try {
      IOException e = assertThrows(IOException.class, () -> Moto.start(folder));

      assertTrue(e.getMessage().contains("pip install --require-hashes"), e.getMessage());
      assertTrue(e.getMessage().contains("so moto is not installed"), e.getMessage());
      assertTrue(e.getMessage().contains("HASH"), e.getMessage());
      assertTrue(Files.notExists(folder.resolve(".venv").resolve("keycond-requirements.sha256")),
          "the install is not marked as done");
    } finally {
      deleteVirtualEnvironment(folder.resolve(".venv"));
    }
  }

  /**
   * Deletes the virtual environment the failed install made, its links to the Python it was made
   * from included: JUnit would delete them too, but with a warning for each link that leads out of
   * its temporary folder.
   */
  private static void deleteVirtualEnvironment(Path venv) throws IOException {
    if (Files.notExists(venv, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(venv)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
