package dev.keycond.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.demo.RecordingProxy;
import dev.keycond.testing.DemoDatabase;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.sql.Array;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The errors a JDBC caller meets when it uses the API wrongly or asks for what keycond does not
 * have: each with its SQLState and its message, and, where the refusal comes before any request,
 * with nothing sent to DynamoDB.
 */
class JdbcErrorPathsTest {
  private static final String CV = "SELECT path, size, modified FROM files WHERE account = 'a91' "
      + "AND path = 'root/docs/cv.pdf'";
  private static final String ACME = "SELECT id, name FROM workspaces WHERE id = 'acme'";

  private final DemoDatabase database = DemoDatabase.get();

  /** A call on a result set positioned on a row. */
  @FunctionalInterface
  interface RowCall {
    void call(ResultSet rs) throws SQLException;
  }

  /** A call on a PreparedStatement with one marker. */
  @FunctionalInterface
  interface PreparedCall {
    void call(PreparedStatement prepared) throws SQLException;
  }

  /** Asserts {@code call} fails with this state and exactly this message, and returns the error. */
  private static SQLException refused(String state, String message, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), e.toString());
    assertEquals(message, e.getMessage());
    return e;
  }

  private void assertNothingSent() {
    List<RecordingProxy.Request> sent = database.dataRequests();
    assertEquals(List.of(), sent, "nothing was sent");
  }

  // ---------------------------------------------------------------- 07001: a marker without a value

  @Test
  void aParameterLeftUnsetIs07001NamingIt() throws SQLException {
    try (Connection connection = database.connect();
        PreparedStatement query = connection.prepareStatement(
            "SELECT name FROM projects WHERE workspace_id = ? AND id = ?");
        PreparedStatement update = connection.prepareStatement("UPDATE workspaces SET plan = ? WHERE id = ?")) {
      query.setString(1, "acme");
      update.setString(2, "acme");
      database.clearRequests();
      String second = "Parameter 2 has no value; set it with setXxx(2, value) or setNull";
      refused("07001", second, query::executeQuery);
      refused("07001", second, query::execute);
      String first = "Parameter 1 has no value; set it with setXxx(1, value) or setNull";
      refused("07001", first, update::executeUpdate);
      refused("07001", first, update::execute);
      assertNothingSent();
    }
  }

  // ---------------------------------------------------------------- 24000: no current row

  @Test
  void readingBeforeNextIs24000() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(ACME)) {
      refused("24000", "Call next() before reading a row", () -> rs.getString(1));
      refused("24000", "Call next() before reading a row", () -> rs.getObject("name"));
      assertTrue(rs.next());
      assertEquals("Acme Corp", rs.getString("name"));
    }
  }

  @Test
  void readingAfterTheLastRowIs24000() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(ACME)) {
      assertTrue(rs.next());
      assertFalse(rs.next());
      refused("24000", "The result set has no more rows", () -> rs.getString(1));
      refused("24000", "The result set has no more rows", () -> rs.getInt("name"));
    }
  }

  // ---------------------------------------------------------------- 42S22: an unknown column label

  @Test
  void anUnknownColumnLabelIs42S22ListingTheResultsColumns() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(ACME)) {
      String message = "The result has no column 'nope'; its columns are [id, name]";
      refused("42S22", message, () -> rs.findColumn("nope"));
      assertTrue(rs.next());
      refused("42S22", message, () -> rs.getString("nope"));
      // Labels are matched ignoring case, as JDBC asks.
      assertEquals(2, rs.findColumn("NAME"));
    }
  }

  // ---------------------------------------------------------------- 07009: an index out of range

  @Test
  void aColumnIndexOutOfRangeIs07009() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(ACME)) {
      assertTrue(rs.next());
      refused("07009", "Column index 3 is out of range 1..2", () -> rs.getString(3));
      refused("07009", "Column index 0 is out of range 1..2", () -> rs.getLong(0));
      refused("07009", "Column index 3 is out of range 1..2", () -> rs.getMetaData().getColumnLabel(3));
    }
  }

  @Test
  void aParameterIndexOutOfRangeIs07009() throws SQLException {
    try (Connection connection = database.connect();
        PreparedStatement prepared = connection.prepareStatement("SELECT name FROM workspaces WHERE id = ?")) {
      refused("07009", "Parameter index 2 is out of range 1..1", () -> prepared.setString(2, "acme"));
      refused("07009", "Parameter index 0 is out of range 1..1", () -> prepared.setInt(0, 1));
      refused("07009", "Parameter index 2 is out of range 1..1",
          () -> prepared.getParameterMetaData().getParameterType(2));
    }
  }

  // ---------------------------------------------------------------- 22018: a value read as what it cannot be

  static Stream<Arguments> conversions() {
    return Stream.of(
        pathReadAs("getInt(path)", rs -> rs.getInt("path"), "a number"),
        pathReadAs("getBigDecimal(path)", rs -> rs.getBigDecimal("path"), "a number"),
        pathReadAs("getBoolean(path)", rs -> rs.getBoolean("path"), "a boolean"),
        pathReadAs("getTimestamp(path)", rs -> rs.getTimestamp("path"), "a timestamp"),
        pathReadAs("getDate(path)", rs -> rs.getDate("path"), "a date"),
        pathReadAs("getTime(path)", rs -> rs.getTime("path"), "a time"),
        Arguments.of(Named.of("getBytes(size)", (RowCall) rs -> rs.getBytes("size")),
            "Value 182344 of column 'size' cannot be read as binary data"),
        pathReadAs("getObject(path, UUID)", rs -> rs.getObject("path", UUID.class), "UUID"));
  }

  /** A getter of the path column, and the message of reading the path as {@code what}. */
  private static Arguments pathReadAs(String getter, RowCall read, String what) {
    return Arguments.of(Named.of(getter, read), "Value 'root/docs/cv.pdf' of column 'path' cannot be read as " + what);
  }

  @ParameterizedTest
  @MethodSource("conversions")
  void aValueReadAsATypeItCannotBeIs22018(RowCall read, String message) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(CV)) {
      assertTrue(rs.next());
      SQLException e = refused("22018", message, () -> read.call(rs));
      assertInstanceOf(SQLDataException.class, e);
      // The row is still readable as what it is.
      assertEquals("root/docs/cv.pdf", rs.getString("path"));
    }
  }

  // ---------------------------------------------------------------- 07000: the execute method that does not fit

  /** A call of the execute method under test, on a Statement given the SQL or on a PreparedStatement of it. */
  @FunctionalInterface
  interface Execution {
    void run(Statement statement, String sql) throws SQLException;
  }

  /**
   * Runs each statement with the method that does not fit it, on a Statement and on a
   * PreparedStatement: 07000 with {@code message}, and nothing sent.
   */
  private void refusedByEitherStatement(String message, List<String> sqls, Execution plain, PreparedCall prepared)
      throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      database.clearRequests();
      for (String sql : sqls) {
        refused("07000", message, () -> plain.run(statement, sql));
        try (PreparedStatement p = connection.prepareStatement(sql)) {
          refused("07000", message, () -> prepared.call(p));
        }
      }
      assertNothingSent();
    }
  }

  @Test
  void executeQueryOfAWriteIsRefusedWith07000BeforeAnythingIsSent() throws SQLException {
    refusedByEitherStatement("executeQuery was given a statement that returns no rows but an update count; run it "
        + "with executeUpdate or execute",
        List.of("UPDATE workspaces SET plan = 'refused' WHERE id = 'acme'",
            "INSERT INTO workspaces (id, name, plan) VALUES ('refused-query', 'R', 'free')",
            "DELETE FROM workspaces WHERE id = 'globex'"),
        Statement::executeQuery, PreparedStatement::executeQuery);
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT plan FROM workspaces WHERE id = 'acme'")) {
      assertTrue(rs.next());
      assertEquals("enterprise", rs.getString(1), "the UPDATE did not run");
    }
  }

  @Test
  void executeUpdateOfAStatementThatReturnsRowsIsRefusedWith07000BeforeAnythingIsSent() throws SQLException {
    refusedByEitherStatement("executeUpdate was given a statement that returns rows (a query, an EXPLAIN or a write "
        + "with RETURNING), and nothing was run; run it with executeQuery or execute",
        List.of("SELECT name FROM workspaces WHERE id = 'acme'",
            "EXPLAIN PLAN FOR SELECT name FROM workspaces WHERE id = 'acme'",
            "INSERT INTO workspaces (id, name) VALUES ('returned', 'R') RETURNING id"),
        Statement::executeUpdate, PreparedStatement::executeUpdate);
  }

  // ---------------------------------------------------------------- 0A000: a forward-only result set

  static Stream<Arguments> forwardOnlyMoves() {
    return Stream.of(
        Arguments.of(Named.of("previous", (RowCall) ResultSet::previous)),
        Arguments.of(Named.of("first", (RowCall) ResultSet::first)),
        Arguments.of(Named.of("last", (RowCall) ResultSet::last)),
        Arguments.of(Named.of("beforeFirst", (RowCall) ResultSet::beforeFirst)),
        Arguments.of(Named.of("afterLast", (RowCall) ResultSet::afterLast)),
        Arguments.of(Named.of("absolute(1)", (RowCall) rs -> rs.absolute(1))),
        Arguments.of(Named.of("relative(1)", (RowCall) rs -> rs.relative(1))));
  }

  @ParameterizedTest
  @MethodSource("forwardOnlyMoves")
  void aMoveOtherThanNextIsNotSupported(RowCall move) throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(ACME)) {
      assertTrue(rs.next());
      SQLException e = refused("0A000", "keycond result sets are forward-only", () -> move.call(rs));
      assertInstanceOf(SQLFeatureNotSupportedException.class, e);
      assertEquals("acme", rs.getString(1), "the cursor did not move");
    }
  }

  @Test
  void isLastIsNotSupported() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(ACME)) {
      assertTrue(rs.next());
      SQLException e = refused("0A000", "keycond does not support ResultSet.isLast", rs::isLast);
      assertInstanceOf(SQLFeatureNotSupportedException.class, e);
    }
  }

  @Test
  void getMoreResultsKeepsNoResultOpenWhileMovingOn() throws SQLException {
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      ResultSet rs = statement.executeQuery(ACME);
      SQLException e = refused("0A000", "getMoreResults(Statement.KEEP_CURRENT_RESULT): keycond keeps one result open "
          + "at a time (DatabaseMetaData.supportsMultipleOpenResults is false); call getMoreResults() or "
          + "getMoreResults(Statement.CLOSE_CURRENT_RESULT)",
          () -> statement.getMoreResults(Statement.KEEP_CURRENT_RESULT));
      assertInstanceOf(SQLFeatureNotSupportedException.class, e);
      assertFalse(rs.isClosed(), "the refused call closed nothing");
      refused("22023", "getMoreResults takes Statement.CLOSE_CURRENT_RESULT, KEEP_CURRENT_RESULT or CLOSE_ALL_RESULTS, "
          + "not 7", () -> statement.getMoreResults(7));
      assertFalse(connection.getMetaData().supportsMultipleOpenResults());
      assertFalse(statement.getMoreResults(Statement.CLOSE_ALL_RESULTS));
      assertTrue(rs.isClosed());
      assertEquals(-1, statement.getUpdateCount());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {ResultSet.FETCH_REVERSE, ResultSet.FETCH_UNKNOWN})
  void aFetchDirectionOtherThanForwardIsNotSupported(int direction) throws SQLException {
    String message = "keycond does not support fetch directions other than FETCH_FORWARD";
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      SQLException s = refused("0A000", message, () -> statement.setFetchDirection(direction));
      assertInstanceOf(SQLFeatureNotSupportedException.class, s);
      statement.setFetchDirection(ResultSet.FETCH_FORWARD);
      try (ResultSet rs = statement.executeQuery(ACME)) {
        SQLException r = refused("0A000", message, () -> rs.setFetchDirection(direction));
        assertInstanceOf(SQLFeatureNotSupportedException.class, r);
        rs.setFetchDirection(ResultSet.FETCH_FORWARD);
        assertEquals(ResultSet.FETCH_FORWARD, rs.getFetchDirection());
      }
    }
  }

  // ---------------------------------------------------------------- 0A000: streams, LOBs, callable statements

  static Stream<Arguments> streamSetters() {
    return Stream.of(
        Arguments.of(Named.of("setBinaryStream(i, in)",
            (PreparedCall) p -> p.setBinaryStream(1, new ByteArrayInputStream(new byte[1]))), "setBinaryStream"),
        Arguments.of(Named.of("setBinaryStream(i, in, int)",
            (PreparedCall) p -> p.setBinaryStream(1, new ByteArrayInputStream(new byte[1]), 1)), "setBinaryStream"),
        Arguments.of(Named.of("setBinaryStream(i, in, long)",
            (PreparedCall) p -> p.setBinaryStream(1, new ByteArrayInputStream(new byte[1]), 1L)), "setBinaryStream"),
        Arguments.of(Named.of("setCharacterStream(i, r)",
            (PreparedCall) p -> p.setCharacterStream(1, new StringReader("x"))), "setCharacterStream"),
        Arguments.of(Named.of("setCharacterStream(i, r, int)",
            (PreparedCall) p -> p.setCharacterStream(1, new StringReader("x"), 1)), "setCharacterStream"),
        Arguments.of(Named.of("setCharacterStream(i, r, long)",
            (PreparedCall) p -> p.setCharacterStream(1, new StringReader("x"), 1L)), "setCharacterStream"),
        Arguments.of(Named.of("setBlob(i, in)",
            (PreparedCall) p -> p.setBlob(1, new ByteArrayInputStream(new byte[1]))), "setBlob"),
        Arguments.of(Named.of("setBlob(i, in, long)",
            (PreparedCall) p -> p.setBlob(1, new ByteArrayInputStream(new byte[1]), 1L)), "setBlob"),
        Arguments.of(Named.of("setBlob(i, null Blob)", (PreparedCall) p -> p.setBlob(1, (java.sql.Blob) null)),
            "setBlob"),
        Arguments.of(Named.of("setClob(i, r)", (PreparedCall) p -> p.setClob(1, new StringReader("x"))), "setClob"),
        Arguments.of(Named.of("setClob(i, r, long)",
            (PreparedCall) p -> p.setClob(1, new StringReader("x"), 1L)), "setClob"),
        Arguments.of(Named.of("setClob(i, null Clob)", (PreparedCall) p -> p.setClob(1, (java.sql.Clob) null)),
            "setClob"));
  }

  @ParameterizedTest
  @MethodSource("streamSetters")
  void aStreamOrLobSetterIsNotSupportedNamingTheMethod(PreparedCall set, String method) throws SQLException {
    try (Connection connection = database.connect();
        PreparedStatement prepared = connection.prepareStatement("SELECT name FROM workspaces WHERE id = ?")) {
      SQLException e = refused("0A000", "keycond does not support PreparedStatement." + method,
          () -> set.call(prepared));
      assertInstanceOf(SQLFeatureNotSupportedException.class, e);
      // The marker is still unset: nothing half-set it.
      refused("07001", "Parameter 1 has no value; set it with setXxx(1, value) or setNull", prepared::executeQuery);
    }
  }

  @Test
  void prepareCallIsNotSupported() throws SQLException {
    String message = "keycond does not support Connection.prepareCall";
    try (Connection connection = database.connect()) {
      for (Executable call : List.<Executable>of(() -> connection.prepareCall("{call f()}"),
          () -> connection.prepareCall("{call f()}", ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY),
          () -> connection.prepareCall("{call f()}", ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY,
              ResultSet.CLOSE_CURSORS_AT_COMMIT))) {
        assertInstanceOf(SQLFeatureNotSupportedException.class, refused("0A000", message, call));
      }
    }
  }

  // ---------------------------------------------------------------- HYT00: the query timeout between requests

  /**
   * A Scan under scan=limit:2 reads its two items and sends its next request (the Limit 1 probe)
   * only when asked for a third row; asked after the query timeout has passed, the statement fails
   * before it sends it.
   */
  @Test
  @Timeout(60)
  void aResultReadOnAfterItsQueryTimeoutFailsWithHYT00BeforeItsNextRequest() throws Exception {
    try (Connection connection = database.connect("scan=limit:2");
        Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(1);
      database.clearRequests();
      try (ResultSet rs = statement.executeQuery("SELECT * FROM dynamodb.Events")) {
        assertTrue(rs.next());
        assertTrue(rs.next());
        assertEquals(List.of("Scan"), database.dataRequests().stream().map(RecordingProxy.Request::operation)
            .toList());
        Thread.sleep(1500);
        SQLException e = refused("HYT00", "The statement ran past its query timeout", rs::next);
        assertInstanceOf(SQLTimeoutException.class, e);
      }
      assertEquals(1, database.dataRequests().size(), "the next Scan was not sent");
    }
  }

  // ---------------------------------------------------------------- 22023: connection properties

  @Test
  void anEndpointWithoutASchemeAndAHostIsRefusedAtConnect() {
    refused("22023", "Invalid endpoint 'localhost:8000': needs a scheme and a host, like http://127.0.0.1:8000",
        () -> DriverManager.getConnection(database.urlThrough("localhost:8000")).close());
  }

  @Test
  void anEndpointThatIsNotAUriIsRefusedAtConnect() {
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection(database.urlThrough("http://bad host:8000")).close());
    assertEquals("22023", e.getSQLState(), e.toString());
    assertTrue(e.getMessage().startsWith("Invalid endpoint 'http://bad host:8000': Illegal character"),
        e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"consistentRead", "serverFilters"})
  void aBooleanPropertyThatIsNeitherTrueNorFalseIsRefusedAtConnect(String property) {
    database.clearRequests();
    refused("22023", "Invalid value 'yes' for property " + property + ": use true or false",
        () -> database.connect(property + "=yes").close());
    assertEquals(List.of(), database.requests(), "refused before the mapping's tables were described");
  }

  // ---------------------------------------------------------------- 22023: TRANSACTION_NONE

  @Test
  void transactionNoneIsNotALevelToSet() throws SQLException {
    try (Connection connection = database.connect()) {
      refused("22023", "TRANSACTION_NONE is not a level to set; keycond gives TRANSACTION_READ_COMMITTED.",
          () -> connection.setTransactionIsolation(Connection.TRANSACTION_NONE));
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, connection.getTransactionIsolation());
      assertEquals(null, connection.getWarnings(), "a refusal, not a replaced option");
    }
  }

  // ---------------------------------------------------------------- generated keys of columns the table lacks

  /** Keys asked for by a column index or name the table lacks, through every way of asking. */
  static Stream<Arguments> keysTheTableLacks() {
    return Stream.of(
        Arguments.of(Named.of("by index", new int[] {99}), "22023",
            "Column index 99 is not a column of table 'workspaces', which has 3"),
        Arguments.of(Named.of("by name", new String[] {"nope"}), "42S22",
            "Column 'nope' is not a column of table 'workspaces'"));
  }

  @ParameterizedTest
  @MethodSource("keysTheTableLacks")
  void generatedKeysAskedByAColumnTheTableLacksAreRefusedAndNothingIsWritten(Object asked, String state,
      String message) throws SQLException {
    String insert = "INSERT INTO workspaces (id, name, plan) VALUES ('keys-lacking', 'K', 'free')";
    try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
      database.clearRequests();
      try (PreparedStatement prepared = asked instanceof int[] indexes ? connection.prepareStatement(insert, indexes)
          : connection.prepareStatement(insert, (String[]) asked)) {
        refused(state, message, prepared::executeUpdate);
      }
      refused(state, message, () -> {
        if (asked instanceof int[] indexes) {
          statement.executeUpdate(insert, indexes);
        } else {
          statement.executeUpdate(insert, (String[]) asked);
        }
      });
      refused(state, message, () -> {
        if (asked instanceof int[] indexes) {
          statement.execute(insert, indexes);
        } else {
          statement.execute(insert, (String[]) asked);
        }
      });
      assertNothingSent();
      try (ResultSet rs = statement.executeQuery("SELECT name FROM workspaces WHERE id = 'keys-lacking'")) {
        assertFalse(rs.next(), "the row was not inserted");
      }
    }
  }

  /** A batch asking for keys the table lacks is a BatchUpdateException that counts no entry written. */
  @Test
  void aBatchAskingForGeneratedKeysTheTableLacksIsABatchUpdateExceptionAndNothingIsWritten() throws SQLException {
    String insert = "INSERT INTO workspaces (id, name, plan) VALUES (?, 'K', 'free')";
    try (Connection connection = database.connect()) {
      database.clearRequests();
      for (PreparedStatement prepared : List.of(connection.prepareStatement(insert, new int[] {99}),
          connection.prepareStatement(insert, new String[] {"nope"}))) {
        try (prepared) {
          prepared.setString(1, "keys-batch-1");
          prepared.addBatch();
          prepared.setString(1, "keys-batch-2");
          prepared.addBatch();
          BatchUpdateException e = assertThrows(BatchUpdateException.class, prepared::executeBatch);
          assertTrue(List.of("22023", "42S22").contains(e.getSQLState()), e.getSQLState());
          assertTrue(e.getMessage().contains("is not a column of table 'workspaces'"), e.getMessage());
          assertArrayEquals(new int[] {Statement.EXECUTE_FAILED, Statement.EXECUTE_FAILED}, e.getUpdateCounts());
        }
      }
      assertNothingSent();
    }
  }

  // ---------------------------------------------------------------- 3B001: savepoints; 2202E: array slices

  @Test
  void aSavepointIsAskedForWhatItHasAndAForeignOneIsRefused() throws SQLException {
    try (Connection connection = database.connect()) {
      connection.setAutoCommit(false);
      Savepoint named = connection.setSavepoint("before");
      assertEquals("before", named.getSavepointName());
      refused("3B001", "Savepoint 'before' is named; ask getSavepointName", named::getSavepointId);
      Savepoint unnamed = connection.setSavepoint();
      int id = unnamed.getSavepointId();
      refused("3B001", "Savepoint " + id + " has no name; ask getSavepointId", unnamed::getSavepointName);
      Savepoint foreign = new Savepoint() {
        @Override
        public int getSavepointId() {
          return id;
        }

        @Override
        public String getSavepointName() {
          return "foreign";
        }

        @Override
        public String toString() {
          return "another driver's savepoint";
        }
      };
      String message = "Not a savepoint of a keycond connection: another driver's savepoint";
      refused("3B001", message, () -> connection.rollback(foreign));
      refused("3B001", message, () -> connection.releaseSavepoint(foreign));
      connection.rollback(named);
      connection.rollback();
    }
  }

  @Test
  void anArraySliceOutsideTheArrayIs2202E() throws SQLException {
    try (Connection connection = database.connect()) {
      Array array = connection.createArrayOf("VARCHAR", new Object[] {"a", "b"});
      refused("2202E", "Elements 2..3 are outside 1..2", () -> array.getArray(2, 2));
      refused("2202E", "Elements 0..0 are outside 1..2", () -> array.getArray(0, 1));
      refused("2202E", "Elements 3..3 are outside 1..2", () -> array.getResultSet(3, 1));
      assertEquals(List.of("b"), List.of((Object[]) array.getArray(2, 1)));
    }
  }

  // ---------------------------------------------------------------- the driver's logger

  @Test
  void theDriverHasNoParentLogger() throws SQLException {
    java.sql.Driver driver = DriverManager.getDriver(database.url());
    SQLFeatureNotSupportedException e = assertThrows(SQLFeatureNotSupportedException.class,
        driver::getParentLogger);
    assertEquals("0A000", e.getSQLState());
    assertEquals("keycond does not log through java.util.logging", e.getMessage());
  }
}
