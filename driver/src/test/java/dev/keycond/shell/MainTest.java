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
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("shell [jdbc:keycond:...]"));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("mapping infer <jdbc:keycond:...>"));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void mappingWithoutACommandIsACommandLineError() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(new String[] {"mapping"}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, code);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("keycond mapping: say infer or import"),
        err.toString(StandardCharsets.UTF_8));
  }
}
