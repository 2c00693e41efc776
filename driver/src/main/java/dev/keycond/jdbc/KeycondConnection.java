package dev.keycond.jdbc;

import dev.keycond.planner.PlanCacheStatistics;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.session.Session;
import dev.keycond.planner.session.SessionOptions;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * A connection to DynamoDB. Opening it reads the mapping (while the client is built), lists the
 * tables and checks every mapped table against DescribeTable, so a bad mapping or an unreachable
 * endpoint fails here, not later.
 *
 * <p>DynamoDB has no transactions across statements: every statement takes effect on its own as it
 * runs. Auto-commit can be switched off (tools do), but then a write is refused, since a later
 * {@code rollback()} could not undo it; reads run either way, and commit and rollback have nothing
 * to do.
 */
public final class KeycondConnection extends AbstractWrapper implements Connection {
  private final String url;
  private final String userName;
  private final Session session;
  private final WarningChain warnings = new WarningChain();
  /** The statements open on this connection, which its close() closes. */
  private final Set<KeycondStatement> statements = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;
  private volatile boolean autoCommit = true;
  private volatile DatabaseMetaData metaData;

  private KeycondConnection(String url, String userName, Session session) {
    this.url = url;
    this.userName = userName;
    this.session = session;
  }

  /** Connects as {@code Driver.connect} asks; nothing but an SQLException reaches the caller. */
  public static KeycondConnection open(String url, Properties info) throws SQLException {
    try {
      ConnectionProperties properties = ConnectionProperties.parse(url, info);
      SessionOptions options = properties.sessionOptions();
      Session session = Session.open(options, DriverManager.getLoginTimeout());
      return new KeycondConnection(ConnectionProperties.redact(url), options.client().userName(), session);
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
  }

  String url() {
    return url;
  }

  /**
   * What the connection reaches, for people: the endpoint, the region and the tables, mapped ones
   * first, such as "DynamoDB at http://127.0.0.1:8000 (region us-east-1): mapped tables files,
   * workspaces, projects; tables without a mapping: Events".
   */
  public String describe() {
    return session.describe();
  }

  String userName() {
    return userName;
  }

  KeycondSchema schema() {
    return session.schema();
  }

  Session session() {
    return session;
  }

  /**
   * What this connection's plan cache has done: statements planned, and statements that found a
   * plan for their text or their shape (reach it with {@code connection.unwrap(KeycondConnection.class)}).
   */
  public PlanCacheStatistics planCacheStatistics() {
    return session.planCacheStatistics();
  }

  void checkOpen() throws SQLException {
    if (closed) {
      throw Jdbc.closed("connection");
    }
  }

  private <T extends KeycondStatement> T opened(T statement) {
    statements.add(statement);
    return statement;
  }

  void statementClosed(KeycondStatement statement) {
    statements.remove(statement);
  }

  @Override
  public Statement createStatement() throws SQLException {
    checkOpen();
    return opened(new KeycondStatement(this));
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
    checkResultSetType(resultSetType, resultSetConcurrency);
    return createStatement();
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency, int holdability)
      throws SQLException {
    return createStatement(resultSetType, resultSetConcurrency);
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    checkOpen();
    return opened(new KeycondPreparedStatement(this, sql));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
      throws SQLException {
    checkResultSetType(resultSetType, resultSetConcurrency);
    return prepareStatement(sql);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
      int holdability) throws SQLException {
    return prepareStatement(sql, resultSetType, resultSetConcurrency);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    return prepareStatement(sql);
  }

  /** Result sets are forward-only and read-only; asking for more downgrades with a warning, as JDBC prescribes. */
  private void checkResultSetType(int type, int concurrency) throws SQLException {
    checkOpen();
    if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
      warnings.add(SqlState.OPTION_VALUE_CHANGED.toWarning(
          "keycond result sets are forward-only and read-only; using TYPE_FORWARD_ONLY, CONCUR_READ_ONLY"));
    }
  }

  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    checkOpen();
    // Tools ask for it over and over; it holds no state of its own, only what the schema knows.
    if (metaData == null) {
      metaData = new KeycondDatabaseMetaData(this);
    }
    return metaData;
  }

