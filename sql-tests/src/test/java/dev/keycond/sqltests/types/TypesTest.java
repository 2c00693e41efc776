package dev.keycond.sqltests.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.io.Reader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.Date;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The DynamoDB type mapping as JDBC sees it (issue 5 items 3 and 8): result metadata,
 * the Java classes and exact values {@code getObject} returns for every column type, the typed
 * getters and their overflow errors, and typed parameters that find the items they came from.
 * The rendered text of each type is in {@code types*.sqltest}; the fixture is {@code types}.
 */
@ExtendWith(DynaliteExtension.class)
class TypesTest {
  private static final String ALL = "SELECT * FROM types WHERE grp = 'good' AND id = 'all'";
  private static final HexFormat HEX = HexFormat.of();

  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    Fixtures.load(server, "types");
    connection = Keycond.connect(server, "types");
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  // ---------------------------------------------------------------- result metadata

  /** The JDBC description of a column: type code, type name, precision, scale, class. */
  private record Described(int type, String typeName, int precision, int scale, String className) {}

  @Test
  void resultMetadataDescribesEveryScalarColumnType() throws SQLException {
    Map<String, Described> expected = new LinkedHashMap<>();
    expected.put("grp", new Described(Types.VARCHAR, "VARCHAR", 409600, 0, "java.lang.String"));
    expected.put("s", new Described(Types.VARCHAR, "VARCHAR", 409600, 0, "java.lang.String"));
    // 38 digits and no scale (0 is JDBC's "not applicable"): the values keep their own scale (see
    // decimalsKeepTheirDigits and numberColumnsReportNoScale).
    expected.put("amount", new Described(Types.DECIMAL, "DECIMAL", 38, 0, "java.math.BigDecimal"));
    // TIMESTAMP(9): 2026-01-01 10:30:00.123456789 is 29 characters.
    expected.put("ts", new Described(Types.TIMESTAMP, "TIMESTAMP", 29, 9, "java.sql.Timestamp"));
    expected.put("big", new Described(Types.BIGINT, "BIGINT", 19, 0, "java.lang.Long"));
    expected.put("i", new Described(Types.INTEGER, "INTEGER", 10, 0, "java.lang.Integer"));
    expected.put("dbl", new Described(Types.DOUBLE, "DOUBLE", 15, 0, "java.lang.Double"));
    expected.put("flag", new Described(Types.BOOLEAN, "BOOLEAN", 1, 0, "java.lang.Boolean"));
    // A JSON column is text to JDBC.
    expected.put("doc", new Described(Types.VARCHAR, "VARCHAR", 409600, 0, "java.lang.String"));

    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(ALL)) {
      ResultSetMetaData meta = result.getMetaData();
      Map<String, Integer> index = columnIndexes(meta);
      for (Map.Entry<String, Described> column : expected.entrySet()) {
        int i = index.get(column.getKey());
        assertEquals(column.getValue(), new Described(meta.getColumnType(i),
            meta.getColumnTypeName(i), meta.getPrecision(i), meta.getScale(i),
            meta.getColumnClassName(i)), column.getKey());
      }
      // Types whose sizes are checked in resultMetadataSizesAgreeWithDatabaseMetadata.
      assertEquals(Types.VARBINARY, meta.getColumnType(index.get("bin")));
      assertEquals("VARBINARY", meta.getColumnTypeName(index.get("bin")));
      assertEquals("[B", meta.getColumnClassName(index.get("bin")));
      assertEquals(Types.DATE, meta.getColumnType(index.get("due")));
      assertEquals("DATE", meta.getColumnTypeName(index.get("due")));
      assertEquals("java.sql.Date", meta.getColumnClassName(index.get("due")));
      for (String set : List.of("tags", "nums", "blobs")) {
        assertEquals(Types.ARRAY, meta.getColumnType(index.get(set)), set);
        assertEquals("ARRAY", meta.getColumnTypeName(index.get(set)), set);
      }

      // Key columns are never NULL; every other attribute may be missing.
      assertEquals(ResultSetMetaData.columnNoNulls, meta.isNullable(index.get("grp")));
      assertEquals(ResultSetMetaData.columnNoNulls, meta.isNullable(index.get("id")));
      for (String nullable : List.of("s", "amount", "big", "bin", "ts", "doc", "tags")) {
        assertEquals(ResultSetMetaData.columnNullable, meta.isNullable(index.get(nullable)),
            nullable);
      }
      for (String signed : List.of("amount", "big", "i", "dbl")) {
        assertTrue(meta.isSigned(index.get(signed)), signed);
      }
      assertFalse(meta.isSigned(index.get("s")));
    }
  }

  /**
   * JDBC defines getColumnClassName as the class getObject returns, which for a set column is
   * java.sql.Array.
   */
  @Test
  void setColumnsDeclareTheClassThatGetObjectReturns() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT tags, nums, blobs FROM types WHERE grp = 'good' AND id = 'all'")) {
      assertTrue(result.next());
      ResultSetMetaData meta = result.getMetaData();
      for (int i = 1; i <= 3; i++) {
        assertInstanceOf(Array.class, result.getObject(i));
        assertEquals("java.sql.Array", meta.getColumnClassName(i), meta.getColumnLabel(i));
      }
    }
  }

  /**
   * ResultSetMetaData agrees with DatabaseMetaData.getColumns: JDBC defines the precision of a
   * datetime as the length of its text and that of binary data as its length in bytes.
   */
  @Test
  void resultMetadataSizesAgreeWithDatabaseMetadata() throws SQLException {
    Map<String, int[]> declared = new LinkedHashMap<>();
    try (ResultSet columns = connection.getMetaData().getColumns(null, null, "types", null)) {
      while (columns.next()) {
        declared.put(columns.getString("COLUMN_NAME"), new int[] {columns.getInt("DATA_TYPE"),
            columns.getInt("COLUMN_SIZE"), columns.getInt("DECIMAL_DIGITS")});
      }
    }
    assertEquals(List.of("grp", "id", "s", "amount", "big", "i", "dbl", "flag", "bin", "ts", "due",
        "doc", "tags", "nums", "blobs"), List.copyOf(declared.keySet()));
    assertArrayEquals(new int[] {Types.VARBINARY, 409600, 0}, declared.get("bin"));
    assertArrayEquals(new int[] {Types.TIMESTAMP, 29, 9}, declared.get("ts"));
    assertArrayEquals(new int[] {Types.DECIMAL, 38, 0}, declared.get("amount"));
    assertArrayEquals(new int[] {Types.DATE, 10, 0}, declared.get("due"));

    List<String> mismatches = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(ALL)) {
      ResultSetMetaData meta = result.getMetaData();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        int[] d = declared.get(meta.getColumnName(i));
        if (d[0] == Types.ARRAY) {
          continue; // getColumns leaves an array's size NULL
        }
        if (meta.getColumnType(i) != d[0] || meta.getPrecision(i) != d[1]
            || meta.getScale(i) != d[2]) {
          mismatches.add(meta.getColumnName(i) + ": getColumns says type " + d[0] + " size " + d[1]
              + " digits " + d[2] + ", the result's metadata type " + meta.getColumnType(i)
              + " precision " + meta.getPrecision(i) + " scale " + meta.getScale(i));
        }
      }
    }
    assertEquals(List.of(), mismatches);
  }

  // ---------------------------------------------------------------- getObject

  @Test
  void getObjectReturnsTheNaturalJavaTypeOfEveryColumn() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(ALL)) {
      assertTrue(result.next());
      assertEquals("héllo, wörld ✓", assertInstanceOf(String.class, result.getObject("s")));
      BigDecimal amount = assertInstanceOf(BigDecimal.class, result.getObject("amount"));
      assertEquals(new BigDecimal("12.5"), amount); // equals compares the scale too
      assertEquals(9007199254740993L, assertInstanceOf(Long.class, result.getObject("big")));
      assertEquals(42, assertInstanceOf(Integer.class, result.getObject("i")));
      assertEquals(2.5, assertInstanceOf(Double.class, result.getObject("dbl")));
      assertEquals(Boolean.TRUE, assertInstanceOf(Boolean.class, result.getObject("flag")));
      assertArrayEquals(HEX.parseHex("0001feff"),
          assertInstanceOf(byte[].class, result.getObject("bin")));
      assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30),
          assertInstanceOf(Timestamp.class, result.getObject("ts")).toLocalDateTime());
      assertEquals(LocalDate.of(2026, 1, 2),
          assertInstanceOf(Date.class, result.getObject("due")).toLocalDate());
      assertEquals("{\"address\":{\"city\":\"Paris\",\"geo\":{\"lat\":48.8566,\"lon\":2.3522}},"
              + "\"age\":36,\"name\":\"Ada\",\"tags\":[\"a\",\"b\"]}",
          assertInstanceOf(String.class, result.getObject("doc")));

      Array tags = assertInstanceOf(Array.class, result.getObject("tags"));
      assertEquals(Types.VARCHAR, tags.getBaseType());
      assertEquals("VARCHAR", tags.getBaseTypeName());
      assertArrayEquals(new String[] {"blue", "green", "red"}, assertInstanceOf(String[].class, tags.getArray()));

      Array nums = assertInstanceOf(Array.class, result.getObject("nums"));
      assertEquals(Types.DECIMAL, nums.getBaseType());
      assertEquals("DECIMAL", nums.getBaseTypeName());
      assertArrayEquals(new BigDecimal[] {new BigDecimal("-2.5"), new BigDecimal("3"),
          new BigDecimal("10")}, assertInstanceOf(BigDecimal[].class, nums.getArray()));

      Array blobs = assertInstanceOf(Array.class, result.getObject("blobs"));
      assertEquals(Types.VARBINARY, blobs.getBaseType());
      assertEquals("VARBINARY", blobs.getBaseTypeName());
      byte[][] bytes = assertInstanceOf(byte[][].class, blobs.getArray());
      assertEquals(List.of("00", "010203", "ff"), Arrays.stream(bytes).map(HEX::formatHex).toList());

      // getArray is the same array; a slice counts from 1.
      assertArrayEquals(new Object[] {"blue", "green", "red"},
          (Object[]) result.getArray("tags").getArray());
      assertArrayEquals(new String[] {"green", "red"},
          assertInstanceOf(String[].class, result.getArray("tags").getArray(2, 2)));
      SQLException outside = assertThrows(SQLException.class,
          () -> result.getArray("tags").getArray(3, 2));
      assertEquals("2202E", outside.getSQLState());
      // getString of a set is a JSON array.
      assertEquals("[\"blue\",\"green\",\"red\"]", result.getString("tags"));
      assertEquals("[-2.5,3,10]", result.getString("nums"));
      assertEquals("[\"AA==\",\"AQID\",\"/w==\"]", result.getString("blobs"));
    }
  }

  @Test
  void setsOfEveryKindAreSortedArraysOfTheirElementType() throws SQLException {
    Map<String, Object[]> sets = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT id, tags, nums, blobs FROM types WHERE grp = 'sets'")) {
      while (result.next()) {
        for (String column : List.of("tags", "nums", "blobs")) {
          Array array = result.getArray(column);
          if (array != null) {
            sets.put(result.getString("id") + "." + column, (Object[]) array.getArray());
          }
        }
      }
    }
    assertEquals(List.of("binaries.blobs", "numbers.nums", "single.tags", "single.nums",
        "single.blobs", "strings.tags"), List.copyOf(sets.keySet()));
    // UTF-8 byte order: '"' < 'A' < 'b' < 'z' < 'ä'.
    assertArrayEquals(new Object[] {"\"q\"", "Alpha", "beta", "zeta", "ä"},
        sets.get("strings.tags"));
    // By value, every digit of a 38-digit element kept.
    assertArrayEquals(new Object[] {new BigDecimal("-7"), new BigDecimal("0.5"),
        new BigDecimal("100"), new BigDecimal("1000"),
        new BigDecimal("12345678901234567890123456789012345678")}, sets.get("numbers.nums"));
    // Unsigned byte order: 0x80 sorts after 0x01.
    assertEquals(List.of("00", "010203", "80"), Arrays.stream(sets.get("binaries.blobs"))
        .map(b -> HEX.formatHex((byte[]) b)).toList());
    assertArrayEquals(new Object[] {"only"}, sets.get("single.tags"));
    assertArrayEquals(new Object[] {new BigDecimal("1.5")}, sets.get("single.nums"));
    assertArrayEquals("hi".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
        (byte[]) sets.get("single.blobs")[0]);
  }

  @Test
  void decimalsKeepTheirDigitsAndScale() throws SQLException {
    Map<String, BigDecimal> amounts = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT id, amount FROM types WHERE grp = 'good' AND amount IS NOT NULL")) {
      while (result.next()) {
        amounts.put(result.getString("id"), (BigDecimal) result.getObject("amount"));
        assertEquals(result.getObject("amount"), result.getBigDecimal("amount"));
      }
    }
    assertEquals(List.of("all", "exp", "frac", "max", "min"), List.copyOf(amounts.keySet()));

    // 12.5, not 12.5000000000: the scale of 10 the planner reasons with is never applied to values.
    assertEquals(1, amounts.get("all").scale());
    BigDecimal max = amounts.get("max");
    assertEquals(new BigDecimal("12345678901234567890123456789.012345678"), max);
    assertEquals(38, max.precision());
    assertEquals(9, max.scale());
    BigDecimal frac = amounts.get("frac");
    assertEquals(new BigDecimal("-98765432109876543210.98765432109876543"), frac);
    assertEquals(37, frac.precision());
    assertEquals(17, frac.scale());
    BigDecimal min = amounts.get("min");
    assertEquals(new BigDecimal("-0.000000000000000000000000000000000001"), min);
    assertEquals(36, min.scale());
    // Written as 1E+3; DynamoDB (and dynalite) keep numbers normalized, whatever the notation.
    assertEquals(0, new BigDecimal("1000").compareTo(amounts.get("exp")));
    assertEquals("1000", amounts.get("exp").toPlainString());
  }

  /**
   * An N column has 38 digits and no scale: getColumns leaves DECIMAL_DIGITS NULL, getScale says 0
   * (JDBC's "not applicable"), and the display size fits any DynamoDB number written out
   * (-1E-130 is 133 characters), so a tool neither rounds nor cuts a value. Quotients and sums are
   * of the same kind; only an explicit CAST fixes a scale.
   */
  @Test
  void numberColumnsReportNoScale() throws SQLException {
    try (ResultSet columns = connection.getMetaData().getColumns(null, null, "types", "amount")) {
      assertTrue(columns.next());
      assertEquals(Types.DECIMAL, columns.getInt("DATA_TYPE"));
      assertEquals(38, columns.getInt("COLUMN_SIZE"));
      assertNull(columns.getObject("DECIMAL_DIGITS"));
    }
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT amount, amount / 3 AS third, SUM(amount) AS total,"
            + " CAST(amount AS DECIMAL(10, 2)) AS cents FROM types WHERE grp = 'good' AND id = 'min'"
            + " GROUP BY amount")) {
      ResultSetMetaData meta = result.getMetaData();
      for (int i = 1; i <= 3; i++) {
        String label = meta.getColumnLabel(i);
        assertEquals(Types.DECIMAL, meta.getColumnType(i), label);
        assertEquals(38, meta.getPrecision(i), label);
        assertEquals(0, meta.getScale(i), label);
        assertEquals(133, meta.getColumnDisplaySize(i), label);
      }
      assertEquals(10, meta.getPrecision(4));
      assertEquals(2, meta.getScale(4));
      assertEquals(12, meta.getColumnDisplaySize(4));
      assertTrue(result.next());
      // Every digit, though the value has 36 digits after the point and its quotient 74.
      assertEquals(new BigDecimal("-1E-36"), result.getBigDecimal("amount"));
      assertEquals(new BigDecimal("-3." + "3".repeat(37) + "E-37"), result.getBigDecimal("third"));
      assertEquals(new BigDecimal("-1E-36"), result.getBigDecimal("total"));
      assertEquals(new BigDecimal("0.00"), result.getBigDecimal("cents"));
    }
  }

  @Test
  void integersAtTheirLimitsAndExponentNumbersReadAsExactJavaNumbers() throws SQLException {
    Map<String, Object[]> numbers = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT id, big, i, dbl FROM types WHERE grp = 'good' AND big IS NOT NULL")) {
      while (result.next()) {
        numbers.put(result.getString("id"), new Object[] {result.getObject("big"),
            result.getObject("i"), result.getObject("dbl")});
      }
    }
    assertArrayEquals(new Object[] {9007199254740993L, 42, 2.5}, numbers.get("all"));
    assertArrayEquals(new Object[] {1000L, 1000, 1000.0}, numbers.get("exp"));
    // 7.000 is an integer, and -0 is 0.
    assertArrayEquals(new Object[] {7L, 0, 0.1}, numbers.get("frac"));
    assertArrayEquals(new Object[] {Long.MAX_VALUE, Integer.MAX_VALUE, 6.02214076E23},
        numbers.get("max"));
    assertArrayEquals(new Object[] {Long.MIN_VALUE, Integer.MIN_VALUE, -0.5}, numbers.get("min"));
    assertEquals(5, numbers.size());
  }

  @Test
  void timestampsAreUtcWallClockTimesInEveryJavaTimeType() throws SQLException {
    Map<String, Instant> expected = new LinkedHashMap<>();
    expected.put("t1-z", Instant.parse("2026-01-01T10:30:00Z"));
    expected.put("t2-millis", Instant.parse("2026-01-01T10:30:00Z"));
    expected.put("t3-offset", Instant.parse("2026-01-05T06:00:00Z"));
    expected.put("t4-fraction", Instant.parse("2026-01-05T10:30:00.500Z"));
    expected.put("t5-nozone", Instant.parse("2026-03-15T18:45:30Z")); // no zone is UTC
    expected.put("t6-nanos", Instant.parse("2026-03-15T18:45:30.123456789Z"));
    expected.put("t7-negoffset", Instant.parse("2026-01-01T04:00:00Z"));

    Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
    Map<String, Instant> read = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT id, ts FROM types WHERE grp = 'times'")) {
      while (result.next()) {
        String id = result.getString("id");
        Instant instant = result.getObject("ts", Instant.class);
        read.put(id, instant);
        LocalDateTime wallClock = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);

        // getObject: a Timestamp of the instant, nanoseconds included (in this UTC JVM its wall
        // clock is the UTC one; JdbcSettersTest reads it from a JVM in New York).
        Timestamp timestamp = assertInstanceOf(Timestamp.class, result.getObject("ts"));
        assertEquals(wallClock, timestamp.toLocalDateTime(), id);
        assertEquals(instant.getNano(), timestamp.getNanos(), id);
        assertEquals(wallClock, result.getTimestamp("ts").toLocalDateTime(), id);
        assertEquals(wallClock, result.getObject("ts", LocalDateTime.class), id);
        OffsetDateTime offset = result.getObject("ts", OffsetDateTime.class);
        assertEquals(ZoneOffset.UTC, offset.getOffset(), id);
        assertEquals(instant, offset.toInstant(), id);
        assertEquals(offset.toZonedDateTime(), result.getObject("ts", java.time.ZonedDateTime.class), id);
        // A java.util.Date asked for is what getTimestamp gives, which is one.
        assertEquals(result.getTimestamp("ts"), result.getObject("ts", java.util.Date.class), id);
        SQLException noClass = assertThrows(SQLException.class, () -> result.getObject("ts", (Class<?>) null));
        assertEquals("22023", noClass.getSQLState(), noClass::getMessage);
        // A calendar changes nothing: the Timestamp is the instant.
        assertEquals(instant, result.getTimestamp("ts", utc).toInstant(), id);
        assertEquals(wallClock.toLocalDate(), result.getObject("ts", LocalDate.class), id);
        assertEquals(wallClock.toLocalDate(), result.getDate("ts").toLocalDate(), id);
      }
    }
    assertEquals(expected, read);
  }

  /**
   * A TIMESTAMP is TIMESTAMP(9) everywhere: getColumns, the result's metadata and getTypeInfo
   * describe the nanoseconds that values carry.
   */
  @Test
  void nanosecondTimestampsAgreeWithTheirMetadata() throws SQLException {
    try (ResultSet columns = connection.getMetaData().getColumns(null, null, "types", "ts")) {
      assertTrue(columns.next());
      assertEquals(29, columns.getInt("COLUMN_SIZE"));
      assertEquals(9, columns.getInt("DECIMAL_DIGITS"));
    }
    try (ResultSet types = connection.getMetaData().getTypeInfo()) {
      boolean found = false;
      while (types.next()) {
        if (types.getInt("DATA_TYPE") == Types.TIMESTAMP) {
          found = true;
          assertEquals(29, types.getInt("PRECISION"));
          assertEquals(9, types.getInt("MAXIMUM_SCALE"));
        }
      }
      assertTrue(found);
    }
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT ts, CAST(ts AS TIMESTAMP(3)) AS millis FROM types WHERE grp = 'nanos' AND id = 'n1'")) {
      ResultSetMetaData meta = result.getMetaData();
      assertEquals(29, meta.getPrecision(1));
      assertEquals(9, meta.getScale(1));
      assertEquals(29, meta.getColumnDisplaySize(1));
      assertEquals(23, meta.getPrecision(2));
      assertEquals(3, meta.getScale(2));
      assertTrue(result.next());
      Timestamp ts = result.getTimestamp("ts");
      assertEquals(123456789, ts.getNanos());
      assertEquals(LocalDateTime.of(2026, 1, 1, 10, 30, 0, 123456789), ts.toLocalDateTime());
      assertEquals(29, result.getString("ts").length());
      assertEquals(123000000, result.getTimestamp("millis").getNanos());
    }
  }

  @Test
  void datesAreSqlDatesAndLocalDates() throws SQLException {
    Map<String, LocalDate> read = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT id, due FROM types WHERE grp = 'times'")) {
      while (result.next()) {
        String id = result.getString("id");
        Date date = (Date) result.getObject("due");
        if (date == null) {
          assertTrue(result.wasNull());
          assertNull(result.getObject("due", LocalDate.class));
          continue;
        }
        LocalDate local = result.getObject("due", LocalDate.class);
        assertEquals(local, date.toLocalDate(), id);
        assertEquals(local, result.getDate("due").toLocalDate(), id);
        assertEquals(local.atStartOfDay(), result.getTimestamp("due").toLocalDateTime(), id);
        read.put(id, local);
      }
    }
    assertEquals(Map.of("t1-z", LocalDate.of(2026, 1, 1), "t2-millis", LocalDate.of(2026, 2, 28),
        "t3-offset", LocalDate.of(2024, 2, 29), "t4-fraction", LocalDate.of(1999, 12, 31),
        "t5-nozone", LocalDate.of(2026, 12, 31)), read);
  }

  // ---------------------------------------------------------------- LOBs and array results

  /**
   * GUI tools read binary values as BLOBs, long text as CLOBs and arrays as result sets; each is
   * a copy of a value already read, so no further request is sent.
   */
  @Test
  void blobsClobsAndArrayResultSetsReadTheValuesAlreadyRead() throws Exception {
    RequestRecorder.clear();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(ALL)) {
      assertTrue(result.next());
      Blob bin = result.getBlob("bin");
      assertEquals(4, bin.length());
      assertArrayEquals(HEX.parseHex("0001feff"), bin.getBytes(1, 4));
      assertArrayEquals(HEX.parseHex("01fe"), bin.getBinaryStream(2, 2).readAllBytes());

      Clob s = result.getClob("s");
      assertEquals("héllo, wörld ✓", s.getSubString(1, (int) s.length()));
      NClob doc = result.getNClob("doc");
      assertEquals(result.getString("doc"), doc.getSubString(1, (int) doc.length()));
      try (Reader reader = result.getCharacterStream("s")) {
        StringWriter text = new StringWriter();
        reader.transferTo(text);
        assertEquals("héllo, wörld ✓", text.toString());
      }

      try (ResultSet tags = result.getArray("tags").getResultSet()) {
        ResultSetMetaData meta = tags.getMetaData();
        assertEquals(List.of("INDEX", "VALUE"), List.of(meta.getColumnLabel(1), meta.getColumnLabel(2)));
        assertEquals(Types.INTEGER, meta.getColumnType(1));
        assertEquals(Types.VARCHAR, meta.getColumnType(2));
        assertEquals(List.of("1=blue", "2=green", "3=red"), entries(tags));
      }
      try (ResultSet nums = result.getArray("nums").getResultSet(2, 2)) {
        assertEquals(Types.DECIMAL, nums.getMetaData().getColumnType(2));
        assertTrue(nums.next());
        assertEquals(2, nums.getInt("INDEX"));
        assertEquals(new BigDecimal("3"), nums.getObject("VALUE"));
        assertTrue(nums.next());
        assertEquals(3, nums.getInt(1));
        assertEquals(new BigDecimal("10"), nums.getBigDecimal(2));
        assertFalse(nums.next());
      }
      try (ResultSet blobs = result.getArray("blobs").getResultSet(Map.of())) {
        assertTrue(blobs.next());
        assertArrayEquals(new byte[] {0}, blobs.getBytes("VALUE"));
      }
      try (ResultSet none = result.getArray("tags").getResultSet(4, 0, Map.of())) {
        assertFalse(none.next());
      }
      SQLException outside = assertThrows(SQLException.class, () -> result.getArray("tags").getResultSet(3, 2));
      assertEquals("2202E", outside.getSQLState());
    }
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT bin, s, doc FROM types WHERE grp = 'good' AND id = 'nulls'")) {
      assertTrue(result.next());
      assertNull(result.getBlob("bin"));
      assertNull(result.getClob("s"));
      assertNull(result.getNClob("doc"));
      assertNull(result.getCharacterStream("s"));
    }
    assertEquals(List.of("GetItem", "GetItem"),
        RequestRecorder.dataRequests().stream().map(RecordedRequest::operation).toList());
  }

  private static List<String> entries(ResultSet indexValue) throws SQLException {
    List<String> entries = new ArrayList<>();
    while (indexValue.next()) {
      entries.add(indexValue.getInt("INDEX") + "=" + indexValue.getString("VALUE"));
    }
    return entries;
  }

  @Test
  void aMissingAttributeAndANullAreSqlNullForEveryGetter() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT * FROM types WHERE grp = 'good' AND id BETWEEN 'missing' AND 'nulls'")) {
      for (String id : List.of("missing", "nulls")) {
        assertTrue(result.next());
        assertEquals(id, result.getString("id"));
        ResultSetMetaData meta = result.getMetaData();
        for (int i = 3; i <= meta.getColumnCount(); i++) {
          String where = id + "." + meta.getColumnLabel(i);
          assertNull(result.getObject(i), where);
          assertTrue(result.wasNull(), where);
          assertNull(result.getString(i), where);
        }
        assertEquals(0, result.getInt("big"));
        assertTrue(result.wasNull());
        assertEquals(0L, result.getLong("i"));
        assertEquals(0.0, result.getDouble("dbl"));
        assertFalse(result.getBoolean("flag"));
        assertTrue(result.wasNull());
        assertNull(result.getBigDecimal("amount"));
        assertNull(result.getBytes("bin"));
        assertNull(result.getTimestamp("ts"));
        assertNull(result.getObject("ts", Instant.class));
        assertNull(result.getDate("due"));
        assertNull(result.getArray("tags"));
        assertNull(result.getObject("big", Long.class));
      }
      assertFalse(result.next());
    }
  }

  // ---------------------------------------------------------------- getters and overflow

  @Test
  void numericGettersConvertExactlyOrFailWithOutOfRange() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(ALL)) {
      assertTrue(result.next());
      // 2^53 + 1 is exact as a long and a BigDecimal, and the nearest double as a double.
      assertEquals(9007199254740993L, result.getLong("big"));
      assertEquals(new BigDecimal("9007199254740993"), result.getBigDecimal("big"));
      assertEquals(9.007199254740992E15, result.getDouble("big"));
      assertOutOfRange(() -> result.getInt("big"), "'big'", "9007199254740993");
      assertOutOfRange(() -> result.getObject("big", Integer.class), "'big'");
      assertOutOfRange(() -> result.getShort("big"), "'big'");

      assertEquals(42, result.getInt("i"));
      assertEquals((short) 42, result.getShort("i"));
      assertEquals((byte) 42, result.getByte("i"));
      assertEquals(42L, result.getObject("i", Long.class));

      assertEquals(2.5, result.getDouble("dbl"));
      assertEquals(new BigDecimal("2.5"), result.getBigDecimal("dbl"));
      assertEquals(2.5f, result.getFloat("dbl"));

      // A fraction is dropped toward zero by the integer getters (JDBC's convention, as in PgJDBC
      // and Avatica); a magnitude that does not fit never is.
      assertEquals(new BigDecimal("12.5"), result.getBigDecimal("amount"));
      assertEquals(12, result.getInt("amount"));
      assertEquals(12.5, result.getDouble("amount"));
    }
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT amount, big, i, dbl FROM types WHERE grp = 'good' AND id = 'max'")) {
      assertTrue(result.next());
      assertEquals(Long.MAX_VALUE, result.getLong("big"));
      assertOutOfRange(() -> result.getInt("big"), "'big'");
      assertEquals(Integer.MAX_VALUE, result.getInt("i"));
      assertOutOfRange(() -> result.getShort("i"), "'i'");
      assertOutOfRange(() -> result.getByte("i"), "'i'");
      assertOutOfRange(() -> result.getLong("amount"), "'amount'");
      assertOutOfRange(() -> result.getObject("amount", Long.class), "'amount'");
      assertEquals(new BigDecimal("12345678901234567890123456789.012345678"),
          result.getObject("amount", BigDecimal.class));
      assertEquals(6.02214076E23, result.getDouble("dbl"));
      assertOutOfRange(() -> result.getLong("dbl"), "'dbl'");
      assertEquals(new BigDecimal("602214076000000000000000"),
          result.getBigDecimal("dbl").stripTrailingZeros().setScale(0));
    }
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT amount, big, i, dbl FROM types WHERE grp = 'good' AND id = 'min'")) {
      assertTrue(result.next());
      assertEquals(Long.MIN_VALUE, result.getLong("big"));
      assertEquals(Integer.MIN_VALUE, result.getInt("i"));
      assertOutOfRange(() -> result.getInt("big"), "'big'");
      assertEquals(new BigDecimal("-0.000000000000000000000000000000000001"),
          result.getBigDecimal("amount"));
    }
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT amount, dbl FROM types WHERE grp = 'good' AND id = 'frac'")) {
      assertTrue(result.next());
      assertOutOfRange(() -> result.getLong("amount"), "'amount'");
      // The double 0.1 reads as the decimal 0.1, not 0.1000000000000000055511151231257827.
      assertEquals(new BigDecimal("0.1"), result.getBigDecimal("dbl"));
    }
  }

  @Test
  void gettersOfAnotherKindOfValueFailWithInvalidCharacterValue() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(ALL)) {
      assertTrue(result.next());
      assertInvalid(() -> result.getInt("s"), "'s'");
      assertInvalid(() -> result.getBigDecimal("doc"), "'doc'");
      assertInvalid(() -> result.getBoolean("s"), "'s'");
      assertInvalid(() -> result.getLong("ts"), "'ts'");
      assertInvalid(() -> result.getTimestamp("amount"), "'amount'");
      assertInvalid(() -> result.getDate("big"), "'big'");
      assertInvalid(() -> result.getObject("bin", Instant.class), "'bin'");
      assertInvalid(() -> result.getBytes("amount"), "'amount'");
      assertInvalid(() -> result.getArray("big"), "'big'");
      assertInvalid(() -> result.getInt("tags"), "'tags'");
      // What every column does convert to.
      assertEquals("true", result.getString("flag"));
      assertEquals(1, result.getInt("flag"));
      assertEquals("0001feff", result.getString("bin"));
      assertEquals("2026-01-01 10:30:00", result.getString("ts"));
      assertEquals("2026-01-02", result.getString("due"));
    }
  }

  /**
   * A value that does not fit its column fails the row it is in: the rows before it were read,
   * but the statement does not end as if they were the whole result.
   */
  @Test
  void aWrongValueInALaterRowFailsTheStatementAtThatRow() throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT id, big FROM types WHERE grp = 'mixed'")) {
      SQLException error = assertThrows(SQLException.class, () -> {
        while (result.next()) {
          rows.add(result.getString("id") + "=" + result.getLong("big"));
        }
      });
      assertInstanceOf(SQLDataException.class, error);
      assertEquals("22018", error.getSQLState());
      assertTrue(error.getMessage().contains("'big'"), error::getMessage);
      assertTrue(error.getMessage().contains("{grp=mixed, id=c-bad}"), error::getMessage);
      assertTrue(error.getMessage().contains("'three'"), error::getMessage);
    }
    assertEquals(List.of("a-ok=1", "b-ok=2"), rows);
  }

  @Test
  void aValueBeyondItsDeclaredTypeIsAnErrorNamingColumnAndKey() throws SQLException {
    // Every wrong item of the fixture, by column: each is a class 22 SQLDataException.
    Map<String, String> wrong = new LinkedHashMap<>();
    wrong.put("big-string", "big");
    wrong.put("big-fraction", "big");
    wrong.put("big-overflow", "big");
    wrong.put("int-overflow", "i");
    wrong.put("int-fraction", "i");
    wrong.put("dec-bool", "amount");
    wrong.put("dbl-string", "dbl");
    wrong.put("ts-text", "ts");
    wrong.put("ts-us", "ts");
    wrong.put("ts-number", "ts");
    wrong.put("day-invalid", "due");
    wrong.put("flag-string", "flag");
    wrong.put("bin-string", "bin");
    wrong.put("s-map", "s");
    wrong.put("tags-list", "tags");
    wrong.put("nums-strings", "nums");
    for (Map.Entry<String, String> item : wrong.entrySet()) {
      String id = item.getKey();
      String column = item.getValue();
      try (PreparedStatement statement = connection.prepareStatement(
          "SELECT " + column + " FROM types WHERE grp = 'bad' AND id = ?")) {
        statement.setString(1, id);
        SQLException error = assertThrows(SQLException.class, () -> {
          try (ResultSet result = statement.executeQuery()) {
            while (result.next()) {
              result.getObject(1);
            }
          }
        }, id);
        assertInstanceOf(SQLDataException.class, error, id);
        assertTrue(error.getSQLState().startsWith("22"), id + ": " + error.getSQLState());
        assertTrue(error.getMessage().contains("Column '" + column + "'"), error::getMessage);
        assertTrue(error.getMessage().contains("{grp=bad, id=" + id + "}"), error::getMessage);
      }
    }
  }

  // ---------------------------------------------------------------- typed parameters

  @Test
  void aParameterOfEachTypeFindsTheItemItWasReadFrom() throws SQLException {
    assertEquals(List.of("all"), ids("s = ?", "good", s -> s.setString(1, "héllo, wörld ✓")));
    assertEquals(List.of("all"),
        ids("amount = ?", "good", s -> s.setBigDecimal(1, new BigDecimal("12.50"))));
    assertEquals(List.of("max"), ids("amount = ?", "good",
        s -> s.setBigDecimal(1, new BigDecimal("12345678901234567890123456789.012345678"))));
    assertEquals(List.of("all"), ids("big = ?", "good", s -> s.setLong(1, 9007199254740993L)));
    assertEquals(List.of("min"), ids("big = ?", "good", s -> s.setLong(1, Long.MIN_VALUE)));
    assertEquals(List.of("all"), ids("i = ?", "good", s -> s.setInt(1, 42)));
    assertEquals(List.of("all"), ids("dbl = ?", "good", s -> s.setDouble(1, 2.5)));
    assertEquals(List.of("max"), ids("flag = ?", "good", s -> s.setBoolean(1, false)));
    assertEquals(List.of("all"),
        ids("bin = ?", "good", s -> s.setBytes(1, HEX.parseHex("0001feff"))));
    assertEquals(List.of("t1-z", "t2-millis"), ids("ts = ?", "times",
        s -> s.setTimestamp(1, Timestamp.valueOf("2026-01-01 10:30:00"))));
    assertEquals(List.of("t3-offset"), ids("ts = ?", "times",
        s -> s.setObject(1, Instant.parse("2026-01-05T06:00:00Z"))));
    assertEquals(List.of("t7-negoffset"), ids("ts = ?", "times",
        s -> s.setObject(1, OffsetDateTime.parse("2025-12-31T23:00:00-05:00"))));
    assertEquals(List.of("t6-nanos"), ids("ts = ?", "times",
        s -> s.setObject(1, LocalDateTime.parse("2026-03-15T18:45:30.123456789"))));
    assertEquals(List.of("t3-offset"),
        ids("due = ?", "times", s -> s.setObject(1, LocalDate.of(2024, 2, 29))));
    assertEquals(List.of("t4-fraction"),
        ids("due = ?", "times", s -> s.setDate(1, Date.valueOf("1999-12-31"))));
  }

  // ---------------------------------------------------------------- helpers

  private interface Binder {
    void bind(PreparedStatement statement) throws SQLException;
  }

  /** The ids of partition {@code grp} whose row satisfies {@code condition}, with bound values. */
  private static List<String> ids(String condition, String grp, Binder binder) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT id FROM types WHERE grp = '" + grp + "' AND " + condition)) {
      binder.bind(statement);
      try (ResultSet result = statement.executeQuery()) {
        return Keycond.column(result);
      }
    }
  }

  private interface Read {
    Object read() throws SQLException;
  }

  private static void assertOutOfRange(Read read, String... messageParts) {
    assertDataError("22003", read, messageParts);
  }

  private static void assertInvalid(Read read, String... messageParts) {
    assertDataError("22018", read, messageParts);
  }

  private static void assertDataError(String state, Read read, String... messageParts) {
    SQLException error = assertThrows(SQLException.class, read::read);
    assertInstanceOf(SQLDataException.class, error, error::getMessage);
    assertEquals(state, error.getSQLState(), error::getMessage);
    for (String part : messageParts) {
      assertTrue(error.getMessage().contains(part), () -> "'" + part + "' not in: "
          + error.getMessage());
    }
  }

  private static Map<String, Integer> columnIndexes(ResultSetMetaData meta) throws SQLException {
    Map<String, Integer> indexes = new LinkedHashMap<>();
    for (int i = 1; i <= meta.getColumnCount(); i++) {
      indexes.put(meta.getColumnLabel(i), i);
    }
    return indexes;
  }
}
