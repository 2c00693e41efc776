package dev.keycond.sqltests.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixture;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.support.Keycond;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Differential SQL fuzzing: random SELECTs over the test mappings run through keycond against
 * dynalite and through H2 holding the same rows (decoded from the same fixture files). Each must
 * equal the reference, or be refused before any request (class 42 or 0A000, or a documented data
 * exception for a key value no key can hold); under scan=reject no Scan may be sent. The same
 * statement then runs under scan=allow, where only the documented refusals remain, and a
 * statement that key reads answered must send the same requests. A statement whose requests
 * carried a FilterExpression runs once more with serverFilters=false, where the driver checks
 * what DynamoDB checked, and must equal the reference too.
 *
 * <p>{@code -Dkeycond.fuzz.seed=N} and {@code -Dkeycond.fuzz.count=N} choose the run (the
 * default is a fixed seed and 300 statements); {@code -Dkeycond.fuzz.only=i,j} runs only those
 * statements of the seed's run, as a failure's message says.
 */
@ExtendWith(DynaliteExtension.class)
class DifferentialFuzzTest {
  private static final long DEFAULT_SEED = 20260609L;
  private static final int DEFAULT_COUNT = 300;

  /** The mappings fuzzed, each over its fixture, and how often each is picked. */
  private static final Map<String, Integer> MAPPINGS = new LinkedHashMap<>();

  static {
    MAPPINGS.put("fuzz", 40);
    MAPPINGS.put("single-table", 30);
    MAPPINGS.put("files", 15);
    MAPPINGS.put("hierarchy", 15);
  }

  @Test
  void everyStatementEqualsTheReferenceOrIsRefusedBeforeAnyRequest(DynamoServer server) throws Exception {
    long seed = Long.getLong("keycond.fuzz.seed", DEFAULT_SEED);
    int count = Integer.getInteger("keycond.fuzz.count", DEFAULT_COUNT);
    String only = System.getProperty("keycond.fuzz.only", "");
    Set<Integer> selected = only.isBlank() ? Set.of()
        : Arrays.stream(only.split(",")).map(String::trim).map(Integer::valueOf).collect(Collectors.toSet());
    Map<String, Target> targets = new LinkedHashMap<>();
    FuzzReport report = new FuzzReport(seed);
    long started = System.nanoTime();
    try {
      for (String mapping : MAPPINGS.keySet()) {
        targets.put(mapping, Target.open(server, mapping));
      }
      List<String> picks = new ArrayList<>();
      MAPPINGS.forEach((mapping, weight) -> {
        for (int i = 0; i < weight; i++) {
          picks.add(mapping);
        }
      });
      for (int i = 0; i < count; i++) {
        if (!selected.isEmpty() && !selected.contains(i)) {
          continue;
        }
        // The mapping and the statement are drawn apart, so that no statement shape goes with one mapping.
        Random draw = new Random(seed * 1_000_003L + i);
        Target target = targets.get(picks.get(draw.nextInt(picks.size())));
        FuzzStatement statement = StatementGenerator.generate(target.universe, target.reference, draw.nextLong(), i);
        check(target, statement, report);
      }
    } finally {
      for (Target target : targets.values()) {
        target.close();
      }
    }
    String summary = report.summary() + "  time: " + (System.nanoTime() - started) / 1_000_000 + " ms\n";
    System.out.println(summary);
    report.failures().forEach(System.out::println);
    Path out = Path.of("target", "fuzz-report.txt");
    try {
      Files.createDirectories(out.getParent());
      Files.writeString(out, summary + String.join("\n", report.failures()));
      Files.write(out.resolveSibling("fuzz-verdicts.txt"), report.verdicts());
    } catch (IOException e) {
      System.out.println("could not write " + out + ": " + e);
    }
    assertTrue(report.failures().isEmpty(), () -> summary + "\n"
        + String.join("\n", report.failures().subList(0, Math.min(10, report.failures().size()))));
    if (selected.isEmpty()) {
      assertTrue(report.filteredByDynamo() > 0, () -> "no statement was filtered by DynamoDB\n" + summary);
    }
  }

