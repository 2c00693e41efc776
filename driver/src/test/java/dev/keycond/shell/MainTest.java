package dev.keycond.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The jar's command line. */
class MainTest {
  private record Run(int code, String out, String err) {}

  private static Run run(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void anUnknownCommandIsNamedBeforeTheUsageAndFails() throws Exception {
    Run run = run("bogus");
    assertEquals(2, run.code());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("keycond: unknown command 'bogus'"), run.err());
    assertTrue(run.err().contains("shell [jdbc:keycond:...]"), run.err());
  }

  @Test
  void helpGoesToStandardOutput() throws Exception {
    Run run = run("--help");
    assertEquals(0, run.code());
    assertTrue(run.out().contains("shell [jdbc:keycond:...]"));
    assertTrue(run.out().contains("mapping infer <jdbc:keycond:...>"));
    assertTrue(run.out().contains("demo [--port N] [--serve | --workbench | --no-shell | sqlline options]"), run.out());
    assertEquals("", run.err());
  }

  @Test
  void mappingWithoutACommandIsACommandLineError() throws Exception {
    Run run = run("mapping");
    assertEquals(2, run.code());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("keycond mapping: say infer or import"), run.err());
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
