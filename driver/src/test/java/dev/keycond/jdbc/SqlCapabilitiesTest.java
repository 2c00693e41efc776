package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.functions.DynamoDbTypeFunction;
import dev.keycond.planner.functions.PathFunctions;
import dev.keycond.testing.DemoDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * What DatabaseMetaData claims about SQL is what keycond runs: every listed JDBC escape function
 * and every SQL feature it says it supports is executed here, with its result checked.
 */
class SqlCapabilitiesTest {
  /** The row the functions are applied to: account a91's root folder, modified 2026-01-02T09:00:00Z. */
  private static final String ONE_ROW = " FROM files WHERE account = 'a91' AND path = 'root/'";

  /** A call of each listed function and its result as getString gives it; null: any non-null value. */
  private static final Map<String, String[]> FUNCTIONS = Map.ofEntries(
      Map.entry("ABS", new String[] {"{fn ABS(-2)}", "2"}),
      Map.entry("ACOS", new String[] {"{fn ACOS(1)}", "0.0"}),
      Map.entry("ASIN", new String[] {"{fn ASIN(0)}", "0.0"}),
      Map.entry("ATAN", new String[] {"{fn ROUND({fn ATAN(1)} * 4, 5)}", "3.14159"}),
      Map.entry("ATAN2", new String[] {"{fn ROUND({fn ATAN2(1, 1)} * 4, 5)}", "3.14159"}),
      Map.entry("CEILING", new String[] {"{fn CEILING(1.5)}", "2"}),
      Map.entry("COS", new String[] {"{fn COS(0)}", "1.0"}),
      Map.entry("COT", new String[] {"{fn ROUND({fn COT({fn PI()} / 4)}, 5)}", "1.0"}),
      Map.entry("DEGREES", new String[] {"{fn DEGREES({fn PI()})}", "180.0"}),
      Map.entry("EXP", new String[] {"{fn EXP(0)}", "1.0"}),
      Map.entry("LOG", new String[] {"{fn LOG({fn EXP(2)})}", "2.0"}),
      Map.entry("LOG10", new String[] {"{fn LOG10(1000)}", "3.0"}),
      Map.entry("PI", new String[] {"{fn ROUND({fn PI()}, 2)}", "3.14"}),
      Map.entry("RADIANS", new String[] {"{fn ROUND({fn RADIANS(180)}, 5)}", "3.14159"}),
      Map.entry("SIGN", new String[] {"{fn SIGN(-7)}", "-1"}),
      Map.entry("SIN", new String[] {"{fn SIN(0)}", "0.0"}),
      Map.entry("TAN", new String[] {"{fn TAN(0)}", "0.0"}),
      Map.entry("ASCII", new String[] {"{fn ASCII(path)}", "114"}),
      Map.entry("INSERT", new String[] {"{fn INSERT(path, 1, 4, 'top')}", "top/"}),
      Map.entry("LEFT", new String[] {"{fn LEFT(path, 4)}", "root"}),
      Map.entry("RIGHT", new String[] {"{fn RIGHT(path, 2)}", "t/"}),
      Map.entry("DAYNAME", new String[] {"{fn DAYNAME(modified)}", "Friday"}),
      Map.entry("MONTHNAME", new String[] {"{fn MONTHNAME(modified)}", "January"}),
      Map.entry("TIMESTAMPADD", new String[] {"{fn DAYOFMONTH({fn TIMESTAMPADD(SQL_TSI_DAY, 30, modified)})}", "1"}),
      Map.entry("TIMESTAMPDIFF", new String[] {"{fn TIMESTAMPDIFF(SQL_TSI_HOUR, {ts '2026-01-02 00:00:00'}, modified)}",
          "9"}),
      Map.entry("FLOOR", new String[] {"{fn FLOOR(1.5)}", "1"}),
      Map.entry("MOD", new String[] {"{fn MOD(7, 3)}", "1"}),
      Map.entry("POWER", new String[] {"{fn POWER(2, 3)}", "8.0"}),
      Map.entry("ROUND", new String[] {"{fn ROUND(1.55, 1)}", "1.6"}),
      Map.entry("SQRT", new String[] {"{fn SQRT(16)}", "4.0"}),
      Map.entry("TRUNCATE", new String[] {"{fn TRUNCATE(1.55, 1)}", "1.5"}),
      Map.entry("CONCAT", new String[] {"{fn CONCAT(path, 'x')}", "root/x"}),
      Map.entry("LCASE", new String[] {"{fn LCASE('RoOt')}", "root"}),
      Map.entry("LENGTH", new String[] {"{fn LENGTH(path)}", "5"}),
      Map.entry("LOCATE", new String[] {"{fn LOCATE('/', path)}", "5"}),
      Map.entry("LTRIM", new String[] {"{fn LTRIM('  x')}", "x"}),
      Map.entry("REPLACE", new String[] {"{fn REPLACE(path, 'root', 'top')}", "top/"}),
      Map.entry("RTRIM", new String[] {"{fn RTRIM('x  ')}", "x"}),
      Map.entry("SUBSTRING", new String[] {"{fn SUBSTRING(path, 2, 3)}", "oot"}),
      Map.entry("UCASE", new String[] {"{fn UCASE(path)}", "ROOT/"}),
      Map.entry("IFNULL", new String[] {"{fn IFNULL(parent, 'none')}", "none"}),
      Map.entry("CURDATE", new String[] {"{fn CURDATE()}", null}),
      Map.entry("CURTIME", new String[] {"{fn CURTIME()}", null}),
      Map.entry("NOW", new String[] {"{fn NOW()}", null}),
      Map.entry("YEAR", new String[] {"{fn YEAR(modified)}", "2026"}),
      Map.entry("QUARTER", new String[] {"{fn QUARTER(modified)}", "1"}),
      Map.entry("MONTH", new String[] {"{fn MONTH(modified)}", "1"}),
      Map.entry("WEEK", new String[] {"{fn WEEK(modified)}", "1"}),
      Map.entry("DAYOFYEAR", new String[] {"{fn DAYOFYEAR(modified)}", "2"}),
      Map.entry("DAYOFMONTH", new String[] {"{fn DAYOFMONTH(modified)}", "2"}),
      Map.entry("DAYOFWEEK", new String[] {"{fn DAYOFWEEK(modified)}", "6"}),
      Map.entry("HOUR", new String[] {"{fn HOUR(modified)}", "9"}),
      Map.entry("MINUTE", new String[] {"{fn MINUTE(modified)}", "0"}),
      Map.entry("SECOND", new String[] {"{fn SECOND(modified)}", "0"}));

