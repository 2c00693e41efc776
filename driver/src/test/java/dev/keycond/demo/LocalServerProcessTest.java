package dev.keycond.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that dies while it is used says how: its exit code and the end of its stderr. Tests run
 * against one server per JVM, and when it died, every later test failed with "Connection refused".
 */
class LocalServerProcessTest {
  @TempDir
  Path folder;

  @Test
  void aServerThatExitsOfItselfReportsItsExitCodeAndItsLastWords() throws Exception {
    LocalServerProcess.Launch launch = new LocalServerProcess.Launch("crashing-server", folder, "a POSIX shell");
    try (LocalServerProcess server = LocalServerProcess.start(launch,
        List.of("sh", "-c", "echo LISTENING 1; sleep 1; echo 'FATAL ERROR: heap limit' >&2; exit 3"))) {
      assertEquals(Optional.empty(), server.exitReport(), "the server still runs");
      String report = awaitExit(server);
      assertEquals("crashing-server exited with code 3; its stderr ended:\nFATAL ERROR: heap limit", report);
    }
  }

  @Test
  void aServerStoppedByItsOwnerReportsNothing() throws IOException {
    LocalServerProcess.Launch launch = new LocalServerProcess.Launch("quiet-server", folder, "a POSIX shell");
    LocalServerProcess server = LocalServerProcess.start(launch, List.of("sh", "-c", "echo LISTENING 1; sleep 30"));
    server.close();
    assertEquals(Optional.empty(), server.exitReport(), "it was stopped, it did not die");
  }

  private static String awaitExit(LocalServerProcess server) throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
    while (Instant.now().isBefore(deadline)) {
      Optional<String> report = server.exitReport();
      if (report.isPresent()) {
        return report.get();
      }
      Thread.sleep(50);
    }
    return fail("the server did not exit within 20 s");
  }
}
