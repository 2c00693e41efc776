package dev.keycond.jdbc;

import dev.keycond.planner.PreparedQuery;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.ReadStatistics;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.relational.ListCursor;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A statement: plans SQL, runs it, and keeps the warnings that say what the plan costs beyond its
 * key reads. Cancellation and the query timeout stop the read before its next DynamoDB request.
 */
public class KeycondStatement extends AbstractWrapper implements Statement {
  final KeycondConnection connection;
  private final WarningChain warnings = new WarningChain();
  private KeycondResultSet resultSet;
  /** Written by the statement's thread, read by whichever thread cancels. */
  private volatile ExecutionContext running;
  private boolean reportAlways;
  private long maxRows;
  private int fetchSize;
  private int queryTimeoutSeconds;
  private boolean closeOnCompletion;
  private boolean closed;

  KeycondStatement(KeycondConnection connection) {
    this.connection = connection;
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    checkOpen();
    PreparedQuery query;
    try {
      query = connection.planner().prepare(sql, maxRows);
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
    boolean markers = !query.parameters().isEmpty();
    if (markers && !query.explain()) {
      // A plain Statement has no way to give a marker a value; EXPLAIN shows the plan without them.
      int count = query.parameters().size();
      throw SqlState.PARAMETER_NOT_SET.toException("Parameter " + (count == 1 ? "1 has" : "1 to " + count + " have")
          + " no value: a plain Statement cannot bind a ? marker; use Connection.prepareStatement and set "
          + (count == 1 ? "it" : "each") + " with setXxx(index, value) or setNull", null);
    }
    return run(query, List.of(), !markers);
  }

  /**
   * Runs a planned query and makes its result the current one.
   *
   * @param parametersSet false when a marker has no value, which only EXPLAIN tolerates
   */
  ResultSet run(PreparedQuery query, List<Object> parameters, boolean parametersSet) throws SQLException {
    closeResultSet();
    clearWarnings();
    Optional<List<Object>> values = parametersSet ? Optional.of(parameters) : Optional.empty();
    try {
      // Reading the plan with the parameters' values can find a parameter wrong (an invalid LIKE pattern).
      List<String> planWarnings = query.warnings().at(values);
      planWarnings.forEach(w -> warnings.add(SqlState.WARNING.toWarning(w)));
      if (query.explain()) {
        List<Object[]> lines = new ArrayList<>();
        for (String line : query.describe(connection.planner().settings(), values)) {
          lines.add(new Object[] {line});
        }
        resultSet = new KeycondResultSet(this, query.columns(), new ListCursor(lines), null);
        return resultSet;
      }
      ExecutionContext context = new ExecutionContext(connection.client(), parameters,
          connection.planner().settings(), queryTimeoutSeconds * 1000L);
      running = context;
      RowCursor cursor = query.execute(context);
      reportAlways = !planWarnings.isEmpty();
      boolean report = reportAlways || query.warnings().mayDiscard();
      resultSet = new KeycondResultSet(this, query.columns(), cursor, report ? context : null);
      return resultSet;
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
  }

  /**
   * Called by the result set when it has read its last row, to report what the read cost against
   * the rows the statement returned: always when the plan warned that items would be discarded,
   * otherwise only when a walk discarded some.
   */
  void finished(ReadStatistics statistics, long rowsReturned) {
    if (!reportAlways && statistics.itemsDiscarded() == 0) {
      return;
    }
    warnings.add(SqlState.WARNING.toWarning("DynamoDB read " + statistics.itemsRead() + " items in "
        + statistics.requests() + (statistics.requests() == 1 ? " request" : " requests") + " to return "
        + rowsReturned + (rowsReturned == 1 ? " row" : " rows")));
  }

  void resultSetClosed(KeycondResultSet closedSet) throws SQLException {
    if (resultSet == closedSet) {
      resultSet = null;
      running = null;
      if (closeOnCompletion) {
        close();
      }
    }
  }

  private void closeResultSet() throws SQLException {
    if (resultSet != null) {
      KeycondResultSet previous = resultSet;
      resultSet = null;
      previous.close();
    }
  }

  void checkOpen() throws SQLException {
    if (closed) {
      throw Jdbc.closed("statement");
    }
    connection.checkOpen();
  }

  long maxRowsLimit() {
    return maxRows;
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    executeQuery(sql);
    return true;
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    checkOpen();
    try {
      connection.planner().prepare(sql);
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
    throw notAnUpdate();
  }

  /** executeUpdate's answer: every statement keycond runs is a query, which returns rows, not a count. */
  static SQLException notAnUpdate() {
    return SqlState.DYNAMIC_SQL_ERROR.toException("executeUpdate was given a query; run queries with executeQuery",
        null);
  }

  @Override
  public void close() throws SQLException {
    if (!closed) {
      closeResultSet();
      closed = true;
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void cancel() {
    ExecutionContext context = running;
    if (context != null) {
      context.cancel();
    }
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    checkOpen();
    return resultSet;
  }

  @Override
  public int getUpdateCount() throws SQLException {
    checkOpen();
    return -1;
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    checkOpen();
    closeResultSet();
    return false;
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    return getMoreResults();
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    setLargeMaxRows(max);
  }

  @Override
  public int getMaxRows() throws SQLException {
    return (int) Math.min(Integer.MAX_VALUE, getLargeMaxRows());
  }

  @Override
  public void setLargeMaxRows(long max) throws SQLException {
    checkOpen();
    Jdbc.checkNotNegative("maxRows", max);
    maxRows = max;
  }

  @Override
  public long getLargeMaxRows() throws SQLException {
    checkOpen();
    return maxRows;
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    checkOpen();
    Jdbc.checkNotNegative("the query timeout", seconds);
    queryTimeoutSeconds = seconds;
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    checkOpen();
    return queryTimeoutSeconds;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    Jdbc.checkNotNegative("the fetch size", rows);
    fetchSize = rows;
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != ResultSet.FETCH_FORWARD) {
      throw Jdbc.notSupported("fetch directions other than FETCH_FORWARD");
    }
  }

  @Override
  public int getFetchDirection() {
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public int getResultSetConcurrency() {
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getResultSetType() {
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getResultSetHoldability() {
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
  }

  @Override
  public int getMaxFieldSize() {
    return 0;
  }

  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen();
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
  public Connection getConnection() throws SQLException {
    checkOpen();
    return connection;
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    checkOpen();
    closeOnCompletion = true;
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    checkOpen();
    return closeOnCompletion;
  }

  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    checkOpen();
  }

  @Override
  public boolean isPoolable() {
    return false;
  }

  // ---------------------------------------------------------------- what keycond does not have

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    throw Jdbc.notSupported("Statement.execute");
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    throw Jdbc.notSupported("Statement.execute");
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    throw Jdbc.notSupported("Statement.execute");
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    throw Jdbc.notSupported("Statement.executeUpdate");
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    throw Jdbc.notSupported("Statement.executeUpdate");
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    throw Jdbc.notSupported("Statement.executeUpdate");
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    throw Jdbc.notSupported("Statement.getGeneratedKeys");
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    throw Jdbc.notSupported("Statement.addBatch");
  }

  @Override
  public void clearBatch() throws SQLException {
    throw Jdbc.notSupported("Statement.clearBatch");
  }

  @Override
  public int[] executeBatch() throws SQLException {
    throw Jdbc.notSupported("Statement.executeBatch");
  }

  @Override
  public void setCursorName(String name) throws SQLException {
    throw Jdbc.notSupported("Statement.setCursorName");
  }
}