  /** Each SQL feature DatabaseMetaData claims, with a statement that uses it and its rows. */
  private static final List<Object[]> FEATURES = List.of(
      feature("supportsConvert", "SELECT {fn CONVERT(size, SQL_VARCHAR)}" + ONE_ROW, "0"),
      feature("supportsColumnAliasing", "SELECT path AS p" + ONE_ROW, "root/"),
      feature("supportsTableCorrelationNames",
          "SELECT f.path FROM files f WHERE f.account = 'a91' AND f.path = 'root/'", "root/"),
      feature("supportsSchemasInDataManipulation",
          "SELECT path FROM dynamodb.files WHERE account = 'a91' AND path = 'root/'", "root/"),
      feature("supportsLikeEscapeClause",
          "SELECT path FROM files WHERE account = 'a91' AND path LIKE 'root/photos\\_%' ESCAPE '\\'"),
      feature("nullPlusNonNullIsNull", "SELECT size + NULL" + ONE_ROW, "null"),
      feature("nullsAreSortedHigh",
          "SELECT path FROM files WHERE account = 'b07' AND path < 'root/p' ORDER BY parent",
          "root/music/", "root/music/intro.mp3", "root/music/outro.mp3", "root/"),
      feature("supportsExpressionsInOrderBy",
          "SELECT path FROM files WHERE account = 'b07' AND path LIKE 'root/music/%.mp3' ORDER BY size * -1",
          "root/music/intro.mp3", "root/music/outro.mp3"),
      feature("supportsOrderByUnrelated",
          "SELECT path FROM files WHERE account = 'b07' AND path LIKE 'root/music/%.mp3' ORDER BY size",
          "root/music/outro.mp3", "root/music/intro.mp3"),
      feature("supportsGroupBy",
          "SELECT parent, COUNT(*) FROM files WHERE account = 'b07' GROUP BY parent ORDER BY parent",
          "root/|2", "root/music/|2", "root/photos/|1", "null|1"),
      feature("supportsGroupByUnrelated",
          "SELECT COUNT(*) FROM files WHERE account = 'b07' GROUP BY parent ORDER BY COUNT(*)", "1", "1", "2", "2"),
      feature("supportsGroupByBeyondSelect",
          "SELECT parent, COUNT(*) FROM files WHERE account = 'b07' GROUP BY parent, size > 0 "
              + "ORDER BY parent", "root/|2", "root/music/|2", "root/photos/|1", "null|1"),
      feature("supportsUnion", "SELECT path FROM files WHERE account = 'a91' AND path = 'root/' UNION "
          + "SELECT path FROM files WHERE account = 'b07' AND path = 'root/'", "root/"),
      feature("supportsUnionAll", "SELECT path FROM files WHERE account = 'a91' AND path = 'root/' UNION ALL "
          + "SELECT path FROM files WHERE account = 'b07' AND path = 'root/'", "root/", "root/"),
      feature("supportsOuterJoins", "SELECT w.name, p.name FROM workspaces w LEFT JOIN projects p "
          + "ON p.workspace_id = w.id AND p.status = 'active' WHERE w.id = 'acme'", "Acme Corp|Launch 2026"),
      feature("supportsLimitedOuterJoins", "SELECT w.name, p.name FROM workspaces w LEFT JOIN projects p "
          + "ON p.workspace_id = w.id AND p.status = 'gone' WHERE w.id = 'acme'", "Acme Corp|null"),
      feature("supportsFullOuterJoins", "SELECT w.name, p.name FROM workspaces w FULL OUTER JOIN projects p "
          + "ON p.workspace_id = w.id WHERE w.id = 'acme' ORDER BY p.name", "Acme Corp|Launch 2026", "Acme Corp|Rebrand",
          "Acme Corp|Website"),
      feature("supportsCorrelatedSubqueries", "SELECT w.id, (SELECT COUNT(*) FROM projects p WHERE p.workspace_id = "
          + "w.id) FROM workspaces w WHERE w.id = 'acme'", "acme|3"),
      feature("supportsMinimumSQLGrammar", "SELECT path" + ONE_ROW, "root/"),
      feature("supportsSubqueriesInComparisons", "SELECT path FROM files WHERE account = 'b07' AND "
          + "size > (SELECT MAX(size) FROM files WHERE account = 'b07' AND path LIKE 'root/photos/%')",
          "root/music/intro.mp3", "root/music/outro.mp3"),
      feature("supportsSubqueriesInExists", "SELECT path FROM files WHERE account = 'b07' AND path = 'root/' "
          + "AND EXISTS (SELECT 1 FROM workspaces WHERE id = 'acme')", "root/"),
      feature("supportsSubqueriesInIns", "SELECT path FROM files WHERE account = 'a91' AND path IN "
          + "(SELECT path FROM files WHERE account = 'b07')", "root/", "root/photos/"));

