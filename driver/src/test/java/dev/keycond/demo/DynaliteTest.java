package dev.keycond.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The local server's lifetime: it is the parent's to end, not a terminal's Ctrl-C. */
class DynaliteTest {
  @Test
  void ctrlCInTheTerminalDoesNotStopTheServer() throws Exception {
    assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "SIGINT is a POSIX signal");
    // Other tests of this JVM may have a server running already.
    List<ProcessHandle> before = servers();
    try (Dynalite dynalite = new Dynalite(); DynamoDbClient client = Dynalite.client(dynalite.endpoint())) {
      List<ProcessHandle> servers = servers().stream().filter(p -> !before.contains(p)).toList();
      assertEquals(1, servers.size(), servers::toString);
      Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(servers.get(0).pid())).inheritIO().start();
      assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -INT ran");
      Thread.sleep(500);
      assertTrue(servers.get(0).isAlive(), "the server outlives SIGINT");
      assertEquals(List.of(), client.listTables().tableNames());
    }
  }

  private static List<ProcessHandle> servers() {
    return ProcessHandle.current().children()
        .filter(p -> p.info().commandLine().orElse("").contains("server.js")).toList();
  }
}