  private static void check(Target target, FuzzStatement statement, FuzzReport report) {
    ResultRows reference;
    try (Statement s = target.reference.connection().createStatement();
        ResultSet result = s.executeQuery(statement.referenceSql())) {
      reference = ResultRows.readReference(result);
    } catch (SQLException e) {
      report.referenceFailed(statement, e);
      return;
    }
    StatementRun reject = dynaliteOrder(StatementRun.run(target.reject, "reject", statement, reference),
        target.driverChecks, statement, reference);
    StatementRun allow = dynaliteOrder(StatementRun.run(target.allow, "allow", statement, reference),
        target.allowDriverChecks, statement, reference);
    if (reject.verdict() == Verdict.EQUAL && allow.verdict() == Verdict.EQUAL
        && !sorted(reject.requests()).equals(sorted(allow.requests()))) {
      allow = new StatementRun(allow.scan(), Verdict.REQUESTS_DEPEND_ON_SCAN, allow.rows(), allow.error(),
          allow.requests());
    }
    report.add(statement, reference, reject, allow);
    if (reject.verdict() == Verdict.EQUAL && reject.requests().stream().anyMatch(r -> r.filter() != null)) {
      report.addWithoutServerFilters(statement, reference,
          StatementRun.run(target.driverChecks, "reject", statement, reference));
    }
  }

  /**
   * A wrong answer that dynalite's string order explains (see {@link Verdict#DYNALITE_STRING_ORDER}):
   * a FilterExpression compared a character above U+FFFF, and with every condition checked in the
   * driver the rows are right. Any other run is returned as it is.
   */
  private static StatementRun dynaliteOrder(StatementRun run, Connection driverChecks, FuzzStatement statement,
      ResultRows reference) {
    boolean aboveBmp = run.requests().stream().map(RecordedRequest::filter)
        .anyMatch(f -> f != null && f.codePoints().anyMatch(c -> c > 0xFFFF));
    if (run.verdict() != Verdict.WRONG_ANSWER || !aboveBmp
        || StatementRun.run(driverChecks, run.scan(), statement, reference).verdict() != Verdict.EQUAL) {
      return run;
    }
    return new StatementRun(run.scan(), Verdict.DYNALITE_STRING_ORDER, run.rows(), run.error(), run.requests());
  }

  /** The requests in an order of their own, each with a batch's keys sorted (their order is the driver's to pick). */
  private static List<String> sorted(List<RecordedRequest> requests) {
    return requests.stream()
        .map(r -> new RecordedRequest(r.operation(), r.tableNames(), r.indexName(), r.keyCondition(), r.filter(),
            r.projection(), r.keys().stream().sorted().toList(), r.exclusiveStartKey(), r.limit(),
            r.scanIndexForward(), r.select(), r.consistentRead(), r.raw()).toString())
        .sorted().toList();
  }

  /**
   * One mapping: its tables, the reference holding their rows, and keycond under each scan setting,
   * and under each with every condition checked in the driver.
   */
  private record Target(FuzzUniverse universe, ReferenceDatabase reference, Connection reject, Connection allow,
      Connection driverChecks, Connection allowDriverChecks) implements AutoCloseable {
    static Target open(DynamoServer server, String mapping) throws SQLException {
      Fixture fixture = Fixtures.load(server, mapping);
      FuzzUniverse universe = FuzzUniverse.of(mapping, Fixtures.mapping(mapping), List.of(fixture));
      return new Target(universe, ReferenceDatabase.load(universe),
          Keycond.connect(server, mapping, "scan=reject"), Keycond.connect(server, mapping, "scan=allow"),
          Keycond.connect(server, mapping, "scan=reject", "serverFilters=false"),
          Keycond.connect(server, mapping, "scan=allow", "serverFilters=false"));
    }

    @Override
    public void close() throws SQLException {
      reference.close();
      reject.close();
      allow.close();
      driverChecks.close();
      allowDriverChecks.close();
    }
  }
}
