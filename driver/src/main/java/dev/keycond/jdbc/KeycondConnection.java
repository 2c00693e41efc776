package dev.keycond.jdbc;

import dev.keycond.planner.GeneratedKeys;
import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.explain.StatementRequests;
import dev.keycond.planner.infer.ProposedMapping;
import dev.keycond.planner.infer.SampleBounds;
import dev.keycond.planner.session.Session;
import dev.keycond.planner.session.SessionOptions;
import java.math.BigDecimal;
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
import java.util.Arrays;
import java.util.Optional;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A connection to DynamoDB: one {@link Session}. Opening it reads the mapping (while the client is
 * built, unless another connection of the JVM shares one with it) and checks every mapped table
 * against DescribeTable (or a description another connection read within the reuse time), so a bad
 * mapping fails here, not later.
 *
 * <p>With auto-commit off, the connection is in a transaction: each write statement runs (reads,
 * checks, counts) when it is executed, its writes are kept, and {@code commit()} sends them all in
 * one TransactWriteItems; {@code rollback()} drops them. Reads are read-committed: they see what
 * other connections have committed, and the transaction's own writes.
 */
public final class KeycondConnection extends AbstractWrapper implements Connection {
  /**
   * The isolation keycond gives: a read sees committed items only, and the transaction's own writes;
   * a commit applies only if every item it read for a write is still as read.
   */
  static final int ISOLATION = Connection.TRANSACTION_READ_COMMITTED;
  private final String url;
  private final String userName;
  private final Session session;
  private final WarningChain warnings = new WarningChain();
  /** The statements open on this connection, which its close() closes. */
  private final Set<KeycondStatement> statements = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;
  /** Set by {@link #setReadOnly}: every write is refused. */
  private volatile boolean readOnly;
  private volatile int holdability = ResultSet.HOLD_CURSORS_OVER_COMMIT;
  private volatile int networkTimeoutMillis;
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

  /** The tables this connection sees, mapped and raw, bound to what DescribeTable said of their sources. */
  public KeycondSchema schema() {
    return session.schema();
  }

  /**
   * What EXPLAIN says of {@code sql}, as values (whether it writes, why keycond would refuse it,
   * each request to send by hand): what the workbench shows. Plans only; sends nothing.
   */
  public StatementRequests requests(String sql) throws SQLException {
    return fromSession(() -> session.requests(sql));
  }

