package dev.keycond.sqltests.fuzz;

import dev.keycond.sqltests.fuzz.WriteCheck.WriteRun;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The counts of a write fuzz run, by kind of write and verdict, and the failures in full. */
final class WriteReport {
  private final long seed;
  private final int count;
  private final Map<String, EnumMap<WriteVerdict, Integer>> counts = new TreeMap<>();
  private final List<String> failures = new ArrayList<>();

  WriteReport(long seed, int count) {
    this.seed = seed;
    this.count = count;
  }

  void add(WriteStatement statement, WriteRun run) {
    counts.computeIfAbsent(statement.kind(), k -> new EnumMap<>(WriteVerdict.class)).merge(run.verdict(), 1, Integer::sum);
    if (run.verdict().failure()) {
      failures.add(describe("WRITE FUZZ FAILURE: seed " + seed + ", statement " + statement.index() + " ("
          + statement.kind() + " on " + statement.table() + ")\n  again: mvn -B -o -pl sql-tests -am verify"
          + " -Dtest=WriteFuzzTest -Dsurefire.failIfNoSpecifiedTests=false -Dkeycond.writefuzz.seed=" + seed
          + " -Dkeycond.writefuzz.count=" + (statement.index() + 1), statement, run));
    }
  }

  /** One write and what it came to, for a failure's message. */
  static String describe(String title, WriteStatement statement, WriteRun run) {
    return title + "\n" + statement.describe() + "  verdict: " + run.verdict() + "\n  " + String.join("\n  ", run.problems())
        + "\n" + run.transcript() + "\n";
  }

  List<String> failures() {
    return failures;
  }

  String summary() {
    StringBuilder text = new StringBuilder("Write fuzz run: seed " + seed + ", " + count + " writes\n");
    EnumMap<WriteVerdict, Integer> total = new EnumMap<>(WriteVerdict.class);
    counts.forEach((kind, verdicts) -> {
      text.append(String.format("    %-14s %s%n", kind, verdicts));
      verdicts.forEach((v, n) -> total.merge(v, n, Integer::sum));
    });
    text.append(String.format("    %-14s %s%n", "all", total));
    text.append("  failures: ").append(failures.size()).append('\n');
    return text.toString();
  }
}
