package dev.keycond.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo as a GUI tool keeps it: {@code --serve} keeps the server up at a URL that is the same at
 * every run ({@code --port N}, the fixed mapping file), and the AWS CLI commands of its showcase
 * go to that URL's endpoint.
 */
class DemoServeTest {
  private static final Pattern URL = Pattern.compile("\n  (jdbc:keycond:region=us-east-1;endpoint=http://127\\.0\\.0\\.1:(\\d+);"
      + "user=demo;password=demo;mapping=(\\S+))\n");
  private static final Duration START = Duration.ofMinutes(2);

  @Test
  void serveKeepsTheServerUpAtTheGivenPortUntilStoppedWithTheCliCommandsOnTheSameEndpoint() throws Exception {
    int port = freePort();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    CompletableFuture<Integer> code = new CompletableFuture<>();
    Thread demo = new Thread(() -> {
      try {
        code.complete(Demo.run(List.of("--serve", "--port", String.valueOf(port)), out, InputStream.nullInputStream()));
      } catch (Throwable e) {
        code.completeExceptionally(e);
      }
    }, "demo --serve");
    demo.start();
    Matcher url = awaitUrl(bytes, code);
    String output = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(output.contains("The demo keeps running until it is stopped (Ctrl-C); any SQL tool can connect with:"),
        output);
    assertEquals(String.valueOf(port), url.group(2), output);
    assertEquals(Demo.mappingFile().toString(), url.group(3), "the mapping is the fixed file: " + output);
    assertEquals(DemoData.resource("demo/mapping.json"), Files.readString(Path.of(url.group(3))));
    assertTrue(output.contains("--endpoint-url http://127.0.0.1:" + port + " "),
        "the showcase's AWS CLI commands go to the URL's endpoint: " + output);
    assertFalse(output.contains("Port " + Demo.DEFAULT_PORT + " is taken"), output);

    // The showcase is over, yet the server answers for as long as the demo runs.
    try (Connection connection = DriverManager.getConnection(url.group(1));
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'globex'")) {
      assertTrue(rows.next());
      assertEquals("Globex", rows.getString(1));
      assertFalse(rows.next());
    }
    assertFalse(code.isDone(), "the demo still runs: " + bytes.toString(StandardCharsets.UTF_8));

    demo.interrupt();
    assertEquals(0, code.get(1, TimeUnit.MINUTES));
    assertThrows(ConnectException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close(),
        "the endpoint stops with the demo");
  }