  private static Connection connection;
  private static DatabaseMetaData meta;

  @BeforeAll
  static void connect() throws SQLException {
    connection = DemoDatabase.get().connect();
    meta = connection.getMetaData();
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  private static Object[] feature(String method, String sql, String... rows) {
    return new Object[] {method, sql, rows};
  }

  @TestFactory
  Stream<DynamicTest> everyListedFunctionRuns() throws SQLException {
    List<String> listed = new ArrayList<>();
    for (String list : List.of(meta.getNumericFunctions(), meta.getStringFunctions(), meta.getSystemFunctions(),
        meta.getTimeDateFunctions())) {
      listed.addAll(List.of(list.split(",")));
    }
    return listed.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
      String[] sample = FUNCTIONS.get(name);
      assertNotNull(sample, "no sample call for listed function " + name);
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT " + sample[0] + ONE_ROW)) {
        assertTrue(rs.next());
        if (sample[1] == null) {
          assertNotNull(rs.getString(1), name);
        } else {
          assertEquals(sample[1], rs.getString(1), name);
        }
      }
    }));
  }

  /** A call of each of keycond's own functions, as getFunctions lists them, on the row of ONE_ROW, and its result. */
  private static final Map<String, String[]> OWN_FUNCTIONS = Map.of(
      "PARENT_PATH", new String[] {"PARENT_PATH('root/photos/2026/')", "root/photos/"},
      "PATH_DEPTH", new String[] {"PATH_DEPTH('root/photos/')", "2"},
      "PATH_NAME", new String[] {"PATH_NAME('root/photos/beach.jpg')", "beach.jpg"},
      "PATH_SEGMENT", new String[] {"PATH_SEGMENT('root/photos/beach.jpg', 2)", "photos"},
      "DYNAMODB_TYPE", new String[] {"DYNAMODB_TYPE(CAST('{\"a\": 1}' AS VARCHAR), '$.a')", "N"});

  @TestFactory
  Stream<DynamicTest> everyOwnFunctionListedRuns() throws SQLException {
    List<String> listed = new ArrayList<>();
    try (ResultSet functions = meta.getFunctions(null, null, "%")) {
      while (functions.next()) {
        assertEquals("dynamodb", functions.getString("FUNCTION_SCHEM"));
        assertNotNull(functions.getString("REMARKS"));
        listed.add(functions.getString("FUNCTION_NAME"));
      }
    }
    assertEquals(OWN_FUNCTIONS.keySet(), new HashSet<>(listed), "every own function is listed, once");
    // The list follows the functions the planner defines beside SQL's: a new one is listed too.
    Set<String> defined = new HashSet<>();
    PathFunctions.ALL.forEach(function -> defined.add(function.getName()));
    defined.add(DynamoDbTypeFunction.DYNAMODB_TYPE.getName());
    assertEquals(defined, new HashSet<>(listed));
    try (ResultSet path = meta.getFunctions(null, null, "PATH%")) {
      int rows = 0;
      while (path.next()) {
        rows++;
      }
      assertEquals(3, rows, "PATH_DEPTH, PATH_NAME, PATH_SEGMENT");
    }
    return listed.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
      String[] sample = OWN_FUNCTIONS.get(name);
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT " + sample[0] + ONE_ROW)) {
        assertTrue(rs.next());
        assertEquals(sample[1], rs.getString(1), name);
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> everyClaimedFeatureRuns() {
    return FEATURES.stream().map(f -> DynamicTest.dynamicTest((String) f[0], () -> {
      assertEquals(true, DatabaseMetaData.class.getMethod((String) f[0]).invoke(meta), "claimed by " + f[0]);
      assertEquals(List.of((String[]) f[2]), rows((String) f[1]));
    }));
  }

  private static List<String> rows(String sql) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
          row.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        rows.add(row.toString());
      }
    }
    return rows;
  }
}
