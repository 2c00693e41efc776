package dev.keycond.sqltests.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fuzz.WriteCheck.WriteRun;
import dev.keycond.sqltests.fuzz.WriteStatement.Execution;
import dev.keycond.sqltests.fuzz.WriteStatement.Step;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opentest4j.AssertionFailedError;

/**
 * Differential write fuzzing: random writes ({@link WriteGenerator}) over the {@code writefuzz}
 * mapping (a hierarchy with a derived parent and its index, a sparse index on a column, a
 * single-table source with an overloaded index, a zero-padded slot, a DATE slot) run through
 * keycond against a fresh copy of its fixture on dynalite and through H2 holding the same rows;
 * after each, {@link WriteCheck} compares the counts, the error and the whole state of the server.
 *
 * <p>{@code -Dkeycond.writefuzz.seed=N} and {@code -Dkeycond.writefuzz.count=N} choose the run (the
 * default is two fixed seeds of {@value #DEFAULT_COUNT} writes each). Each write is generated from
 * the rows the earlier ones left, so a failing write is run again with its seed and a count that
 * ends with it, as its message says.
 *
 * <p>Each defect the fuzzer found is also a fixed case, checked by the same code on a fresh copy.
 * {@link #KNOWN_FAILING} names those that fail until their fix is merged, with the defect: such a case is reported as aborted with its failure, and one that passes fails the run,
 * so that it is taken off the list.
 */
@ExtendWith(DynaliteExtension.class)
class WriteFuzzTest {
  private static final long[] DEFAULT_SEEDS = {20261202L, 17L};
  private static final int DEFAULT_COUNT = 60;

  /** Fixed cases that fail until the fix of the defect named is merged. */
  private static final Map<String, String> KNOWN_FAILING = Map.of();

  @Test
  void everyWriteLeavesTheItemsTheReferenceSays(DynamoServer server) throws Exception {
    String seedProperty = System.getProperty("keycond.writefuzz.seed", "");
    long[] seeds = seedProperty.isBlank() ? DEFAULT_SEEDS : new long[] {Long.parseLong(seedProperty.trim())};
    int count = Integer.getInteger("keycond.writefuzz.count", DEFAULT_COUNT);
    List<String> summaries = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    long started = System.nanoTime();
    for (long seed : seeds) {
      WriteReport report = new WriteReport(seed, count);
      try (WriteTarget target = WriteTarget.open(server)) {
        for (int i = 0; i < count; i++) {
          WriteStatement statement = WriteGenerator.generate(target, seed * 1_000_003L + i, i);
          report.add(statement, WriteCheck.check(target, statement));
        }
      }
      summaries.add(report.summary());
      failures.addAll(report.failures());
    }
    String summary = String.join("", summaries) + "  time: " + (System.nanoTime() - started) / 1_000_000 + " ms\n";
    System.out.println(summary);
    Path out = Path.of("target", "writefuzz-report.txt");
    try {
      Files.createDirectories(out.getParent());
      Files.writeString(out, summary + ItemText.escaped(String.join("\n", failures)));
    } catch (IOException e) {
      System.out.println("could not write " + out + ": " + e);
    }
    assertTrue(failures.isEmpty(), () -> summary + "\n" + String.join("\n", failures.subList(0, Math.min(8, failures.size()))));
  }

