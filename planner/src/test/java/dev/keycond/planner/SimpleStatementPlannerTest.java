package dev.keycond.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.DynamoWrite;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.TableBinding;
import dev.keycond.planner.write.Assignment;
import dev.keycond.planner.write.WritePlan;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.sql.SqlExplainLevel;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.calcite.util.Util;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Each simple SELECT, INSERT, UPDATE or DELETE planned without Calcite's front end gets the plan
 * Calcite's path makes of it: for a SELECT the same read (conditions as the converter writes them,
 * projection, access path), result columns and marker types; for an UPDATE or DELETE the same
 * write (its read, assignments, condition) and marker types; for an INSERT the same rows, every
 * value of the same type, and marker types; and each statement the simple path
 * leaves to Calcite is planned by Calcite alone. The sweeps of the SQL corpus then run both paths
 * against a server.
 */
class SimpleStatementPlannerTest {
  private static final String MAPPING = """
      {"tables": {"t": {"source": "S",
        "columns": {"account": "VARCHAR", "path": "VARCHAR", "size": "BIGINT", "n": "INTEGER", "d": "DECIMAL",
                    "x": "DOUBLE", "born": "DATE", "ts": "TIMESTAMP", "flag": "BOOLEAN", "doc": "JSON",
                    "bin": "VARBINARY", "tags": "STRING SET", "owner": "VARCHAR", "Mixed Case": "VARCHAR"},
        "keys": {"PK": "A#{account}", "SK": "{path}", "GPK": "O#{owner}", "GSK": "{size}"}}}}
      """;
  private static final KeycondSchema SCHEMA = schema();

