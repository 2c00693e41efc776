package dev.keycond.sqltests.writes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.FreshTables;
import dev.keycond.sqltests.support.Keycond;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Every number DynamoDB can hold is written exactly, on every write path (INSERT, UPSERT, UPDATE,
 * MERGE, executeBatch; literals and parameters), and every other is refused with 22003 before any
 * request. The stored {@code N} text is read back with the raw SDK.
 */
@ExtendWith(DynaliteExtension.class)
class ExactNumbersTest {
  private static final String DIGITS_38 = "1.2345678901234567890123456789012345678";
  private static final String WIDE = "123456789012345678901234567890.12345678";
  private static final String MAX = "9.9999999999999999999999999999999999999E+125";

  /** Each value DynamoDB holds, as SQL writes it, with the number it is. */
  private static final Map<String, String> HELD = new LinkedHashMap<>();

  static {
    HELD.put(DIGITS_38, DIGITS_38);
    HELD.put(WIDE, WIDE);
    HELD.put("0.000000000000000000001", "1E-21");
    HELD.put("1E-130", "1E-130");
    HELD.put("0." + "0".repeat(129) + "1", "1E-130");
    HELD.put(MAX, MAX);
    HELD.put("-" + DIGITS_38, "-" + DIGITS_38);
    HELD.put("-1E-130", "-1E-130");
    HELD.put("-" + MAX, "-" + MAX);
    HELD.put("2.5E-3", "0.0025");
    HELD.put("1E+3", "1000");
    HELD.put("12345678901234567890123456789012345678", "12345678901234567890123456789012345678");
    HELD.put("0", "0");
    HELD.put("-0", "0");
    HELD.put("0.000", "0");
  }

  /** Values DynamoDB cannot hold: 39 significant digits, and magnitudes past either end. */
  private static final List<String> REFUSED = List.of("1.23456789012345678901234567890123456789",
      "123456789012345678901234567890123456789", "1E-131", "1E+126", "-1E+126", "0." + "0".repeat(130) + "1");

  private FreshTables tables;
  private Connection connection;