  @TestFactory
  Stream<DynamicTest> eachDefectFoundIsAFixedCase(DynamoServer server) {
    return fixedCases().entrySet().stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
      WriteRun run;
      try (WriteTarget target = WriteTarget.open(server)) {
        run = WriteCheck.check(target, c.getValue());
      }
      String described = WriteReport.describe(c.getKey(), c.getValue(), run);
      String defect = KNOWN_FAILING.get(c.getKey());
      if (defect != null) {
        if (!run.verdict().failure()) {
          throw new AssertionFailedError("'" + c.getKey() + "' passes now: take it off KNOWN_FAILING ("
              + defect + ")\n" + described);
        }
        Assumptions.abort("known failing until its fix is merged (" + defect + "):\n" + described);
      }
      if (run.verdict().failure()) {
        throw new AssertionFailedError(described);
      }
    }));
  }

  // ---- the fixed cases: each issue 17 defect, as a write and its replay in the reference

  private static Map<String, WriteStatement> fixedCases() {
    Map<String, WriteStatement> cases = new LinkedHashMap<>();
    cases.put("defect 1: a 38-digit DECIMAL literal is stored exactly", write("files",
        "INSERT INTO files (account, path, size, score) VALUES ('a1', 'root/x', 0, 1.2345678901234567890123456789012345678)",
        List.of(), Set.of(),
        "INSERT INTO \"files\" (\"account\", \"path\", \"size\", \"score\", \"parent\") VALUES ('a1', 'root/x', 0, "
            + "1.2345678901234567890123456789012345678, 'root/')"));
    cases.put("defect 1: 1E-21 is stored, not rounded to 0", write("files",
        "INSERT INTO files (account, path, score) VALUES ('a1', 'root/tiny', 0.000000000000000000001)", List.of(), Set.of(),
        "INSERT INTO \"files\" (\"account\", \"path\", \"score\", \"parent\") VALUES ('a1', 'root/tiny', "
            + "0.000000000000000000001, 'root/')"));
    cases.put("defect 1: a wide DECIMAL that DynamoDB holds is taken by UPDATE", write("invoices",
        "UPDATE invoices SET amount = 123456789012345678901234567890.12345678 WHERE customer = 'c1' AND seq = 1",
        List.of(), Set.of(),
        "UPDATE \"invoices\" SET \"amount\" = 123456789012345678901234567890.12345678 WHERE \"customer\" = 'c1' AND \"seq\" = 1"));
    cases.put("defect 1: a 39-digit DECIMAL is refused with 22003", write("files",
        "INSERT INTO files (account, path, score) VALUES ('a1', 'root/wide', 1.23456789012345678901234567890123456789)",
        List.of(), Set.of(),
        "INSERT INTO \"files\" (\"account\", \"path\", \"score\", \"parent\") VALUES ('a1', 'root/wide', "
            + "1.23456789012345678901234567890123456789, 'root/')"));
    cases.put("defect 1: a duplicate key with a wide DECIMAL is 23505", write("files",
        "INSERT INTO files (account, path, score) VALUES ('a1', 'root/docs/cv.pdf', 123456789012345678901234567890.12345678)",
        List.of(), Set.of(),
        "INSERT INTO \"files\" (\"account\", \"path\", \"score\", \"parent\") VALUES ('a1', 'root/docs/cv.pdf', "
            + "123456789012345678901234567890.12345678, 'root/docs/')"));
    cases.put("defect 1: a DECIMAL parameter is stored exactly", write("projects",
        "UPSERT INTO projects (workspace_id, id, budget) VALUES (?, ?, ?)",
        List.of("acme", "p5", new BigDecimal("-0.00000000000000000000000000000000000012345")), Set.of(),
        "INSERT INTO \"projects\" (\"workspace_id\", \"id\", \"budget\") VALUES ('acme', 'p5', "
            + "-0.00000000000000000000000000000000000012345)"));
    cases.put("defect 1: SET score = score * 2 is exact", write("files",
        "UPDATE files SET score = score * 2 WHERE account = 'a1' AND path = 'root/pics/sea.jpg'", List.of(), Set.of(),
        "UPDATE \"files\" SET \"score\" = \"score\" * 2 WHERE \"account\" = 'a1' AND \"path\" = 'root/pics/sea.jpg'"));
    cases.put("defect 1: a batch of DECIMAL parameters is stored exactly", batch("invoices",
        "INSERT INTO invoices (customer, seq, amount) VALUES (?, ?, ?)",
        List.of(List.of("c3", 1, new BigDecimal("98765432109876543210.987654321098765432")),
            List.of("c3", 2, new BigDecimal("1E-130"))),
        List.of(Map.of("customer", "c3", "seq", BigDecimal.ONE), Map.of("customer", "c3", "seq", BigDecimal.valueOf(2))), Set.of(),
        "INSERT INTO \"invoices\" (\"customer\", \"seq\", \"amount\") VALUES ('c3', 1, 98765432109876543210.987654321098765432)",
        "INSERT INTO \"invoices\" (\"customer\", \"seq\", \"amount\") VALUES ('c3', 2, 1E-130)"));
    List<List<Object>> entries = new ArrayList<>();
    List<Map<String, Object>> keys = new ArrayList<>();
    List<String> reference = new ArrayList<>();
    // The first three are the fixture's orders, which an UpdateItem sent would change.
    List<String> dates = List.of("2025-02-10", "2025-03-01", "2024-12-31", "2025-02-10", "2025-02-10", "2025-02-10",
        "2025-02-10", "2025-02-10");
    for (int i = 0; i < 8; i++) {
      String customer = i == 2 ? "c2" : "c1";
      String id = i == 7 ? "q\uD800" : "o" + (i < 3 ? 1 + i : 10 + i);
      entries.add(List.of(5, customer, java.sql.Date.valueOf(dates.get(i)), id));
      keys.add(Map.of("customer_id", customer, "order_date", java.time.LocalDate.parse(dates.get(i)), "order_id", id));
      reference.add("UPDATE \"orders\" SET \"qty\" = 5 WHERE \"customer_id\" = '" + customer + "' AND \"order_date\" = "
          + "DATE '" + dates.get(i) + "' AND \"order_id\" = '" + id + "'");
    }
    cases.put("defect 2: a batch entry with a lone surrogate sends nothing", batch("orders",
        "UPDATE orders SET qty = ? WHERE customer_id = ? AND order_date = ? AND order_id = ?", entries, keys,
        Set.of("22021"), reference.toArray(String[]::new)));
    String longPath = "root/" + "d".repeat(1030);
    cases.put("defect 2: a batch of DELETEs with a key over 1024 bytes deletes nothing", batch("files",
        "DELETE FROM files WHERE account = ? AND path = ?",
        List.of(List.of("a1", "root/docs/cv.pdf"), List.of("a1", "root/pics/sea.jpg"), List.of("a1", longPath)),
        List.of(Map.of("account", "a1", "path", "root/docs/cv.pdf"), Map.of("account", "a1", "path", "root/pics/sea.jpg"),
            Map.of("account", "a1", "path", longPath)),
        Set.of("22001"),
        "DELETE FROM \"files\" WHERE \"account\" = 'a1' AND \"path\" = 'root/docs/cv.pdf'",
        "DELETE FROM \"files\" WHERE \"account\" = 'a1' AND \"path\" = 'root/pics/sea.jpg'",
        "DELETE FROM \"files\" WHERE \"account\" = 'a1' AND \"path\" = '" + longPath + "'"));
    String longSortKey = "root/" + "m".repeat(1029);
    cases.put("defect 3: a MERGE source row with a 1034-byte sort key sends nothing", write("files",
        "MERGE INTO files t USING (VALUES ('a1', 'root/ok', 1), ('a1', '" + longSortKey + "', 2)) AS s(a, p, z) "
            + "ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET size = s.z "
            + "WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)",
        List.of(), Set.of("22001")));
    cases.put("defect 4: MERGE with an exponent DECIMAL literal beside a plain one", write("files",
        "MERGE INTO files t USING (VALUES ('a1', 'root/m1', 2.5E-3), ('a1', 'root/docs/cv.pdf', 1.25)) AS s(a, p, z) "
            + "ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET score = s.z "
            + "WHEN NOT MATCHED THEN INSERT (account, path, score) VALUES (s.a, s.p, s.z)",
        List.of(), Set.of(),
        merge("files", "('a1', 'root/m1', 0.0025)", "\"account\", \"path\"", "score", "'root/'"),
        merge("files", "('a1', 'root/docs/cv.pdf', 1.25)", "\"account\", \"path\"", "score", "'root/docs/'")));
    cases.put("defect 4: MERGE with DECIMAL literals of three forms", write("projects",
        "MERGE INTO projects t USING (VALUES ('acme', 'p7', 1E+3), ('acme', 'p8', 0.1), "
            + "('acme', 'p9', 123456789012345678901234567890.12345678)) AS s(w, i, b) "
            + "ON t.workspace_id = s.w AND t.id = s.i WHEN MATCHED THEN UPDATE SET budget = s.b "
            + "WHEN NOT MATCHED THEN INSERT (workspace_id, id, budget) VALUES (s.w, s.i, s.b)",
        List.of(), Set.of(),
        merge("projects", "('acme', 'p7', 1000)", "\"workspace_id\", \"id\"", "budget", null),
        merge("projects", "('acme', 'p8', 0.1)", "\"workspace_id\", \"id\"", "budget", null),
        merge("projects", "('acme', 'p9', 123456789012345678901234567890.12345678)", "\"workspace_id\", \"id\"", "budget",
            null)));
    cases.put("defect 5: an empty string into an index key is refused with 22Z02", write("files",
        "UPDATE files SET tag = '' WHERE account = 'a1' AND path = 'root/docs/cv.pdf'", List.of(), Set.of(),
        "UPDATE \"files\" SET \"tag\" = '' WHERE \"account\" = 'a1' AND \"path\" = 'root/docs/cv.pdf'"));
    cases.put("defect 6: SET tag = tag || ? takes a parameter", write("files",
        "UPDATE files SET tag = tag || ? WHERE account = ? AND path = ?", List.of("-x", "a1", "root/docs/cv.pdf"), Set.of(),
        "UPDATE \"files\" SET \"tag\" = \"tag\" || '-x' WHERE \"account\" = 'a1' AND \"path\" = 'root/docs/cv.pdf'"));
    cases.put("defect 7: NOT (status = 'red') deletes a row whose status is ''", write("members",
        "DELETE FROM members WHERE workspace_id = 'acme' AND user_id = 'u26' AND NOT (status = 'red')", List.of(), Set.of(),
        "DELETE FROM \"members\" WHERE \"workspace_id\" = 'acme' AND \"user_id\" = 'u26' AND NOT (\"status\" = 'red')"));
    cases.put("defect 8: SET parent = NULL where no row matches counts 0", write("files",
        "UPDATE files SET size = 0, parent = NULL WHERE account = 'a1' AND path = 'root/none'", List.of(), Set.of(),
        "UPDATE \"files\" SET \"size\" = 0, \"parent\" = 'root/' WHERE \"account\" = 'a1' AND \"path\" = 'root/none'"));
    cases.put("defect 8: SET parent = NULL computes the parent from the path, as INSERT does", write("files",
        "UPDATE files SET size = 1, parent = NULL WHERE account = 'a1' AND path = 'root/docs/cv.pdf'", List.of(), Set.of(),
        "UPDATE \"files\" SET \"size\" = 1, \"parent\" = 'root/docs/' WHERE \"account\" = 'a1' AND \"path\" = 'root/docs/cv.pdf'"));
    cases.put("new: SET amount = amount - 0, which Calcite reduces to the column itself, plans", write("invoices",
        "UPDATE invoices SET amount = amount - 0 WHERE customer = 'c1' AND seq = 1", List.of(), Set.of(),
        "UPDATE \"invoices\" SET \"amount\" = \"amount\" - 0 WHERE \"customer\" = 'c1' AND \"seq\" = 1"));
    return cases;
  }

  /** A statement of one execution; each reference text is one step. */
  private static WriteStatement write(String table, String sql, List<Object> parameters, Set<String> refusals,
      String... reference) {
    List<Step> steps = Arrays.stream(reference).map(r -> new Step(0, List.of(r), Map.of())).toList();
    return new WriteStatement(0, table, "fixed", false, List.of(new Execution(sql, parameters)), steps, refusals, List.of());
  }

  /** A batch: entry i's reference is {@code reference[i]}, its item the one of key {@code keys[i]}. */
  private static WriteStatement batch(String table, String sql, List<List<Object>> entries, List<Map<String, Object>> keys,
      Set<String> refusals, String... reference) {
    List<Execution> executions = entries.stream().map(e -> new Execution(sql, e)).toList();
    List<Step> steps = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      steps.add(new Step(i, List.of(reference[i]), keys.get(i)));
    }
    return new WriteStatement(0, table, "fixed-batch", true, executions, steps, refusals, List.of());
  }

  /** The reference's MERGE of one source row {@code (keys..., value)} into {@code column}, the parent computed if given. */
  private static String merge(String table, String row, String keyColumns, String column, String parent) {
    String[] keys = keyColumns.split(", ");
    return "MERGE INTO \"" + table + "\" t USING (VALUES " + row + ") AS s(k0, k1, v) ON t." + keys[0] + " = s.k0 AND t."
        + keys[1] + " = s.k1 WHEN MATCHED THEN UPDATE SET \"" + column + "\" = s.v WHEN NOT MATCHED THEN INSERT ("
        + keyColumns + ", \"" + column + "\"" + (parent == null ? "" : ", \"parent\"") + ") VALUES (s.k0, s.k1, s.v"
        + (parent == null ? "" : ", " + parent) + ")";
  }
}