  /**
   * Sends one Query that belongs to no statement (the workbench's key reads around a statement's
   * slice); no statement's cost counts it.
   */
  public QueryResponse keyRead(QueryRequest query) throws SQLException {
    return fromSession(() -> session.keyRead(query));
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

  /**
   * A mapping proposed from a bounded sample of DynamoDB tables (every table when {@code tables}
   * is empty), read through this connection: what the shell's {@code !mapping infer} prints.
   */
  public ProposedMapping inferMapping(List<String> tables, SampleBounds bounds) throws SQLException {
    checkOpen();
    try {
      return session.inferMapping(tables, bounds);
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
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
    session.statementClosed();
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
    checkHoldability(holdability);
    Statement statement = createStatement(resultSetType, resultSetConcurrency);
    ((KeycondStatement) statement).holdResultsAs(holdability);
    return statement;
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
    checkHoldability(holdability);
    PreparedStatement statement = prepareStatement(sql, resultSetType, resultSetConcurrency);
    ((KeycondStatement) statement).holdResultsAs(holdability);
    return statement;
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    Optional<GeneratedKeys.Asked> keys = KeycondStatement.keys(autoGeneratedKeys);
    return keys.isPresent() ? askingKeys(sql, keys.get()) : prepareStatement(sql);
  }

  /** A PreparedStatement whose writes keep the keys getGeneratedKeys gives. */
  private PreparedStatement askingKeys(String sql, GeneratedKeys.Asked keys) throws SQLException {
    checkOpen();
    KeycondPreparedStatement statement = new KeycondPreparedStatement(this, sql);
    statement.askKeys(keys);
    return opened(statement);
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
   * Closes the connection, its statements and their results; a transaction's writes not committed
   * are dropped, unsent. A statement still running, waiting
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

  /** The text keycond plans: JDBC's escapes that its SQL parser does not read replaced by their SQL. */
  @Override
  public String nativeSQL(String sql) throws SQLException {
    checkOpen();
    return JdbcEscapes.translate(sql);
  }

  /** Off starts a transaction; on commits the one open (JDBC's rule), and stays off if that commit fails. */
  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    boolean commits = autoCommit && !getAutoCommit();
    inSession(() -> session.setAutoCommit(autoCommit));
    if (commits) {
      transactionEnded();
    }
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return session.autoCommit();
  }

  /** Sends the transaction's writes in one TransactWriteItems; in auto-commit mode, an SQLException (25000). */
  @Override
  public void commit() throws SQLException {
    inSession(session::commit);
    transactionEnded();
  }

  /** Drops the transaction's writes, sending nothing; in auto-commit mode, an SQLException (25000). */
  @Override
  public void rollback() throws SQLException {
    inSession(session::rollback);
    transactionEnded();
  }

  /** Closes the results of the statements whose holdability is CLOSE_CURSORS_AT_COMMIT. */
  private void transactionEnded() throws SQLException {
    for (KeycondStatement statement : statements) {
      statement.transactionEnded();
    }
  }

  /** Runs a call of the session on the open connection; its failure is the SQLException its state calls for. */
  private void inSession(Runnable call) throws SQLException {
    fromSession(() -> {
      call.run();
      return null;
    });
  }

  private <T> T fromSession(Supplier<T> call) throws SQLException {
    checkOpen();
    try {
      return call.get();
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
  }

  /**
   * What the last {@code commit()} cost: its TransactWriteItems and the write units it consumed (a
   * transactional write costs twice a plain one); nothing before the first commit, or for an empty one.
   */
  public StatementCost lastCommitCost() {
    return session.lastCommitCost();
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    return setSavepoint(null);
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    int[] id = new int[1];
    inSession(() -> id[0] = session.setSavepoint());
    return new KeycondSavepoint(id[0], java.util.Optional.ofNullable(name));
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    int id = KeycondSavepoint.of(savepoint).id();
    inSession(() -> session.rollback(id));
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    int id = KeycondSavepoint.of(savepoint).id();
    inSession(() -> session.releaseSavepoint(id));
  }

  /**
   * A read-only connection (a GUI tool's "read-only connection", a framework's read-only
   * transaction) refuses every write before it sends anything, as a database that enforces the hint
   * does; reads are unchanged.
   */
  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    checkOpen();
    this.readOnly = readOnly;
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    checkOpen();
    return readOnly;
  }

  /** The 25006 of a write on a read-only connection; empty when the connection writes. */
  Optional<SQLException> readOnlyRefusal(String what) {
    return readOnly ? Optional.of(SqlState.READ_ONLY_TRANSACTION.toException("The connection is read-only "
        + "(Connection.setReadOnly(true)): " + what + " was not run, and nothing was sent. Call setReadOnly(false) "
        + "to write", null)) : Optional.empty();
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

  /**
   * keycond gives one level, {@link #ISOLATION}; JDBC lets a driver give a higher level than asked,
   * so READ_UNCOMMITTED is taken, and a higher level is answered with a warning, not pretended.
   */
  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    checkOpen();
    if (level == Connection.TRANSACTION_NONE) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("TRANSACTION_NONE is not a level to set; keycond gives "
          + "TRANSACTION_READ_COMMITTED.", null);
    }
    if (level != Connection.TRANSACTION_READ_UNCOMMITTED && level != Connection.TRANSACTION_READ_COMMITTED
        && level != Connection.TRANSACTION_REPEATABLE_READ && level != Connection.TRANSACTION_SERIALIZABLE) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException(level + " is not a transaction isolation level: give one of "
          + "Connection's TRANSACTION_ constants (keycond gives TRANSACTION_READ_COMMITTED).", null);
    }
    if (level > ISOLATION) {
      warnings.add(SqlState.OPTION_VALUE_CHANGED.toWarning("keycond gives TRANSACTION_READ_COMMITTED: a read sees "
          + "what other connections committed, and may see one transaction's items before others; a commit applies "
          + "only if the items its writes read are unchanged. The level stays READ_COMMITTED"));
    }
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    checkOpen();
    return ISOLATION;
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

  /**
   * Whether a commit or rollback closes the results of the statements made after this call:
   * HOLD_CURSORS_OVER_COMMIT (the default: a result reads DynamoDB whatever the transaction does, so
   * it can go on after it) or CLOSE_CURSORS_AT_COMMIT.
   */
  @Override
  public void setHoldability(int holdability) throws SQLException {
    checkHoldability(holdability);
    this.holdability = holdability;
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return holdability;
  }

  /** The holdability of the statements made now. */
  int holdability() {
    return holdability;
  }

  private void checkHoldability(int holdability) throws SQLException {
    checkOpen();
    if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT && holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException(holdability + " is not a holdability: give "
          + "ResultSet.HOLD_CURSORS_OVER_COMMIT or ResultSet.CLOSE_CURSORS_AT_COMMIT.", null);
    }
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

  /**
   * Bounds each request the connection's statements and commits send, on its own; 0 for none but
   * a statement's query timeout and the {@code requestTimeout} property. A request that runs past it
   * fails its statement with 08006 and closes the connection, as JDBC says. keycond needs no thread
   * to end the wait, so the executor is not used.
   */
  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    checkOpen();
    if (executor == null) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("setNetworkTimeout needs an executor; it was given null.",
          null);
    }
    Jdbc.checkNotNegative("milliseconds", milliseconds);
    session.boundEachRequest(milliseconds, this::close);
    networkTimeoutMillis = milliseconds;
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    checkOpen();
    return networkTimeoutMillis;
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
    return askingKeys(sql, KeycondStatement.keys(columnIndexes));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    return askingKeys(sql, KeycondStatement.keys(columnNames));
  }

  @Override
  public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    throw Jdbc.notSupported("Connection.setTypeMap");
  }

  @Override
  public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
    checkOpen();
    if (elements == null) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("createArrayOf needs the set's members; it was given null.",
          null);
    }
    // A set column's value, for setArray: its members' own types decide what it holds, numbers
    // all read as the exact decimals their text spells.
    return KeycondArray.of(Arrays.stream(elements)
        .map(e -> e instanceof Number n && !(e instanceof BigDecimal) ? new BigDecimal(n.toString()) : e).toList());
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