  @TestFactory
  Stream<DynamicTest> simpleSelectsArePlannedAsCalcitePlansThem() {
    return Stream.of(
        "SELECT path, size FROM t WHERE account = 'a1' AND path LIKE 'root/photos/%'",
        "SELECT size FROM t WHERE account = ? AND path = ?",
        "select * from t where account = ? and path like ?",
        "SELECT \"path\", \"Mixed Case\" FROM \"t\" WHERE \"account\" = 'it''s' AND path >= 'b'",
        "SELECT size, path FROM t WHERE account = 'a' AND size = 5 AND n = 7 AND path < 'x'",
        "SELECT ts FROM t WHERE account = 'é' AND size >= ? AND d = ? AND ts > ? AND born <= ? AND x > ?",
        "SELECT path FROM t WHERE account = 'a' AND size > 12345678901 AND n < 2147483647",
        "SELECT path FROM t WHERE account = '' AND path = ''",
        "SELECT account, path FROM t WHERE owner = 'o' AND size = 3",
        "SELECT account, path FROM t WHERE owner = ? AND size > ?",
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE 'Open%'",
        "SELECT path FROM t WHERE account = 'a' AND path >= ''",
        "SELECT path FROM t WHERE account = 'a' AND owner > '' AND n >= 0",
        "SELECT path, doc, tags, bin, flag FROM t -- a comment\n WHERE account = 'a' /* another */ AND path = 'p'")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertPlannedAlike(sql, true)));
  }

  @TestFactory
  Stream<DynamicTest> otherStatementsArePlannedByCalcite() {
    return Stream.of(
        "SELECT path FROM t WHERE account = 'a' AND path = 'p' OR account = 'b'",
        "SELECT path FROM t WHERE account = 'a' AND account = 'a'",
        "SELECT path FROM t WHERE account = 'a' AND path >= 'a' AND path < 'b'",
        "SELECT path FROM t WHERE account = 'a' AND size = '5'",
        "SELECT path FROM t WHERE account = 'a' AND d = 5",
        "SELECT path FROM t WHERE account = 'a' AND size = 5.0",
        "SELECT path FROM t WHERE account = 'a' AND born = '2024-01-01'",
        "SELECT path FROM t WHERE account = 'a' AND flag = ?",
        "SELECT path FROM t WHERE account = 'a' AND size LIKE ?",
        "SELECT path FROM t WHERE account = 'a' AND size = 123456789012345678901",
        "SELECT path FROM t WHERE account = 'a' ORDER BY path",
        "SELECT path FROM t WHERE account = 'a' LIMIT 3",
        "SELECT path, path FROM t WHERE account = 'a'",
        "SELECT path AS p FROM t WHERE account = 'a'",
        "SELECT t.path FROM t WHERE account = 'a'",
        "SELECT /*+ hint */ path FROM t WHERE account = 'a'",
        "SELECT path FROM t WHERE account = 'a' 'b'",
        "SELECT path FROM t WHERE 'a' = account",
        "SELECT path FROM t WHERE account = N'a'",
        "SELECT path FROM t WHERE account = 'a' AND path = 'p' AND size = -1",
        "SELECT path FROM t@ByOwner WHERE owner = 'o'",
        "SELECT path FROM t WHERE size = 5",
        // LIKE patterns Calcite rewrites, in some plans and not in others.
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE 'Open%%'",
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE '%' AND size < 0",
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE '%_'",
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE 'abc'",
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE ''",
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE 'a_b%'",
        "SELECT path FROM t WHERE account = 'a' AND owner LIKE 'a%b'",
        "SELECT path FROM t WHERE account = 'a' AND path LIKE 'r%%'",
        "SELECT path FROM t WHERE account = 'a' AND path LIKE '%'",
        "SELECT path FROM t WHERE account = 'a' AND path LIKE 'abc'",
        "SELECT path FROM t WHERE account = 'a' AND path = 'p' AND owner LIKE '%'")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertPlannedAlike(sql, false)));
  }

  @TestFactory
  Stream<DynamicTest> simpleChangesArePlannedAsCalcitePlansThem() {
    return Stream.of(
        "UPDATE t SET size = ? WHERE account = ? AND path = ?",
        "UPDATE t SET owner = 'o', n = 5, size = 12345678901 WHERE account = 'a' AND path = 'p'",
        "update t set d = ?, x = ?, born = ?, ts = ? where account = ? and path = ?",
        "UPDATE t SET \"Mixed Case\" = ? WHERE account = 'a' AND path LIKE 'root/%'",
        "UPDATE t SET owner = ? WHERE account = 'a' AND path = 'p' AND size > 5",
        "UPDATE t SET size = 3 WHERE account = 'a' AND path >= 'b' AND n < ?",
        "UPDATE t SET n = 2147483647, size = 999999999999999999 WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET n = 1 WHERE owner = 'o' AND size = 3",
        "DELETE FROM t WHERE account = ? AND path = ?",
        "DELETE FROM t WHERE account = 'a' AND path LIKE 'tmp/%'",
        "delete from t where account = 'a' and path = 'p' and owner = 'o' and size < 10",
        "DELETE FROM t WHERE owner = ? AND size = ?")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertPlannedAlike(sql, true)));
  }

  @TestFactory
  Stream<DynamicTest> simpleInsertsArePlannedAsCalcitePlansThem() {
    return Stream.of(
        "INSERT INTO t (account, path, size) VALUES (?, ?, ?)",
        "INSERT INTO t (account, path, size, owner) VALUES ('a', 'p', 5, ?)",
        "insert into t (path, account, d, born, ts, x, n) values (?, ?, ?, ?, ?, ?, 2147483647)",
        "INSERT INTO \"t\" (\"Mixed Case\", account, path) VALUES ('é', ?, 'p')",
        "UPSERT INTO t (account, path, size) VALUES (?, ?, 12345678901)",
        "INSERT INTO t (account, path) VALUES (?, '')")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertPlannedAlike(sql, true)));
  }

  @TestFactory
  Stream<DynamicTest> otherInsertsArePlannedByCalcite() {
    return Stream.of(
        "INSERT INTO t (account, path) VALUES ('a', 'p')",
        "UPSERT INTO t (account, path) VALUES ('a', 'p')",
        "INSERT INTO t (account, path, size) VALUES (?, ?, ?), (?, ?, ?)",
        "INSERT INTO t VALUES (?, ?)",
        "INSERT INTO t (path, size) VALUES (?, ?)",
        "INSERT INTO t (account, path, size) VALUES (?, ?, NULL)",
        "INSERT INTO t (account, path, size) VALUES (?, ?, '5')",
        "INSERT INTO t (account, path, owner) VALUES (?, ?, 5)",
        "INSERT INTO t (account, path, n) VALUES (?, ?, 2147483648)",
        "INSERT INTO t (account, path, d) VALUES (?, ?, 5)",
        "INSERT INTO t (account, path, flag) VALUES (?, ?, ?)",
        "INSERT INTO t (account, path, path) VALUES (?, ?, ?)",
        "INSERT INTO t (account, path, nothing) VALUES (?, ?, ?)",
        "INSERT INTO t (account, path) VALUES (?, ?, ?)",
        "INSERT INTO t (account, path) SELECT account, path FROM t WHERE account = ?",
        "INSERT INTO t (account, path) VALUES (?, ?) RETURNING path",
        "INSERT INTO t@ByOwner (account, path) VALUES (?, ?)",
        "EXPLAIN PLAN FOR INSERT INTO t (account, path) VALUES (?, ?)")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertPlannedAlike(sql, false)));
  }

  @TestFactory
  Stream<DynamicTest> otherChangesArePlannedByCalcite() {
    return Stream.of(
        "UPDATE t SET path = 'q' WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET account = ? WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET size = size + 1 WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET size = NULL WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET size = '5' WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET owner = 5 WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET n = 2147483648 WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET d = 5 WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET flag = ? WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET size = 1, size = 2 WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET nothing = 1 WHERE account = 'a' AND path = 'p'",
        "UPDATE t AS u SET size = 1 WHERE account = 'a' AND path = 'p'",
        "UPDATE t SET size = 1",
        "UPDATE t SET size = 1 WHERE size = 5",
        "UPDATE t SET size = 1 WHERE account = 'a' AND path = 'p' RETURNING size",
        "UPDATE t@ByOwner SET size = 1 WHERE owner = 'o'",
        "DELETE FROM t",
        "DELETE FROM t WHERE size = 5",
        "DELETE FROM t WHERE account = 'a' AND path = 'p' OR account = 'b'",
        "DELETE FROM t WHERE account = 'a' AND path = 'p'"
            + " AND EXISTS (SELECT 1 FROM t WHERE account = 'b' AND path = 'q')",
        "DELETE FROM t AS x WHERE account = 'a' AND path = 'p'",
        "EXPLAIN PLAN FOR DELETE FROM t WHERE account = 'a' AND path = 'p'")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertPlannedAlike(sql, false)));
  }

  /**
   * Literals beyond ISO-8859-1 are planned simply when Calcite's character set holds them: a
   * connection sets UTF-8 before Calcite starts, and a JVM that started Calcite first keeps
   * ISO-8859-1, in which Calcite refuses them, and then so must the simple path.
   */
  @TestFactory
  Stream<DynamicTest> literalsOfEveryCharacterAreWrittenInCalcitesCharacterSet() {
    return Stream.of(
        "SELECT path FROM t WHERE account = '日本' AND path LIKE '😀/%'",
        "SELECT path FROM t WHERE account = '😀' AND path < '日'",
        "SELECT path FROM t WHERE account = 'é' AND path = 'ü'")
        .map(sql -> DynamicTest.dynamicTest(sql, () -> assertPlannedAlike(sql,
            Util.getDefaultCharset().newEncoder().canEncode(sql))));
  }

  private static void assertPlannedAlike(String sql, boolean simply) {
    StatementPlanner simple = new StatementPlanner(SCHEMA, StatementSettings.defaults(), 0, DirectPlanning.ALL);
    StatementPlanner calcite = new StatementPlanner(SCHEMA, StatementSettings.defaults(), 0, DirectPlanning.NONE);
    Object expected;
    Object actual;
    try {
      CompiledPlan own = calcite.planned(sql, 0);
      CompiledPlan simplePlan = simple.planned(sql, 0);
      expected = outline(own);
      actual = outline(simplePlan);
    } catch (RuntimeException e) {
      expected = "refused";
      actual = "refused";
      assertEquals(false, simply, sql + " is refused: " + e.getMessage());
    }
    assertEquals(expected, actual, sql);
    assertEquals(simply ? 1 : 0, simple.cacheStatistics().simplePlans(), sql);
    assertEquals(0, calcite.cacheStatistics().simplePlans(), sql);
  }

  /**
   * What a plan does: its read (or its whole relational plan) and result columns, or its write
   * with every type of its expressions; and its marker types.
   */
  private static List<Object> outline(CompiledPlan plan) {
    if (plan.rel() instanceof DynamoWrite write && write.write() instanceof WritePlan.InsertRows) {
      Project rows = (Project) write.getInput();
      return List.of(write.write(), RelOptUtil.toString(write, SqlExplainLevel.DIGEST_ATTRIBUTES),
          rows.getRowType().getFullTypeString(),
          rows.getProjects().stream().map(e -> e.getType().getFullTypeString()).toList(),
          plan.statement().parameters());
    }
    if (plan.rel() instanceof DynamoWrite write) {
      DynamoRead read = (DynamoRead) write.getInput();
      return List.of(write.write(), typed(write.write()), read.plan(), read.getRowType().getFullTypeString(),
          plan.statement().parameters());
    }
    Object rel = plan.rel() instanceof DynamoRead read ? List.of(read.plan(), read.getRowType().getFullTypeString())
        : plan.rel().explain();
    return List.of(rel, ((PlannedQuery) plan.statement()).columns(), plan.statement().parameters());
  }

  /** The write's assignments, each value with its type, which the values' own digests leave out. */
  private static List<String> typed(WritePlan plan) {
    return ((WritePlan.ChangeRows) plan).assignments().stream()
        .map(a -> a.column() + " = " + (a instanceof Assignment.SetValue set
            ? set.value() + ":" + set.value().getType().getFullTypeString() : a.toString()))
        .toList();
  }

  private static KeycondSchema schema() {
    Mapping mapping = MappingParser.parse(MAPPING, "test mapping");
    TableMapping table = mapping.table("t").orElseThrow();
    SourceTable source = new SourceTable("S", new KeySchema("PK", Optional.of("SK")), ImmutableMap.of(),
        ImmutableList.of(new SourceIndex("ByOwner", SourceIndex.Kind.GLOBAL, new KeySchema("GPK", Optional.of("GSK")),
            SourceIndex.Projection.ALL, ImmutableSet.of())));
    EntityTable bound = TableBinding.bind(table, source, mapping.tables().values());
    return KeycondSchema.of(bound);
  }
}
