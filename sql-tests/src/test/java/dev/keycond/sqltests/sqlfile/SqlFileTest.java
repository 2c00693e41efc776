package dev.keycond.sqltests.sqlfile;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.ServerKind;
import dev.keycond.sqltests.support.TestResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs every {@code src/test/resources/sql/*.sqltest} file: one container per file, one test per
 * case. Files are parsed before any test runs, so a malformed file fails the whole factory
 * instead of losing cases.
 */
@ExtendWith(DynaliteExtension.class)
class SqlFileTest {
  private static final String DIRECTORY = "sql";

  /**
   * One pool per file, closed after all the dynamic tests have run (after the factory returns).
   * Files never share a connection: a connection lists the DynamoDB tables when it opens, so one
   * opened before a later file's fixture was loaded would not see that fixture's tables.
   */
  private static final List<ConnectionPool> POOLS = new ArrayList<>();

  @TestFactory
  Stream<DynamicNode> sqlFiles(DynamoServer server) {
    List<SqlTestFile> files = files();
    if (files.isEmpty()) {
      throw new IllegalStateException("No .sqltest files under src/test/resources/" + DIRECTORY);
    }
    printLeftOut(server.kind(), files);
    return files.stream().map(file -> container(server, file));
  }

  /**
   * Lists once the cases the server's run leaves out, each with the gap of the server its marker
   * names: a gap is known and expected, so it is not reported as a skipped test, yet it is shown.
   */
  private static void printLeftOut(ServerKind server, List<SqlTestFile> files) {
    List<String> leftOut = files.stream()
        .flatMap(file -> file.cases().stream().filter(c -> !c.runsOn(server))
            .map(c -> "  " + file.resource() + ":" + c.line() + " '" + c.title() + "': " + c.skipOn().get(server)))
        .toList();
    if (!leftOut.isEmpty()) {
      System.out.println("[keycond] The " + server.label() + " run leaves out " + leftOut.size() + " .sqltest cases, "
          + "each marked '--- skip-on " + server.label() + ": <" + server.label() + "'s gap>':"
          + System.lineSeparator() + String.join(System.lineSeparator(), leftOut));
    }
  }

  @AfterAll
  static void closeConnections() throws SQLException {
    for (ConnectionPool pool : POOLS) {
      pool.close();
    }
    POOLS.clear();
  }

  private static DynamicContainer container(DynamoServer server, SqlTestFile file) {
    ConnectionPool pool = new ConnectionPool(server);
    POOLS.add(pool);
    CaseRunner runner = new CaseRunner(server, file, pool);
    URI source = source(file.resource());
    return DynamicContainer.dynamicContainer(file.resource(), source, file.cases().stream()
        .filter(c -> c.runsOn(server.kind()))
        .map(c -> DynamicTest.dynamicTest(c.title(), URI.create(source + "?line=" + c.line()),
            () -> runner.run(c))));
  }

  static List<SqlTestFile> files() {
    Path directory = TestResources.path(DIRECTORY);
    try (Stream<Path> paths = Files.list(directory)) {
      return paths
          .peek(path -> {
            // A misnamed file (foo.sqltst, foo.sql) would otherwise be skipped without a word.
            if (!path.getFileName().toString().endsWith(".sqltest")) {
              throw new IllegalStateException(path + " is not a .sqltest file; only those belong "
                  + "in src/test/resources/" + DIRECTORY);
            }
          })
          .sorted()
          .map(path -> {
            String resource = DIRECTORY + "/" + path.getFileName();
            return SqlTestParser.parse(resource, TestResources.read(resource));
          })
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file under src/test/resources when the test runs from the module, for IDE navigation. */
  private static URI source(String resource) {
    Path source = Path.of("src", "test", "resources", resource);
    return Files.isRegularFile(source) ? source.toUri() : TestResources.path(resource).toUri();
  }
}