  /**
   * Closes the connection, its statements and their results. A statement still running, waiting
   * for DynamoDB, fails at once (HY010) rather than when its request returns, and an open result
   * fails at its next call instead of serving the rows it had read ahead.
   */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      statements.forEach(KeycondStatement::connectionClosed);
      statements.clear();
      session.close();
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public boolean isValid(int timeout) throws SQLException {
    Jdbc.checkNotNegative("timeout", timeout);
    // Pools and tools ask this to find dead connections; only a request tells whether DynamoDB answers.
    return !closed && session.answers(Duration.ofSeconds(timeout));
  }

  @Override
  public String nativeSQL(String sql) {
    return sql;
  }

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    checkOpen();
    this.autoCommit = autoCommit;
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return autoCommit;
  }

  /** Refuses a write while auto-commit is off, before anything is sent (see the class comment). */
  void checkWritesCommit() throws SQLException {
    if (!autoCommit) {
      throw SqlState.FEATURE_NOT_SUPPORTED.toException("keycond commits every statement as it runs: DynamoDB has "
          + "no transaction that spans statements, so with auto-commit off a later rollback() could not undo this "
          + "write, and keycond refuses it rather than pretend. Call setAutoCommit(true) to write", null);
    }
  }

  @Override
  public void commit() throws SQLException {
    checkOpen();
  }

  @Override
  public void rollback() throws SQLException {
    checkOpen();
  }

  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    checkOpen();
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    checkOpen();
    return false;
  }

  @Override
  public void setCatalog(String catalog) throws SQLException {
    checkOpen();
  }

  @Override
  public String getCatalog() throws SQLException {
    checkOpen();
    return null;
  }

  @Override
  public void setSchema(String schemaName) throws SQLException {
    checkOpen();
  }

  @Override
  public String getSchema() throws SQLException {
    checkOpen();
    return KeycondSchema.NAME;
  }

  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    checkOpen();
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    checkOpen();
    return Connection.TRANSACTION_NONE;
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings.first();
  }

  @Override
  public void clearWarnings() {
    warnings.clear();
  }

  @Override
  public void setHoldability(int holdability) throws SQLException {
    checkOpen();
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public Map<String, Class<?>> getTypeMap() throws SQLException {
    checkOpen();
    return Map.of();
  }

  @Override
  public void setClientInfo(String name, String value) {
    // keycond keeps no client information; JDBC says to ignore what a driver does not store.
  }

  @Override
  public void setClientInfo(Properties properties) {
    // See setClientInfo(String, String).
  }

  @Override
  public String getClientInfo(String name) {
    return null;
  }

  @Override
  public Properties getClientInfo() {
    return new Properties();
  }

  @Override
  public void abort(Executor executor) {
    close();
  }

  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    checkOpen();
  }

  @Override
  public int getNetworkTimeout() {
    return 0;
  }

  // ---------------------------------------------------------------- what keycond does not have

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    throw Jdbc.notSupported("Connection.prepareCall");
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
    throw Jdbc.notSupported("Connection.prepareCall");
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    throw Jdbc.notSupported("Connection.prepareCall");
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    throw Jdbc.notSupported("Connection.prepareStatement");
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    throw Jdbc.notSupported("Connection.prepareStatement");
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    throw Jdbc.notSupported("Connection.setSavepoint");
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    throw Jdbc.notSupported("Connection.setSavepoint");
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    throw Jdbc.notSupported("Connection.rollback");
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    throw Jdbc.notSupported("Connection.releaseSavepoint");
  }

  @Override
  public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    throw Jdbc.notSupported("Connection.setTypeMap");
  }

  @Override
  public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
    throw Jdbc.notSupported("Connection.createArrayOf");
  }

  @Override
  public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
    throw Jdbc.notSupported("Connection.createStruct");
  }

  @Override
  public Blob createBlob() throws SQLException {
    throw Jdbc.notSupported("Connection.createBlob");
  }

  @Override
  public Clob createClob() throws SQLException {
    throw Jdbc.notSupported("Connection.createClob");
  }

  @Override
  public NClob createNClob() throws SQLException {
    throw Jdbc.notSupported("Connection.createNClob");
  }

  @Override
  public SQLXML createSQLXML() throws SQLException {
    throw Jdbc.notSupported("Connection.createSQLXML");
  }
}
