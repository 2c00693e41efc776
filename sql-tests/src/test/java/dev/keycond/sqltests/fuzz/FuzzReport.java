package dev.keycond.sqltests.fuzz;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The counts of a fuzz run, by category and verdict, and the failures in full. */
final class FuzzReport {
  private final long seed;
  private final Map<String, Map<String, EnumMap<Verdict, Integer>>> counts = new TreeMap<>();
  /** Per scan setting, the refusals by SQLState. */
  private final Map<String, Map<String, Integer>> refusals = new TreeMap<>();
  /** The refusals under scan=allow by SQLState and the start of their message, which the README must document. */
  private final Map<String, Integer> allowRefusals = new TreeMap<>();
  private final List<String> failures = new ArrayList<>();
  /** One line per statement: its index, category and both verdicts, to compare two runs of a seed. */
  private final List<String> verdicts = new ArrayList<>();
  /** For the statements DynamoDB filtered, the verdicts of their run with serverFilters=false. */
  private final EnumMap<Verdict, Integer> withoutServerFilters = new EnumMap<>(Verdict.class);
  private int statements;

  FuzzReport(long seed) {
    this.seed = seed;
  }

  void add(FuzzStatement statement, ResultRows reference, StatementRun reject, StatementRun allow) {
    statements++;
    verdicts.add(statement.index() + " " + statement.category() + " " + reject.verdict() + " " + allow.verdict()
        + reject.error().map(e -> " " + ((SQLException) e).getSQLState()).orElse(""));
    for (StatementRun run : List.of(reject, allow)) {
      counts.computeIfAbsent(run.scan(), s -> new TreeMap<>())
          .computeIfAbsent(statement.category(), c -> new EnumMap<>(Verdict.class))
          .merge(run.verdict(), 1, Integer::sum);
      if (run.verdict() == Verdict.REFUSED || run.verdict() == Verdict.REFUSED_VALUE) {
        SQLException refusal = (SQLException) run.error().orElseThrow();
        refusals.computeIfAbsent(run.scan(), s -> new TreeMap<>()).merge(refusal.getSQLState(), 1, Integer::sum);
        if (run.scan().equals("allow")) {
          String message = refusal.getMessage();
          allowRefusals.merge(refusal.getSQLState() + " " + message.substring(0, Math.min(90, message.length())),
              1, Integer::sum);
        }
      }
    }
    if (reject.verdict().failure() || allow.verdict().failure()) {
      failures.add(describe(statement, reference.toString(), List.of(reject, allow)));
    }
  }

  /**
   * The run with serverFilters=false of a statement whose requests carried a FilterExpression
   * under scan=reject: the driver checks what DynamoDB checked, and the rows must be the same.
   */
  void addWithoutServerFilters(FuzzStatement statement, ResultRows reference, StatementRun run) {
    withoutServerFilters.merge(run.verdict(), 1, Integer::sum);
    if (run.verdict() != Verdict.EQUAL) {
      failures.add(describe(statement, reference.toString(), List.of(run)).replace("keycond, scan=reject",
          "keycond, scan=reject, serverFilters=false"));
    }
  }

  /** How many statements DynamoDB filtered under scan=reject with its rows equal to the reference. */
  int filteredByDynamo() {
    return withoutServerFilters.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** A statement the reference engine could not run: the generator wrote SQL that is not standard. */
  void referenceFailed(FuzzStatement statement, Exception e) {
    statements++;
    counts.computeIfAbsent("reference", s -> new TreeMap<>())
        .computeIfAbsent(statement.category(), c -> new EnumMap<>(Verdict.class))
        .merge(Verdict.UNEXPECTED_ERROR, 1, Integer::sum);
    failures.add(describe(statement, "H2 failed: " + e, List.of()));
  }

  private String describe(FuzzStatement statement, String reference, List<StatementRun> runs) {
    StringBuilder text = new StringBuilder()
        .append("FUZZ FAILURE: seed ").append(seed).append(", statement ").append(statement.index())
        .append(" (").append(statement.category()).append(", mapping ").append(statement.universe()).append(")\n")
        .append("  again: mvn -B -o -pl sql-tests -am verify -Dtest=DifferentialFuzzTest -Dsurefire.failIfNoSpecifiedTests=false")
        .append(" -Dkeycond.fuzz.seed=").append(seed).append(" -Dkeycond.fuzz.only=").append(statement.index()).append('\n')
        .append("  SQL: ").append(statement.sql()).append('\n');
    if (statement.prepared()) {
      text.append("  parameters: ").append(statement.parameters()).append('\n');
    }
    text.append("  reference SQL (H2): ").append(statement.referenceSql()).append('\n')
        .append("  compared: ").append(statement.comparison()).append('\n')
        .append("  reference: ").append(reference).append('\n');
    runs.forEach(r -> text.append(r.describe()).append('\n'));
    return text.toString();
  }

  List<String> verdicts() {
    return verdicts;
  }

  List<String> failures() {
    return failures;
  }

  String summary() {
    StringBuilder text = new StringBuilder("Differential fuzz run: seed " + seed + ", " + statements + " statements\n");
    counts.forEach((scan, byCategory) -> {
      EnumMap<Verdict, Integer> total = new EnumMap<>(Verdict.class);
      text.append("  scan=").append(scan).append('\n');
      byCategory.forEach((category, verdicts) -> {
        text.append(String.format("    %-14s %s%n", category, verdicts));
        verdicts.forEach((v, n) -> total.merge(v, n, Integer::sum));
      });
      text.append(String.format("    %-14s %s%n", "all", total));
      text.append(String.format("    %-14s %s%n", "refused as", refusals.getOrDefault(scan, Map.of())));
    });
    allowRefusals.forEach((refusal, n) -> text.append("  refused under scan=allow, ").append(n).append("x: ")
        .append(refusal).append('\n'));
    text.append("  filtered by DynamoDB under scan=reject: ").append(filteredByDynamo())
        .append(" statements; again with serverFilters=false: ").append(withoutServerFilters).append('\n');
    text.append("  failures: ").append(failures.size()).append('\n');
    return text.toString();
  }
}
