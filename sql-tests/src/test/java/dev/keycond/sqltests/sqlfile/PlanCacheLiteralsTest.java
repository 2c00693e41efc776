package dev.keycond.sqltests.sqlfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.jdbc.KeycondConnection;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The literals a plan depends on, one by one: a connection that has just run a text (the primer)
 * runs a second text exactly as a connection that keeps no plans does (rows, requests, warnings,
 * or the same error), whether the second text shares the primer's plan or must not. Each case
 * also says which it is, so that a literal that starts or stops sharing is noticed, and what the
 * uncached outcome holds, so that a case cannot pass on two empty outcomes.
 */
@ExtendWith(DynaliteExtension.class)
class PlanCacheLiteralsTest {
  private static final String FILES = "SELECT path FROM files WHERE account = 'a91' AND path LIKE ";
  private static final String INVOICES = "SELECT seq FROM invoices WHERE customer = 'c1' AND seq ";
  private static final String ORDERS = "SELECT id FROM orders WHERE customer = 'c1' AND \"year\" = ";

  private DynamoServer server;

  @BeforeEach
  void server(DynamoServer server) {
    this.server = server;
  }

  @Test
  void likePatternsWithPrefixesOfOtherLengthsShareAPlan() throws SQLException {
    runsAsUncached("files-access-paths", FILES + "'root/%'", FILES + "'root/photos/2026/%'", true,
        "begins_with(SK, 'root/photos/2026/')");
    runsAsUncached("files-access-paths", FILES + "'root/photos/2026/%'", FILES + "'r%'", true,
        "begins_with(SK, 'r')");
  }

  @Test
  void likePatternsWithWildcardsElsewhereDoNotShareAPlan() throws SQLException {
    runsAsUncached("files-access-paths", FILES + "'root/%'", FILES + "'root/a_b/%'", false,
        "begins_with(SK, 'root/a')");
    runsAsUncached("files-access-paths", FILES + "'root/%'", FILES + "'root/%.txt'", false, "x.txt");
    runsAsUncached("files-access-paths", FILES + "'root/%'", FILES + "'%'", false, "PK = 'DRIVE#a91'");
    runsAsUncached("files-access-paths", FILES + "'root/%'", FILES + "'root/photos'", false,
        "GetItem");
    runsAsUncached("files-access-paths", FILES + "'root/%'", FILES + "'root/100!%/%' ESCAPE '!'", false,
        "begins_with(SK, 'root/100%/')");
  }

  @Test
  void aKeyValueTheTemplateCannotHoldRunsAsUncached() throws SQLException {
    runsAsUncached("entity-templates", ORDERS + "'2026'", ORDERS + "'2026#01'", true, "error 22");
    // A number wider than its slot is in no item's key: no row, and no request.
    runsAsUncached("entity-templates", INVOICES + "= 100", INVOICES + "= 1234567", true, "no DynamoDB requests");
    runsAsUncached("entity-templates", ORDERS + "'2026'", ORDERS + "''", false, "--- rows");
  }

  @Test
  void numbersOfAnotherTypeOrScaleDoNotShareAPlan() throws SQLException {
    runsAsUncached("entity-templates", INVOICES + "= 100", INVOICES + "= 100.5", false, "--- rows");
    runsAsUncached("entity-templates", INVOICES + "= 100", INVOICES + "= 5000000000", false, "--- ");
    runsAsUncached("entity-templates", INVOICES + "= 100.5", INVOICES + "= 100.25", false, "--- rows");
    runsAsUncached("entity-templates", INVOICES + "= 100", INVOICES + "= '100'", false, "--- ");
  }

  @Test
  void aFractionAndAWholeNumberOfOneScaleShareAPlan() throws SQLException {
    runsAsUncached("entity-templates", INVOICES + "= 100.5", INVOICES + "= 100.0", true, "INV#000100");
    runsAsUncached("entity-templates", INVOICES + "= 100.0", INVOICES + "= 100.5", true, "--- rows");
    runsAsUncached("entity-templates", INVOICES + "> 99.5", INVOICES + "> 99.0", true, "INV#");
  }

  @Test
  void limitValuesAreNotLifted() throws SQLException {
    runsAsUncached("files-access-paths", FILES + "'root/%' LIMIT 2", FILES + "'root/%' LIMIT 5", false,
        "Limit=5");
  }

  @Test
  void aPathFunctionsDelimiterIsNotLifted() throws SQLException {
    String parent = "SELECT path FROM files WHERE account = 'a91' AND PARENT_PATH(path, ";
    runsAsUncached("files-access-paths", parent + "'/') = 'root/photos/'", parent + "'.') = 'root/photos/'",
        false, "--- rows");
  }

  /**
   * Runs {@code primer} on a new caching connection, then {@code sql} on it and on a connection
   * that keeps no plans, both with the file's properties, and compares the outcomes.
   *
   * @param shared whether {@code sql} must run with the primer's plan
   * @param expected text the uncached outcome holds
   */
  private void runsAsUncached(String file, String primer, String sql, boolean shared, String expected)
      throws SQLException {
    SqlTestFile source = SqlFileTest.files().stream()
        .filter(f -> f.resource().endsWith("/" + file + ".sqltest")).findFirst().orElseThrow();
    source.fixtures().forEach(fixture -> Fixtures.load(server, fixture));
    SqlTestCase c = new SqlTestCase(sql, 0, sql, Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), List.of(), Map.of(), List.of(), OptionalLong.empty(),
        Map.of(), OptionalLong.empty(), Optional.empty());
    Map<String, String> properties = CaseRunner.properties(source, c);
    Map<String, String> none = new LinkedHashMap<>(properties);
    none.put("planCache", "0");
    try (ConnectionPool uncached = new ConnectionPool(server); ConnectionPool cached = new ConnectionPool(server)) {
      String own = CaseRunner.execute(uncached, none, sql, c).transcript();
      CaseRunner.execute(cached, properties, primer, c);
      long before = sharedRuns(cached, properties);
      String actual = CaseRunner.execute(cached, properties, sql, c).transcript();
      assertEquals(own, actual, sql + "\nafter " + primer);
      assertEquals(shared, sharedRuns(cached, properties) > before, (shared ? "not shared: " : "shared: ") + sql);
      assertTrue(own.contains(expected), own);
    }
  }

  private static long sharedRuns(ConnectionPool pool, Map<String, String> properties) throws SQLException {
    return pool.get(properties).unwrap(KeycondConnection.class).planCacheStatistics().sameShape();
  }
}