  @Test
  void aDemoThatStopsAfterTheShowcaseSaysHowToKeepItRunningInsteadOfGivingAUrl() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code = Demo.run(List.of("--no-shell", "--port", "0"), new PrintStream(bytes, true, StandardCharsets.UTF_8),
        InputStream.nullInputStream());
    String output = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, output);
    assertTrue(output.endsWith("The demo stops here (--no-shell).\n"
        + "./keycond demo --serve keeps it running for a SQL tool, at the same URL every time.\n"), output);
    assertFalse(output.contains("any SQL tool can connect"), output);
  }

  @Test
  void aPortAskedForThatIsTakenStopsTheDemoAndSaysSo() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int code = Demo.run(List.of("--serve", "--port", String.valueOf(taken.getLocalPort())),
          new PrintStream(bytes, true, StandardCharsets.UTF_8), InputStream.nullInputStream());
      String output = bytes.toString(StandardCharsets.UTF_8);
      assertEquals(1, code, output);
      assertTrue(output.endsWith("Port " + taken.getLocalPort() + " is taken (by another demo?): stop what listens "
          + "there, or pick another port with --port N (--port 0 takes any free port).\n"), output);
    }
  }

  @Test
  void aMappingFolderThatCannotBeWrittenStopsTheDemoAndSaysWhichPropertyMovesIt(@TempDir Path dir) throws Exception {
    Path notAFolder = Files.writeString(dir.resolve("file"), "");
    String before = System.getProperty(Demo.DIR_PROPERTY);
    System.setProperty(Demo.DIR_PROPERTY, notAFolder.toString());
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int code = Demo.run(List.of("--no-shell", "--port", "0"), new PrintStream(bytes, true, StandardCharsets.UTF_8),
          InputStream.nullInputStream());
      String output = bytes.toString(StandardCharsets.UTF_8);
      assertEquals(1, code, output);
      assertTrue(output.contains("Cannot write the demo's mapping to " + notAFolder.resolve("mapping.json") + " ("),
          output);
      assertTrue(output.endsWith("the system property keycond.demo.dir names another folder for it.\n"), output);
    } finally {
      if (before == null) {
        System.clearProperty(Demo.DIR_PROPERTY);
      } else {
        System.setProperty(Demo.DIR_PROPERTY, before);
      }
    }
  }

  @Test
  void theDefaultPortWhenFree() throws Exception {
    int port = freePort();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Optional<RecordingProxy> proxy = Demo.listen("http://127.0.0.1:1", OptionalInt.empty(), port, request -> {},
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try (RecordingProxy listening = proxy.orElseThrow()) {
      assertEquals(port, listening.port());
    }
    assertEquals("", bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aTakenDefaultPortFallsBackToAFreeOneAndSaysThatASavedConnectionMissesIt() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      Optional<RecordingProxy> proxy = Demo.listen("http://127.0.0.1:1", OptionalInt.empty(), port, request -> {},
          new PrintStream(bytes, true, StandardCharsets.UTF_8));
      try (RecordingProxy listening = proxy.orElseThrow()) {
        assertTrue(listening.port() != port && listening.port() > 0);
        assertEquals("Port " + port + " is taken (by another demo?), so this demo listens on port " + listening.port()
            + " instead: a connection saved with port " + port + " does not reach it. --port N picks the port.\n",
            bytes.toString(StandardCharsets.UTF_8));
      }
    }
  }

  @Test
  void wrongOptionsAreNamedAndStartNothing() throws Exception {
    assertEquals("keycond demo: --port takes a port number, not 'x'\n", failure("--port", "x"));
    assertEquals("keycond demo: --port needs a port number, such as --port 8707\n", failure("--port"));
    assertEquals("keycond demo: --port takes a port from 0 (any free port) to 65535, not 70000\n",
        failure("--port", "70000"));
    assertEquals("keycond demo: --serve keeps the server up without a shell, so it takes no shell options: "
        + "-e SELECT 1\n", failure("--serve", "-e", "SELECT 1"));
    assertEquals("keycond demo: --no-shell stops after the showcase, --serve keeps the server up and --workbench "
        + "serves a page over it: give one of them\n", failure("--serve", "--no-shell"));
    assertEquals("keycond demo: --no-shell stops after the showcase, --serve keeps the server up and --workbench "
        + "serves a page over it: give one of them\n", failure("--workbench", "--serve"));
    assertEquals("keycond demo: --workbench keeps the server up without a shell, so it takes no shell options: "
        + "-f x.sql\n", failure("--workbench", "-f", "x.sql"));
  }

  @Test
  void optionsSayWhatTheDemoDoesAfterTheShowcase() {
    assertEquals(new DemoOptions(OptionalInt.empty(), DemoOptions.After.SHELL, List.of()), DemoOptions.parse(List.of()));
    assertEquals(new DemoOptions(OptionalInt.of(9000), DemoOptions.After.SCRIPT, List.of("-e", "!tables")),
        DemoOptions.parse(List.of("-e", "!tables", "--port", "9000")));
    assertEquals(new DemoOptions(OptionalInt.empty(), DemoOptions.After.STOP, List.of("-e", "!tables")),
        DemoOptions.parse(List.of("--no-shell", "-e", "!tables")));
    assertEquals(new DemoOptions(OptionalInt.of(0), DemoOptions.After.SERVE, List.of()),
        DemoOptions.parse(List.of("--port", "0", "--serve")));
    assertEquals(new DemoOptions(OptionalInt.of(9001), DemoOptions.After.WORKBENCH, List.of()),
        DemoOptions.parse(List.of("--workbench", "--port", "9001")));
  }

  private static String failure(String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code = Demo.run(List.of(args), new PrintStream(bytes, true, StandardCharsets.UTF_8), InputStream.nullInputStream());
    assertEquals(2, code);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** Waits for the demo to print its URL; fails with its output if it stops or takes too long. */
  private static Matcher awaitUrl(ByteArrayOutputStream bytes, CompletableFuture<Integer> code) throws Exception {
    Instant deadline = Instant.now().plus(START);
    while (Instant.now().isBefore(deadline)) {
      Matcher url = URL.matcher(bytes.toString(StandardCharsets.UTF_8));
      if (url.find()) {
        return url;
      }
      if (code.isDone()) {
        throw new AssertionError("the demo stopped with " + code.get() + ":\n" + bytes.toString(StandardCharsets.UTF_8));
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no URL within " + START + ":\n" + bytes.toString(StandardCharsets.UTF_8));
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
