package dev.keycond.sqltests.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * What each JDBC setter writes, read back with the raw SDK: a timestamp is the instant it names
 * whatever the JVM's time zone, a set is taken as an array, a Collection or a JDBC Array, JSON text
 * that is no JSON is refused naming its column, and a float is the number its text spells.
 */
@ExtendWith(DynaliteExtension.class)
class JdbcSettersTest {
  private static final AtomicInteger NEXT = new AtomicInteger();
  private static final Instant NOON = Instant.parse("2026-06-01T12:00:00Z");

  private DynamoDbClient client;
  private String table;
  private Connection connection;

  @BeforeEach
  void freshTable(DynamoServer server) throws SQLException {
    client = server.client();
    table = "setters_Things" + NEXT.incrementAndGet();
    client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
        .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()));
    connection = Keycond.connect(server.endpoint(), null, "mapping=inline:{\"tables\": {\"things\": {\"source\": \""
        + table + "\", \"columns\": {\"id\": \"VARCHAR\", \"ts\": \"TIMESTAMP\", \"dt\": \"DATE\", \"token\": \"VARCHAR\", \"tags\": \"STRING SET\","
        + " \"nums\": \"NUMBER SET\", \"bins\": \"BINARY SET\", \"doc\": \"JSON\", \"d\": \"DECIMAL\"},"
        + " \"keys\": {\"id\": \"{id}\"}}}}");
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  /**
   * DynamoDB's items hold UTC times, which other programs read as instants: a Timestamp, a
   * java.util.Date, an Instant, an OffsetDateTime and a ZonedDateTime of one instant are written as
   * that instant from a JVM in New York, with or without a calendar, and read back as it.
   */
  @Test
  void aTimestampIsTheInstantItNamesWhateverTheJvmsTimeZone() throws SQLException {
    inTimeZone("America/New_York", () -> {
      Map<String, Object> given = new LinkedHashMap<>();
      given.put("timestamp", Timestamp.from(NOON));
      given.put("date", java.util.Date.from(NOON));
      given.put("instant", NOON);
      given.put("offset", OffsetDateTime.ofInstant(NOON, ZoneOffset.ofHours(2)));
      given.put("zoned", NOON.atZone(ZoneId.of("Europe/Paris")));
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO things (id, ts) VALUES (?, ?)")) {
        insertEach(insert, given);
        insert.setString(1, "calendar");
        insert.setTimestamp(2, Timestamp.from(NOON), Calendar.getInstance(TimeZone.getTimeZone("Asia/Tokyo")));
        assertEquals(1, insert.executeUpdate());
      }
      for (Map<String, AttributeValue> item : items()) {
        assertEquals("2026-06-01T12:00:00Z", item.get("ts").s(), item.get("id").s());
      }

      try (Statement statement = connection.createStatement();
          ResultSet result = statement.executeQuery("SELECT ts FROM things WHERE id = 'timestamp'")) {
        assertTrue(result.next());
        assertEquals(NOON, result.getTimestamp(1).toInstant());
        assertEquals(NOON, result.getTimestamp(1, Calendar.getInstance(TimeZone.getTimeZone("UTC"))).toInstant());
        assertEquals(NOON, result.getObject(1, Timestamp.class).toInstant());
        assertEquals(NOON, ((Timestamp) result.getObject(1)).toInstant());
        assertEquals(NOON, result.getObject(1, Instant.class));
        // The UTC wall clock, as the text and a LocalDateTime give it.
        assertEquals(LocalDateTime.of(2026, 6, 1, 12, 0), result.getObject(1, LocalDateTime.class));
        assertEquals("2026-06-01 12:00:00", result.getString(1));
      }
    });
  }

  /**
   * A date names a day, not an instant: a Timestamp or a java.util.Date written into a DATE column is
   * the day it shows in the JVM's zone (or the calendar's), an OffsetDateTime the day of its own
   * offset; read back, a DATE is the midnight that starts the day where the reader is, or in the
   * calendar's zone. From a JVM in Tokyo, nine hours ahead of UTC, a day taken in UTC would be the
   * day before.
   */
  @Test
  void aDateIsTheDayItNamesWhateverTheJvmsTimeZone() throws SQLException {
    inTimeZone("Asia/Tokyo", () -> {
      Map<String, Object> given = new LinkedHashMap<>();
      given.put("2026-06-08", Timestamp.valueOf("2026-06-08 00:00:00"));
      given.put("2026-06-09", java.util.Date.from(LocalDate.of(2026, 6, 9).atStartOfDay(ZoneId.of("Asia/Tokyo"))
          .toInstant()));
      given.put("2026-06-10", OffsetDateTime.parse("2026-06-10T23:00:00-05:00"));
      given.put("2026-06-11", java.sql.Date.valueOf("2026-06-11"));
      try (PreparedStatement insert = connection.prepareStatement("INSERT INTO things (id, dt) VALUES (?, ?)")) {
        insertEach(insert, given);
        // 01:00 UTC on the 13th is 10:00 on the 13th in Tokyo, and 21:00 on the 12th in New York.
        Calendar newYork = Calendar.getInstance(TimeZone.getTimeZone("America/New_York"));
        insert.setString(1, "2026-06-12");
        insert.setTimestamp(2, Timestamp.from(Instant.parse("2026-06-13T01:00:00Z")), newYork);
        assertEquals(1, insert.executeUpdate());
        insert.setString(1, "2026-06-12 too");
        insert.setDate(2, new java.sql.Date(Instant.parse("2026-06-13T01:00:00Z").toEpochMilli()), newYork);
        assertEquals(1, insert.executeUpdate());
      }
      for (Map<String, AttributeValue> item : items()) {
        assertEquals(item.get("id").s().substring(0, 10), item.get("dt").s(), item.get("id").s());
      }

      try (Statement statement = connection.createStatement();
          ResultSet result = statement.executeQuery("SELECT dt FROM things WHERE id = '2026-06-08'")) {
        assertTrue(result.next());
        Instant tokyoMidnight = Instant.parse("2026-06-07T15:00:00Z");
        Instant utcMidnight = Instant.parse("2026-06-08T00:00:00Z");
        assertEquals(Timestamp.valueOf("2026-06-08 00:00:00"), result.getTimestamp(1));
        assertEquals(tokyoMidnight, result.getTimestamp(1).toInstant());
        assertEquals(tokyoMidnight, result.getObject(1, Timestamp.class).toInstant());
        assertEquals(tokyoMidnight.toEpochMilli(), result.getObject(1, java.util.Date.class).getTime());
        assertEquals(java.sql.Date.valueOf("2026-06-08"), result.getDate(1));
        Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
        assertEquals(utcMidnight, result.getTimestamp(1, utc).toInstant());
        assertEquals(utcMidnight.toEpochMilli(), result.getDate(1, utc).getTime());
        assertEquals(LocalDate.of(2026, 6, 8), result.getObject(1, LocalDate.class));
        assertEquals("2026-06-08", result.getString(1));
      }
    });
  }

  /**
   * Bytes given for a character column are refused before anything is sent: stored as their hex
   * text they would read back as other bytes (Hibernate binds a UUID field with setBytes).
   */
  @Test
  void bytesForACharacterColumnAreRefusedBeforeAnyRequest() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO things (id, token) VALUES ('b', ?)")) {
      List<Executable> sets = List.of(() -> insert.setBytes(1, new byte[] {0x12, 0x3e, 0x45, 0x67}),
          () -> insert.setObject(1, new byte[] {0x12, 0x3e}));
      for (Executable set : sets) {
        SQLException e = assertThrows(SQLException.class, set);
        assertEquals("22018", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().startsWith("Binary data (") && e.getMessage().contains("cannot be converted to "
            + "VARCHAR: a character column holds text"), e.getMessage());
      }
      insert.setString(1, "123e4567");
      assertEquals(1, insert.executeUpdate());
    }
    assertEquals("123e4567", items().get(0).get("token").s());
  }

  /** Binary data is no number: its text is hex, which would read as another one. */
  @Test
  void binaryDataIsNotReadAsANumber() throws SQLException {
    client.putItem(b -> b.tableName(table).item(Map.of("id", AttributeValue.fromS("b"))));
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT CAST(x'010200' AS VARBINARY) FROM things WHERE id = 'b'")) {
      assertTrue(result.next());
      assertEquals("010200", result.getString(1));
      for (Executable read : List.<Executable>of(() -> result.getLong(1), () -> result.getInt(1),
          () -> result.getBigDecimal(1), () -> result.getDouble(1), () -> result.getObject(1, Long.class))) {
        SQLException e = assertThrows(SQLException.class, read);
        assertEquals("22018", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("cannot be read as a number"), e.getMessage());
      }
    }
  }

  /** A set is given as an array, a Collection or a JDBC Array; a member given twice is one member. */
  @Test
  void aSetIsTakenAsAnArrayACollectionOrAJdbcArrayEachMemberOnce() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO things (id, tags, nums, bins) VALUES (?, ?, ?, ?)")) {
      insert.setString(1, "arrays");
      insert.setObject(2, new String[] {"b", "a", "b"});
      insert.setObject(3, new BigDecimal[] {new BigDecimal("1.50"), new BigDecimal("1.5"), BigDecimal.TEN});
      insert.setObject(4, new byte[][] {{1, 2}, {3}, {1, 2}});
      assertEquals(1, insert.executeUpdate());
      insert.setString(1, "collections");
      insert.setObject(2, new LinkedHashSet<>(List.of("x", "y")));
      insert.setObject(3, List.of("3", "4.0"));
      insert.setNull(4, java.sql.Types.ARRAY);
      assertEquals(1, insert.executeUpdate());
      insert.setString(1, "jdbc");
      insert.setArray(2, connection.createArrayOf("VARCHAR", new Object[] {"p", "q"}));
      insert.setArray(3, connection.createArrayOf("DECIMAL", new Object[] {7, 8L}));
      insert.setArray(4, connection.createArrayOf("VARBINARY", new Object[] {new byte[] {9}}));
      assertEquals(1, insert.executeUpdate());
    }
    Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>();
    items().forEach(item -> items.put(item.get("id").s(), item));
    assertEquals(List.of("a", "b"), items.get("arrays").get("tags").ss().stream().sorted().toList());
    assertEquals(List.of("1.5", "10"), items.get("arrays").get("nums").ns().stream().sorted().toList());
    assertEquals(List.of(SdkBytes.fromByteArray(new byte[] {1, 2}), SdkBytes.fromByteArray(new byte[] {3})),
        items.get("arrays").get("bins").bs());
    assertEquals(List.of("x", "y"), items.get("collections").get("tags").ss().stream().sorted().toList());
    assertEquals(List.of("3", "4"), items.get("collections").get("nums").ns().stream().sorted().toList());
    assertEquals(List.of("p", "q"), items.get("jdbc").get("tags").ss().stream().sorted().toList());
    assertEquals(List.of("7", "8"), items.get("jdbc").get("nums").ns().stream().sorted().toList());
    assertEquals(List.of(SdkBytes.fromByteArray(new byte[] {9})), items.get("jdbc").get("bins").bs());

    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO things (id, nums) VALUES ('bad', ?)")) {
      insert.setObject(1, new String[] {"1", "one"});
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class, insert::executeUpdate);
      assertEquals("22018", e.getSQLState(), e.getMessage());
      assertEquals("Column 'nums' of table 'things': Value 'one' is not a number, so a NUMBER SET cannot hold it",
          e.getMessage());
      assertEquals(List.of(), RequestRecorder.dataRequests());
    }
  }

  @Test
  void jsonTextThatIsNoJsonIsRefusedNamingItsColumnBeforeAnyRequest() throws SQLException {
    for (String sql : List.of("INSERT INTO things (id, doc) VALUES ('j', 'not json')",
        "UPSERT INTO things (id, doc) VALUES ('j', '{\"a\": ')")) {
      RequestRecorder.clear();
      SQLException e = assertThrows(SQLException.class, () -> connection.createStatement().executeUpdate(sql), sql);
      assertEquals("22018", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().startsWith("Column 'doc' of table 'things': Value '")
          && e.getMessage().contains("is not valid JSON") && e.getMessage().endsWith("; a JSON column takes JSON text"),
          e.getMessage());
      assertEquals(List.of(), RequestRecorder.dataRequests(), sql);
    }
    assertEquals(List.of(), items());
  }

  /** A float is the number its shortest text spells (0.1 for 0.1f), as a double is. */
  @Test
  void aFloatIsTheNumberItsTextSpells() throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO things (id, d) VALUES (?, ?)")) {
      insert.setString(1, "float");
      insert.setFloat(2, 0.1f);
      assertEquals(1, insert.executeUpdate());
      insert.setString(1, "double");
      insert.setDouble(2, 0.1);
      assertEquals(1, insert.executeUpdate());
    }
    assertEquals(List.of("0.1", "0.1"), items().stream().map(item -> item.get("d").n()).toList());
  }

  /** A test's work, which may fail with an SQLException. */
  private interface SqlWork {
    void run() throws SQLException;
  }

  /** Runs {@code work} with the JVM's default time zone set to {@code zone}, and sets it back. */
  private static void inTimeZone(String zone, SqlWork work) throws SQLException {
    TimeZone before = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone(zone));
    try {
      work.run();
    } finally {
      TimeZone.setDefault(before);
    }
  }

  /** Inserts a row per value, its id the key and the value given to setObject as the second parameter. */
  private static void insertEach(PreparedStatement insert, Map<String, Object> given) throws SQLException {
    for (Map.Entry<String, Object> value : given.entrySet()) {
      insert.setString(1, value.getKey());
      insert.setObject(2, value.getValue());
      assertEquals(1, insert.executeUpdate(), value.getKey());
    }
  }

  private List<Map<String, AttributeValue>> items() {
    return client.scan(b -> b.tableName(table)).items();
  }
}
