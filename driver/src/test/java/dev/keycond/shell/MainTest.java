package dev.keycond.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The jar's command line. */
class MainTest {
  @Test
  void anUnknownCommandIsNamedBeforeTheUsageAndFails() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(new String[] {"bogus"}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, code);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    String errors = err.toString(StandardCharsets.UTF_8);
    assertTrue(errors.startsWith("keycond: unknown command 'bogus'"), errors);
    assertTrue(errors.contains("shell [jdbc:keycond:...]"), errors);
  }

  @Test
  void helpGoesToStandardOutput() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code);
    String usage = out.toString(StandardCharsets.UTF_8);
    assertTrue(usage.contains("shell [jdbc:keycond:...]"), usage);
    assertTrue(usage.contains("demo [--port N] [--serve | --workbench | --no-shell | sqlline options]"), usage);
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theWorkbenchNeedsAUrlAndAPortNumber() throws Exception {
    for (String[] args : new String[][] {{"workbench"}, {"workbench", "jdbc:keycond:region=us-east-1", "--port", "x"},
        {"workbench", "jdbc:keycond:region=us-east-1", "--port", "70000"}}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(2, code, String.join(" ", args));
      assertEquals("usage: keycond workbench <jdbc:keycond:...> [--port N]\n", err.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aWorkbenchThatCannotConnectSaysWhyWithoutTheSecret() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(new String[] {"workbench", "jdbc:keycond:region=us-east-1;endpoint=http://127.0.0.1:9;"
        + "user=someone;password=Wb-Secret-7;mapping=inline:{\"tables\": 3}"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(1, code);
    String errors = err.toString(StandardCharsets.UTF_8);
    assertTrue(errors.startsWith("keycond workbench: "), errors);
    assertTrue(!errors.contains("Wb-Secret-7") && !out.toString(StandardCharsets.UTF_8).contains("Wb-Secret-7"), errors);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }
}