  @BeforeEach
  void freshTables(DynamoServer server) throws SQLException {
    tables = FreshTables.create(server);
    connection = DriverManager.getConnection(Keycond.url(server), Keycond.properties("mapping=inline:{\"tables\": {"
        + "\"files\": {\"source\": \"" + tables.drive + "\", \"columns\": {\"account\": \"VARCHAR\","
        + " \"path\": \"VARCHAR\", \"parent\": \"VARCHAR\", \"size\": \"BIGINT\", \"score\": \"DECIMAL\","
        + " \"ratio\": \"DOUBLE\", \"version\": \"INTEGER\"},"
        + " \"keys\": {\"PK\": \"DRIVE#{account}\", \"SK\": \"{path}\", \"GPK\": \"DRIVE#{account}#{parent}\"},"
        + " \"hierarchy\": {\"path\": \"path\", \"delimiter\": \"/\", \"parent\": \"parent\"}}}}"));
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  // ---------------------------------------------------------------- stored exactly

  @Test
  void insertOfLiteralsStoresEveryNumberExactly() throws SQLException {
    List<String> rows = new ArrayList<>();
    int i = 0;
    for (String literal : HELD.keySet()) {
      rows.add("('a1', 'root/" + i++ + "', 0, " + literal + ")");
    }
    assertEquals(HELD.size(), update("INSERT INTO files (account, path, size, score) VALUES " + String.join(", ", rows)));
    assertStored();
  }

  @Test
  void upsertOfLiteralsStoresEveryNumberExactly() throws SQLException {
    int i = 0;
    for (String literal : HELD.keySet()) {
      assertEquals(1, update("UPSERT INTO files (account, path, score) VALUES ('a1', 'root/" + i++ + "', " + literal + ")"));
    }
    assertStored();
  }

  @Test
  void updateOfLiteralsStoresEveryNumberExactly() throws SQLException {
    insertRows(HELD.size());
    int i = 0;
    for (String literal : HELD.keySet()) {
      assertEquals(1, update("UPDATE files SET score = " + literal + " WHERE account = 'a1' AND path = 'root/" + i++ + "'"));
      assertEquals(List.of("UpdateItem"), operations());
    }
    assertStored();
  }

  @Test
  void mergeOfLiteralsStoresEveryNumberExactly() throws SQLException {
    insertRows(2);
    List<String> rows = new ArrayList<>();
    int i = 0;
    for (String literal : HELD.keySet()) {
      rows.add("('a1', 'root/" + i++ + "', " + literal + ")");
    }
    assertEquals(HELD.size(), update("MERGE INTO files t USING (VALUES " + String.join(", ", rows) + ") AS s(a, p, z)"
        + " ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET score = s.z"
        + " WHEN NOT MATCHED THEN INSERT (account, path, score) VALUES (s.a, s.p, s.z)"));
    assertStored();
  }

  @Test
  void parametersStoreEveryNumberExactlyWhateverTheSetter() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, score) VALUES ('a1', ?, ?)")) {
      int i = 0;
      for (String number : HELD.values()) {
        insert.setString(1, "root/" + i);
        switch (i++ % 3) {
          case 0 -> insert.setBigDecimal(2, new BigDecimal(number));
          case 1 -> insert.setObject(2, new BigDecimal(number));
          default -> insert.setString(2, number);
        }
        insert.addBatch();
      }
      RequestRecorder.clear();
      int[] counts = insert.executeBatch();
      assertEquals(HELD.size(), counts.length);
      assertTrue(java.util.Arrays.stream(counts).allMatch(c -> c == 1), java.util.Arrays.toString(counts));
    }
    assertStored();
    try (PreparedStatement update = connection.prepareStatement(
        "UPDATE files SET score = ? WHERE account = 'a1' AND path = ?")) {
      // A double is the number its shortest text spells, as Double.toString writes it.
      update.setDouble(1, 2.5E-3);
      update.setString(2, "root/0");
      assertEquals(1, update.executeUpdate());
      update.setDouble(1, 1E-130);
      update.setString(2, "root/1");
      assertEquals(1, update.executeUpdate());
    }
    assertEquals("0.0025", stored("root/0"));
    assertEquals(new BigDecimal("1E-130"), new BigDecimal(stored("root/1")));
  }

  @Test
  void everyStoredNumberReadsBackExactlyAndComparesByItsEveryDigit() throws SQLException {
    insertOfLiteralsStoresEveryNumberExactly();
    int i = 0;
    for (String number : HELD.values()) {
      String path = "root/" + i++;
      try (PreparedStatement select = connection.prepareStatement(
          "SELECT score FROM files WHERE account = 'a1' AND path = ?")) {
        select.setString(1, path);
        try (ResultSet result = select.executeQuery()) {
          assertTrue(result.next());
          assertEquals(0, new BigDecimal(number).compareTo(result.getBigDecimal(1)), number + " read as "
              + result.getBigDecimal(1));
        }
      }
    }
    // A filter on a number compares every digit: the stored value matches, one differing in the 38th digit does not.
    assertEquals(List.of(List.of("root/0")), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a1' AND score = " + DIGITS_38));
    assertEquals(List.of(), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a1' AND score = 1.2345678901234567890123456789012345677"));
    assertEquals(List.of(List.of("root/1")), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a1' AND path = 'root/1' AND score = " + WIDE));
    assertEquals(List.of(List.of("root/5")), Keycond.query(connection,
        "SELECT path FROM files WHERE account = 'a1' AND score > 9.9999999999999999999999999999999999998E+125"));
  }

  // ---------------------------------------------------------------- refused

  @Test
  void aNumberDynamoDbCannotHoldIsRefusedOnEveryPathBeforeAnyRequest() throws SQLException {
    insertRows(1);
    List<Map<String, AttributeValue>> before = tables.items(tables.drive);
    for (String literal : REFUSED) {
      for (String sql : List.of(
          "INSERT INTO files (account, path, score) VALUES ('a1', 'root/ok', 1), ('a1', 'root/x', " + literal + ")",
          "UPSERT INTO files (account, path, score) VALUES ('a1', 'root/x', " + literal + ")",
          "UPDATE files SET score = " + literal + " WHERE account = 'a1' AND path = 'root/0'",
          "MERGE INTO files t USING (VALUES ('a1', 'root/0', 1), ('a1', 'root/x', " + literal + ")) AS s(a, p, z)"
              + " ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET score = s.z"
              + " WHEN NOT MATCHED THEN INSERT (account, path, score) VALUES (s.a, s.p, s.z)")) {
        SQLException e = assertRefused("22003", () -> update(sql), sql);
        assertTrue(e.getMessage().contains("Column 'score' of table 'files'")
            && e.getMessage().contains("at most 38 significant digits"), sql + ": " + e.getMessage());
      }
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO files (account, path, score) VALUES ('a1', ?, ?)")) {
        insert.setString(1, "root/ok");
        insert.setBigDecimal(2, BigDecimal.ONE);
        insert.addBatch();
        insert.setString(1, "root/x");
        insert.setBigDecimal(2, new BigDecimal(literal));
        insert.addBatch();
        assertRefused("22003", insert::executeBatch, "a batch with " + literal);
        insert.setString(1, "root/x");
        insert.setString(2, literal);
        assertRefused("22003", insert::executeUpdate, "setString " + literal);
      }
    }
    assertEquals(before, tables.items(tables.drive));
  }

  /** A DynamoDB number is a decimal: a DOUBLE that is NaN or infinite is refused, naming its column. */
  @Test
  void aDoubleThatIsNoNumberIsRefusedBeforeAnyRequest() throws SQLException {
    insertRows(1);
    List<Map<String, AttributeValue>> before = tables.items(tables.drive);
    for (double value : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      for (String sql : List.of("INSERT INTO files (account, path, ratio) VALUES ('a1', 'root/x', ?)",
          "UPSERT INTO files (account, path, ratio) VALUES ('a1', 'root/x', ?)",
          "UPDATE files SET ratio = ? WHERE account = 'a1' AND path = 'root/0'")) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
          statement.setDouble(1, value);
          SQLException e = assertRefused("22003", statement::executeUpdate, sql + " with " + value);
          assertTrue(e.getMessage().contains("Column 'ratio' of table 'files'")
              && e.getMessage().contains("NaN and infinities"), sql + ": " + e.getMessage());
        }
      }
    }
    assertEquals(before, tables.items(tables.drive));
  }

  @Test
  void aDuplicateKeyWithAWideValueIs23505() throws SQLException {
    update("INSERT INTO files (account, path, score) VALUES ('a1', 'root/a', 1)");
    SQLException e = assertThrows(SQLIntegrityConstraintViolationException.class,
        () -> update("INSERT INTO files (account, path, score) VALUES ('a1', 'root/a', " + WIDE + ")"));
    assertEquals("23505", e.getSQLState());
    assertEquals("1", stored("root/a"));
  }

  @Test
  void arithmeticIsExactAndASumPastThirtyEightDigitsIsRefusedNotRounded() throws SQLException {
    update("INSERT INTO files (account, path, score) VALUES ('a1', 'root/a', " + DIGITS_38 + "), "
        + "('a1', 'root/b', 10000000000)");
    assertEquals(1, update("UPDATE files SET score = score * 2 WHERE account = 'a1' AND path = 'root/a'"));
    assertEquals("2.4691357802469135780246913578024691356", stored("root/a"));
    try (PreparedStatement add = connection.prepareStatement(
        "UPDATE files SET score = score + ? WHERE account = 'a1' AND path = ?")) {
      add.setBigDecimal(1, new BigDecimal("0.000000000000000000000000001"));
      add.setString(2, "root/b");
      assertEquals(1, add.executeUpdate());
      assertEquals("10000000000.000000000000000000000000001", stored("root/b"));

      // 10000000000.000000000000000000000000001 + 1E-30 needs 41 digits: read, refused, not written.
      add.setBigDecimal(1, new BigDecimal("1E-30"));
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class, add::executeUpdate);
      assertEquals("22003", e.getSQLState(), e.getMessage());
      assertEquals(List.of("GetItem"), operations());
    }
    // 2.4691357802469135780246913578024691356 * 7 = 17.2839504617283950461728395046172839492, 39 digits.
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class,
        () -> connection.createStatement().executeUpdate("UPDATE files SET score = score * 7 WHERE account = 'a1' AND path = 'root/a'"));
    assertEquals("22003", e.getSQLState(), e.getMessage());
    assertEquals(List.of("GetItem"), operations());
    assertEquals("2.4691357802469135780246913578024691356", stored("root/a"));
    assertEquals("10000000000.000000000000000000000000001", stored("root/b"));
  }

  @Test
  void mergeOfMixedLiteralFormsTakesTheTypesOfTheColumnsWrittenTo() throws SQLException {
    assertEquals(3, update("MERGE INTO files t USING (VALUES ('a1', 'root/m', 2.5E-3, 1E3, 0.1),"
        + " ('a1', 'root/n', 0.1, 7, 2.5E-3), ('a1', 'root/o', " + WIDE + ", 12, 1E+3)) AS s(a, p, z, n, d)"
        + " ON t.account = s.a AND t.path = s.p WHEN MATCHED THEN UPDATE SET score = s.z, size = s.n, ratio = s.d"
        + " WHEN NOT MATCHED THEN INSERT (account, path, score, size, ratio) VALUES (s.a, s.p, s.z, s.n, s.d)"));
    assertEquals(List.of("0.0025 1000 0.1", "0.1 7 0.0025", WIDE + " 12 1000"),
        tables.items(tables.drive).stream().map(item -> item.get("score").n() + " " + item.get("size").n() + " "
            + item.get("ratio").n()).toList());
  }

  @Test
  void bigintAndIntegerColumnsKeepTheirOwnRanges() throws SQLException {
    assertEquals("Column 'size': Value 9223372036854775808 is out of range for BIGINT", assertRefused("22003",
        () -> update("INSERT INTO files (account, path, size) VALUES ('a1', 'root/x', 9223372036854775808)")).getMessage());
    assertEquals("Column 'version': Value 2147483648 is out of range for INTEGER", assertRefused("22003",
        () -> update("INSERT INTO files (account, path, version) VALUES ('a1', 'root/x', 2147483648)")).getMessage());
    assertRefused("22003", () -> update("INSERT INTO files (account, path, size) VALUES ('a1', 'root/x', 1E19)"));
    assertEquals(1, update("INSERT INTO files (account, path, size, version) VALUES ('a1', 'root/x', 9223372036854775807, 2147483647)"));
    Map<String, AttributeValue> item = tables.items(tables.drive).get(0);
    assertEquals("9223372036854775807", item.get("size").n());
    assertEquals("2147483647", item.get("version").n());
  }

  /**
   * A number with a fraction written into a BIGINT or INTEGER column is refused (22018), literal,
   * text, expression or parameter alike, on every write path, before any request: the casts that
   * SQL puts around it would truncate it. A fraction of zero (2.0) is the whole number it is.
   */
  @Test
  void aFractionWrittenIntoAWholeNumberColumnIsRefusedOnEveryPathBeforeAnyRequest() throws SQLException {
    insertRows(1);
    update("UPDATE files SET size = 4, version = 2, ratio = 2.75 WHERE account = 'a1' AND path = 'root/0'");
    List<Map<String, AttributeValue>> before = tables.items(tables.drive);
    Map<String, String> refused = new LinkedHashMap<>();
    refused.put("INSERT INTO files (account, path, size) VALUES ('a1', 'root/x', 2.9)", "2.9");
    refused.put("INSERT INTO files (account, path, version) VALUES ('a1', 'root/x', -2.9)", "-2.9");
    refused.put("UPSERT INTO files (account, path, size) VALUES ('a1', 'root/x', '7.99')", "'7.99'");
    refused.put("INSERT INTO files (account, path, size) VALUES ('a1', 'root/x', 1.5E0)", "1.5");
    refused.put("UPDATE files SET size = 2.5 WHERE account = 'a1' AND path = 'root/0'", "2.5");
    refused.put("UPDATE files SET size = size + 1.5 WHERE account = 'a1' AND path = 'root/0'", "1.5");
    refused.put("MERGE INTO files t USING (VALUES ('a1', 'root/0', 3.7)) AS s(a, p, z) ON t.account = s.a"
        + " AND t.path = s.p WHEN MATCHED THEN UPDATE SET size = s.z"
        + " WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)", "3.7");
    refused.put("MERGE INTO files t USING (VALUES ('a1', 'root/x', -2.5E0)) AS s(a, p, z) ON t.account = s.a"
        + " AND t.path = s.p WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)", "-2.5");
    for (Map.Entry<String, String> statement : refused.entrySet()) {
      SQLException e = assertRefused("22018", () -> update(statement.getKey()), statement.getKey());
      String column = statement.getKey().contains("version") ? "version" : "size";
      assertEquals("Column '" + column + "' holds whole numbers, and " + statement.getValue()
          + " has a fraction: ROUND, FLOOR or CEIL it to say how it is rounded", e.getMessage(), statement.getKey());
    }
    // Values computed from what is read: refused after the read, before any write.
    Map<String, String> computed = new LinkedHashMap<>();
    computed.put("INSERT INTO files (account, path, size) SELECT account, 'root/x', size / 3.0 FROM files"
        + " WHERE account = 'a1' AND path = 'root/0'", "1.3333333333333333333333333333333333333");
    computed.put("UPDATE files SET version = ratio WHERE account = 'a1' AND path = 'root/0'", "2.75");
    for (Map.Entry<String, String> statement : computed.entrySet()) {
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class, () -> update(statement.getKey()), statement.getKey());
      assertEquals("22018", e.getSQLState(), e.getMessage());
      String column = statement.getKey().contains("version") ? "version" : "size";
      assertTrue(e.getMessage().startsWith("Column '" + column + "' holds whole numbers, and " + statement.getValue()
          + " has a fraction: ROUND, FLOOR or CEIL it to say how it is rounded"), e.getMessage());
      assertEquals(List.of("GetItem"), operations(), statement.getKey());
    }
    RequestRecorder.clear();
    SQLException merged = assertThrows(SQLException.class, () -> update("MERGE INTO files t USING (SELECT account AS a,"
        + " 'root/x' AS p, ratio AS z FROM files WHERE account = 'a1' AND path = 'root/0') AS s ON t.account = s.a"
        + " AND t.path = s.p WHEN NOT MATCHED THEN INSERT (account, path, size) VALUES (s.a, s.p, s.z)"));
    assertEquals("22018", merged.getSQLState(), merged.getMessage());
    assertTrue(merged.getMessage().startsWith("Column 'size' of table 'files': Value 2.75 has a fraction, which BIGINT "
        + "cannot hold"), merged.getMessage());
    assertEquals(List.of("GetItem"), operations());
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO files (account, path, size) VALUES ('a1', 'root/x', ?)")) {
      for (Object value : new Object[] {"2.5", 2.5, new BigDecimal("0.1"), 0.1f}) {
        SQLException e = assertThrows(SQLException.class, () -> {
          insert.setObject(1, value);
          insert.executeUpdate();
        }, String.valueOf(value));
        assertEquals("22018", e.getSQLState(), value + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("has a fraction"), e.getMessage());
      }
    }
    assertEquals(before, tables.items(tables.drive));

    // Rounded as the statement says, or a fraction of zero: written.
    assertEquals(1, update("INSERT INTO files (account, path, size, version) VALUES ('a1', 'root/y', 2.0, ROUND(2.5))"));
    assertEquals(1, update("UPDATE files SET size = FLOOR(ratio), version = size * 1.5 WHERE account = 'a1' AND path = 'root/0'"));
    Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>();
    tables.items(tables.drive).forEach(item -> items.put(item.get("SK").s(), item));
    assertEquals("2", items.get("root/y").get("size").n());
    assertEquals("3", items.get("root/y").get("version").n());
    assertEquals("2", items.get("root/0").get("size").n());
    assertEquals("6", items.get("root/0").get("version").n());
  }

  // ---------------------------------------------------------------- helpers

  /** One row per path root/0 .. root/{count - 1}, each with score 1. */
  private void insertRows(int count) throws SQLException {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add("('a1', 'root/" + i + "', 1)");
    }
    update("INSERT INTO files (account, path, score) VALUES " + String.join(", ", rows));
  }

  /**
   * Every value of {@link #HELD} is stored in its row (root/0, root/1, ...), the very number, in
   * whichever text the server answers it (dynalite answers every number plain, moto as written).
   */
  private void assertStored() {
    int i = 0;
    for (String number : HELD.values()) {
      String path = "root/" + i++;
      assertEquals(0, new BigDecimal(number).compareTo(new BigDecimal(stored(path))), path + ": " + stored(path));
    }
  }

  /**
   * A number whose plain text would run past DynamoDB's 38 digits (1E+100 is a 1 and a hundred
   * zeros) is sent in its exponent form, which readers that hold numbers to 38 digits (boto3's, and
   * moto with it) read; every other number is sent plain.
   */
  @Test
  void aNumberWhosePlainTextRunsPast38DigitsIsSentInItsExponentForm() throws SQLException {
    Map<String, String> sent = new LinkedHashMap<>();
    sent.put("1E+100", "1E+100");
    sent.put("-1.5E+100", "-1.5E+100");
    sent.put("0." + "0".repeat(129) + "1", "1E-130");
    sent.put(MAX, MAX);
    sent.put("2.5E-3", "0.0025");
    sent.put("1E+37", "1" + "0".repeat(37));
    sent.put("0.000000000000000000001", "0.000000000000000000001");
    List<String> texts = new ArrayList<>();
    int i = 0;
    for (String literal : sent.keySet()) {
      assertEquals(1, update("INSERT INTO files (account, path, size, score) VALUES ('a1', 'root/" + i++ + "', 0, "
          + literal + ")"));
      RequestRecorder.dataRequests().forEach(r -> texts.add(r.raw(PutItemRequest.class).item().get("score").n()));
    }
    assertEquals(List.copyOf(sent.values()), texts);
    i = 0;
    for (String literal : sent.keySet()) {
      try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(
          "SELECT score FROM files WHERE account = 'a1' AND path = 'root/" + i++ + "'")) {
        assertTrue(row.next(), literal);
        assertEquals(0, new BigDecimal(literal).compareTo(row.getBigDecimal(1)), literal);
      }
    }
  }

  private String stored(String path) {
    return tables.items(tables.drive).stream().filter(i -> i.get("SK").s().equals(path)).findFirst()
        .map(i -> i.get("score")).map(AttributeValue::n).orElse(null);
  }

  private long update(String sql) throws SQLException {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement()) {
      return statement.executeLargeUpdate(sql);
    }
  }

  private static SQLException assertRefused(String state, Executable statement) {
    return assertRefused(state, statement, "");
  }

  private static SQLException assertRefused(String state, Executable statement, String what) {
    RequestRecorder.clear();
    SQLException e = assertThrows(SQLException.class, statement, what);
    assertEquals(state, e.getSQLState(), what + ": " + e.getMessage());
    assertEquals(List.of(), RequestRecorder.dataRequests(), "nothing may be sent: " + e.getMessage());
    return e;
  }

  private static List<String> operations() {
    return RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList();
  }
}
