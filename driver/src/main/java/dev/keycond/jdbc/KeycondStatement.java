package dev.keycond.jdbc;

import dev.keycond.planner.PlannedExplain;
import dev.keycond.planner.PlannedQuery;
import dev.keycond.planner.PlannedStatement;
import dev.keycond.planner.PlannedText;
import dev.keycond.planner.plan.ParameterText;
import dev.keycond.planner.PlannedUpdate;
import dev.keycond.planner.GeneratedKeys;
import dev.keycond.planner.ReturnedRows;
import dev.keycond.planner.ResultColumn;
import dev.keycond.planner.exec.write.WriteFailure;
import dev.keycond.planner.exec.write.WriteResult;
import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.cost.CostMeter;
import dev.keycond.planner.cost.CostText;
import dev.keycond.planner.cost.StatementCost;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.gateway.RunRecorder;
import dev.keycond.planner.gateway.RunRecording;
import dev.keycond.planner.gateway.StatementCall;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.relational.ListCursor;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A statement: plans SQL, runs it, and keeps the warnings that say what the plan costs beyond its
 * key reads, and what its last execution cost ({@link dev.keycond.KeycondStatement#cost()}).
 * Cancellation and the query timeout stop the read before its next DynamoDB request.
 */
public class KeycondStatement extends AbstractWrapper implements Statement, dev.keycond.KeycondStatement {
  final KeycondConnection connection;
  private final WarningChain warnings = new WarningChain();
  /** Written by the statement's thread, read by the connection's close on any thread. */
  private volatile KeycondResultSet resultSet;
  /** The update count of the current result; -1 when it is a ResultSet or there is none. */
  long updateCount = -1;
  /** The keys getGeneratedKeys gives for the writes now run, when they asked for them. */
  private Optional<GeneratedKeys.Asked> keysAsked = Optional.empty();
  /** The keys of the rows the last write inserted, when it asked for them: their columns and rows. */
  private ImmutableList<ResultColumn> generatedKeyColumns = ImmutableList.of();
  private List<Object[]> generatedKeyRows = List.of();
  /** The rows the last write returned (RETURNING), its result set once run made it. */
  private List<Object[]> returnedRows = List.of();
  /** The statements of {@link #addBatch(String)}, run by {@link #executeBatch()}. */
  private final List<String> batch = new ArrayList<>();
  /**
   * The call of the execution begun last ({@link #newExecution()}): its planning, when it plans a
   * text, and its running share it, and so its query timeout and its cost.
   */
  private StatementCall call = new StatementCall(0);
  /**
   * The call planning or running now. Written by the statement's thread, read by whichever thread
   * cancels or closes the connection.
   */
  private volatile StatementCall running;
  /** What the executions record beyond their cost: nothing, unless {@link #recordInto} asked. */
  private RunRecorder recorder = RunRecorder.NOTHING;
  /** What the last execution's requests cost; read from any thread, as the result is read. */
  private volatile CostMeter cost = new CostMeter();
  private boolean reportAlways;
  private long maxRows;
  private int fetchSize;
  private int queryTimeoutSeconds;
  private boolean closeOnCompletion;
  private boolean escapeProcessing = true;
  /** Whether a commit or rollback of the connection closes this statement's result: the connection's when it was made. */
  private int holdability;
  private volatile boolean closed;

  KeycondStatement(KeycondConnection connection) {
    this.connection = connection;
    this.holdability = connection.holdability();
  }

  /** Gives the statement its own holdability, as the createStatement and prepareStatement that take one do. */
  void holdResultsAs(int holdability) {
    this.holdability = holdability;
  }

  /** Called as the connection's transaction ends: a result of a CLOSE_CURSORS_AT_COMMIT statement closes. */
  void transactionEnded() throws SQLException {
    if (holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT) {
      closeResultSet();
    }
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    keysAsked = Optional.empty();
    newExecution();
    PlannedText text = planWithoutMarkers(sql);
    if (!returnsRows(text.statement())) {
      throw noResultSet();
    }
    run(text);
    return resultSet;
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    return execute(sql, Optional.<GeneratedKeys.Asked>empty());
  }

  private boolean execute(String sql, Optional<GeneratedKeys.Asked> keys) throws SQLException {
    checkRunsText("execute");
    keysAsked = keys;
    newExecution();
    return run(planWithoutMarkers(sql));
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    return Jdbc.toIntCount(executeLargeUpdate(sql));
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    return executeLargeUpdate(sql, Optional.empty());
  }

  private long executeLargeUpdate(String sql, Optional<GeneratedKeys.Asked> keys) throws SQLException {
    checkRunsText("executeUpdate");
    keysAsked = keys;
    newExecution();
    PlannedText text = planWithoutMarkers(sql);
    if (returnsRows(text.statement())) {
      throw notAnUpdate();
    }
    run(text);
    return updateCount;
  }

  /**
   * Plans SQL for a plain Statement, which has no way to give a {@code ?} marker a value; only
   * EXPLAIN, which shows the plan without values, may have markers.
   */
  private PlannedText planWithoutMarkers(String sql) throws SQLException {
    checkOpen();
    PlannedText text;
    running = call;
    try {
      text = connection.session().prepareText(escapeProcessing ? JdbcEscapes.translate(sql) : sql, maxRows, call);
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    } finally {
      running = null;
    }
    int count = text.markers();
    if (count > 0 && !(text.statement() instanceof PlannedExplain)) {
      throw SqlState.PARAMETER_NOT_SET.toException("Parameter " + (count == 1 ? "1 has" : "1 to " + count + " have")
          + " no value: a plain Statement cannot bind a ? marker; use Connection.prepareStatement and set "
          + (count == 1 ? "it" : "each") + " with setXxx(index, value) or setNull", null);
    }
    return text;
  }

  /** Runs a plain Statement's text: with its lifted literals as the values of its plan's parameters. */
  private boolean run(PlannedText text) throws SQLException {
    return run(text.statement(), text.literals(), text.markers() == 0, text.literalText());
  }

  /**
   * Whether running the statement gives a ResultSet (a query, EXPLAIN, or a write with RETURNING)
   * rather than an update count.
   */
  static boolean returnsRows(PlannedStatement statement) {
    return !(statement instanceof PlannedUpdate update) || update.returning().isPresent();
  }

  /** Fails for a statement that runs only its own SQL (a PreparedStatement) when given a text to run. */
  void checkRunsText(String method) throws SQLException {
    checkOpen();
  }

  /** Makes the writes this statement runs ask for their generated keys (a PreparedStatement's, once). */
  void askKeys(GeneratedKeys.Asked keys) {
    keysAsked = Optional.of(keys);
  }

  /** executeBatch's answer to a write with RETURNING, whose rows a batch has no way to return. */
  static SQLException returningInBatch(String which) {
    return SqlState.DYNAMIC_SQL_ERROR.toException("executeBatch runs writes that return update counts; " + which
        + " has RETURNING, which returns rows: run it with executeQuery or execute, or leave RETURNING out", null);
  }

  /**
   * Runs a write once per parameter set and returns the rows each wrote; the update count is the
   * first's. In a transaction its writes are kept until commit.
   */
  long[] write(PlannedUpdate update, List<List<Object>> parameterSets, boolean batch) throws SQLException {
    Optional<SQLException> readOnly = connection.readOnlyRefusal(batch ? "this batch" : "this write");
    if (readOnly.isPresent()) {
      throw batch ? Jdbc.batchFailure(readOnly.get(), notWritten(parameterSets.size())) : readOnly.get();
    }
    closeResultSet();
    clearWarnings();
    updateCount = -1;
    generatedKeyColumns = ImmutableList.of();
    generatedKeyRows = List.of();
    returnedRows = List.of();
    ExecutionContext context = execution(parameterSets.get(0));
    Optional<ReturnedRows> keys;
    try {
      // Keys asked for by a column the table lacks are refused before anything is sent.
      keys = keysAsked.flatMap(asked -> update.generatedKeys().map(g -> g.rows(asked)));
    } catch (RuntimeException e) {
      throw refusedBeforeSending(e, batch, parameterSets.size());
    }
    running = call;
    try {
      WriteResult result = connection.session().write(update, context, parameterSets,
          update.returning().isPresent() || keys.isPresent());
      long[] counts = result.counts();
      if (keys.isPresent()) {
        generatedKeyColumns = keys.get().columns();
        generatedKeyRows = keys.get().of(result.rows(), context);
      }
      if (update.returning().isPresent()) {
        returnedRows = update.returning().get().of(result.rows(), context);
      } else {
        updateCount = counts[0];
      }
      return counts;
    } catch (WriteFailure e) {
      // The keys of the rows that were written, as the counts say which were.
      if (keys.isPresent()) {
        generatedKeyColumns = keys.get().columns();
        generatedKeyRows = keys.get().of(e.rows(), context);
      }
      throw batch ? Jdbc.batchFailure(e.toSqlException(), e.counts()) : e.toSqlException();
    } catch (RuntimeException e) {
      // A write that failed otherwise sent nothing: every entry of a batch is checked before any is sent.
      throw refusedBeforeSending(e, batch, parameterSets.size());
    } finally {
      running = null;
    }
  }

  /** A write refused before anything was sent: for a batch, a BatchUpdateException that counts no entry written. */
  private static SQLException refusedBeforeSending(RuntimeException e, boolean batch, int entries) {
    SQLException refused = Jdbc.translate(e);
    return batch ? Jdbc.batchFailure(refused, notWritten(entries)) : refused;
  }

  /** The counts of a batch of which nothing was written. */
  private static long[] notWritten(int entries) {
    long[] counts = new long[entries];
    Arrays.fill(counts, WriteFailure.NOT_ALL_WRITTEN);
    return counts;
  }

  /**
   * Runs a planned statement and makes its result the current one: a ResultSet, or an update count.
   * Its caller has started counting the execution's cost ({@link #newExecution()}) before planning.
   *
   * @param parametersSet false when a marker has no value, which only EXPLAIN tolerates
   * @param parameterText how the parameters read in the plan's warnings
   * @return true when the result is a ResultSet, as {@link #execute(String)} answers
   */
  boolean run(PlannedStatement statement, List<Object> parameters, boolean parametersSet,
      ParameterText parameterText) throws SQLException {
    closeResultSet();
    clearWarnings();
    updateCount = -1;
    Optional<List<Object>> values = parametersSet ? Optional.of(parameters) : Optional.empty();
    try {
      // Reading the plan with the parameters' values can find a parameter wrong (an invalid LIKE pattern).
      List<String> planWarnings = statement.warnings().at(values, parameterText);
      planWarnings.forEach(w -> warnings.add(SqlState.WARNING.toWarning(w)));
      if (statement instanceof PlannedUpdate update) {
        write(update, List.of(parameters), false);
        if (update.returning().isEmpty()) {
          return false;
        }
        resultSet = new KeycondResultSet(this, update.returning().get().columns(), new ListCursor(returnedRows), null);
        return true;
      }
      if (statement instanceof PlannedExplain explain) {
        resultSet = new KeycondResultSet(this, explain.columns(),
            new ListCursor(connection.session().explain(explain, values)), null);
        return true;
      }
      PlannedQuery query = (PlannedQuery) statement;
      ExecutionContext context = execution(parameters);
      running = call;
      RowCursor cursor = query.execute(context);
      reportAlways = !planWarnings.isEmpty();
      boolean report = reportAlways || statement.warnings().mayDiscard();
      resultSet = new KeycondResultSet(this, query.columns(), cursor, report ? context : null);
      return true;
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
  }

  /**
   * Called by the result set when it has read its last row, to report what the read cost against
   * the rows the statement returned: always when the plan warned that items would be discarded,
   * otherwise only when a walk, or an index read that found contradicting items, discarded some.
   */
  void finished(ExecutionContext context, long rowsReturned) {
    if (!reportAlways && context.statistics().itemsDiscarded() == 0) {
      return;
    }
    StatementCost read = context.call().cost().snapshot();
    long filtered = context.statistics().itemsFilteredByDynamo();
    long contradicting = context.statistics().itemsContradictingKey();
    warnings.add(SqlState.WARNING.toWarning("DynamoDB read " + CostText.count(read.itemsRead(), "item") + " in "
        + CostText.count(read.requestCount(), "request") + " to return " + CostText.count(rowsReturned, "row")
        + (read.unitsReported() ? " (" + CostText.units(read.readCapacityUnits()) + " RCU)" : "")
        + (filtered == 0 ? "" : "; its FilterExpression discarded " + filtered + " of them")
        + (contradicting == 0 ? "" : "; the driver discarded " + CostText.count(contradicting, "item")
            + " whose attributes contradict the index key they were found by")));
  }

  /**
   * Begins a new execution: its query timeout runs, and its cost is counted, from its planning on (a
   * statement refused before it runs costs nothing). The writes it then runs, all the statements of
   * a batch included, share both.
   */
  final void newExecution() {
    cost = new CostMeter();
    call = connection.session().call(queryTimeoutSeconds * 1000L, cost, recorder);
  }

  /** The execution begun last, run with these parameter values. */
  private ExecutionContext execution(List<Object> parameters) {
    return connection.session().execution(parameters, call);
  }

  @Override
  public StatementCost cost() {
    return cost.snapshot();
  }

  /**
   * Makes this statement's executions from now on record the reads they send and the items the
   * driver's own checks drop into {@code recording}, which the workbench asks for the statements it
   * runs; a statement not asked records nothing.
   */
  public void recordInto(RunRecording recording) {
    recorder = recording;
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

  /** Fails when the statement or its connection is closed, naming the connection when both are. */
  void checkOpen() throws SQLException {
    connection.checkOpen();
    if (closed) {
      throw Jdbc.closed("statement");
    }
  }

  long maxRowsLimit() {
    return maxRows;
  }

  /** The fetch size its result sets start with (JDBC: the statement's, until they are given another). */
  int fetchSizeHint() {
    return fetchSize;
  }

  /** executeUpdate's answer to a query, an EXPLAIN or a write with RETURNING, which return rows, not a count. */
  static SQLException notAnUpdate() {
    return SqlState.DYNAMIC_SQL_ERROR.toException("executeUpdate was given a statement that returns rows (a query, "
        + "an EXPLAIN or a write with RETURNING), and nothing was run; run it with executeQuery or execute", null);
  }

  /** executeQuery's answer to a write, which returns a count, not rows; nothing has been sent. */
  static SQLException noResultSet() {
    return SqlState.DYNAMIC_SQL_ERROR.toException("executeQuery was given a statement that returns no rows but "
        + "an update count; run it with executeUpdate or execute", null);
  }

  @Override
  public void close() throws SQLException {
    if (!closed) {
      closeResultSet();
      closed = true;
      connection.statementClosed(this);
    }
  }

  /**
   * Called by the connection as it closes, on its thread: a running execution stops at once, with
   * the closed-connection state, and the result is closed without waiting for it.
   */
  void connectionClosed() {
    closed = true;
    StatementCall current = running;
    if (current != null) {
      current.stop(SqlState.OBJECT_CLOSED, "The connection was closed while the statement was running");
    }
    KeycondResultSet open = resultSet;
    resultSet = null;
    if (open != null) {
      open.release();
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void cancel() {
    StatementCall current = running;
    if (current != null) {
      current.cancel();
    }
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    checkOpen();
    return resultSet;
  }

  @Override
  public int getUpdateCount() throws SQLException {
    return Jdbc.toIntCount(getLargeUpdateCount());
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    checkOpen();
    return updateCount;
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    checkOpen();
    closeResultSet();
    updateCount = -1;
    return false;
  }

  /**
   * One result is open at a time (supportsMultipleOpenResults is false): closing the current one, or
   * all, is what {@link #getMoreResults()} does; keeping it open while moving on is refused, as JDBC
   * says.
   */
  @Override
  public boolean getMoreResults(int current) throws SQLException {
    checkOpen();
    if (current == Statement.KEEP_CURRENT_RESULT) {
      throw SqlState.FEATURE_NOT_SUPPORTED.toException("getMoreResults(Statement.KEEP_CURRENT_RESULT): keycond keeps "
          + "one result open at a time (DatabaseMetaData.supportsMultipleOpenResults is false); call getMoreResults() "
          + "or getMoreResults(Statement.CLOSE_CURRENT_RESULT)", null);
    }
    if (current != Statement.CLOSE_CURRENT_RESULT && current != Statement.CLOSE_ALL_RESULTS) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("getMoreResults takes Statement.CLOSE_CURRENT_RESULT, "
          + "KEEP_CURRENT_RESULT or CLOSE_ALL_RESULTS, not " + current, null);
    }
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
  public int getResultSetHoldability() throws SQLException {
    checkOpen();
    return holdability;
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
  }

  @Override
  public int getMaxFieldSize() {
    return 0;
  }

  /** Off, a statement's text is planned as written, JDBC's {@code {oj}}, {@code {escape}} and {@code {limit}} included. */
  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen();
    escapeProcessing = enable;
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
    return execute(sql, keys(autoGeneratedKeys));
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    return execute(sql, Optional.of(keys(columnIndexes)));
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    return execute(sql, Optional.of(keys(columnNames)));
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return Jdbc.toIntCount(executeLargeUpdate(sql, keys(autoGeneratedKeys)));
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return Jdbc.toIntCount(executeLargeUpdate(sql, Optional.of(keys(columnIndexes))));
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    return Jdbc.toIntCount(executeLargeUpdate(sql, Optional.of(keys(columnNames))));
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return executeLargeUpdate(sql, keys(autoGeneratedKeys));
  }

  @Override
  public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return executeLargeUpdate(sql, Optional.of(keys(columnIndexes)));
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    return executeLargeUpdate(sql, Optional.of(keys(columnNames)));
  }

  /** The keys asked for by JDBC's flag: the primary key's columns, or none. */
  static Optional<GeneratedKeys.Asked> keys(int autoGeneratedKeys) throws SQLException {
    if (autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS) {
      return Optional.of(new GeneratedKeys.Asked.PrimaryKey());
    }
    if (autoGeneratedKeys != Statement.NO_GENERATED_KEYS) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("autoGeneratedKeys is " + autoGeneratedKeys
          + ": give Statement.RETURN_GENERATED_KEYS or Statement.NO_GENERATED_KEYS", null);
    }
    return Optional.empty();
  }

  static GeneratedKeys.Asked keys(int[] columnIndexes) throws SQLException {
    if (columnIndexes == null || columnIndexes.length == 0) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("columnIndexes is empty: name at least one column", null);
    }
    return new GeneratedKeys.Asked.Indexed(java.util.Arrays.stream(columnIndexes).boxed()
        .collect(ImmutableList.toImmutableList()));
  }

  static GeneratedKeys.Asked keys(String[] columnNames) throws SQLException {
    if (columnNames == null || columnNames.length == 0) {
      throw SqlState.INVALID_PARAMETER_VALUE.toException("columnNames is empty: name at least one column", null);
    }
    return new GeneratedKeys.Asked.Named(ImmutableList.copyOf(columnNames));
  }

  /**
   * The key columns of the rows the last INSERT or UPSERT wrote, when it asked for them (by
   * RETURN_GENERATED_KEYS, or by column names or indexes); DynamoDB generates no keys, so these are
   * the keys as written. Otherwise a result with no rows and no columns.
   */
  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    return new KeycondResultSet(this, generatedKeyColumns, new ListCursor(generatedKeyRows), null);
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    checkOpen();
    batch.add(sql);
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
    batch.clear();
  }

  /**
   * Plans the batch's statements, then runs them one after another; the first that fails ends the
   * batch with a BatchUpdateException whose counts are those of the statements before it, then
   * EXECUTE_FAILED (all EXECUTE_FAILED when one cannot be planned: nothing is sent then).
   */
  @Override
  public int[] executeBatch() throws SQLException {
    return Jdbc.toIntCounts(executeLargeBatch());
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    newExecution();
    List<String> statements = List.copyOf(batch);
    batch.clear();
    long[] counts = new long[statements.size()];
    Arrays.fill(counts, Statement.EXECUTE_FAILED);
    // Every statement is planned before the first runs, so that one that cannot be planned sends nothing.
    List<PlannedUpdate> updates = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      try {
        PlannedStatement statement = planWithoutMarkers(statements.get(i)).statement();
        if (!(statement instanceof PlannedUpdate update)) {
          throw SqlState.DYNAMIC_SQL_ERROR.toException("executeBatch runs writes; statement " + (i + 1)
              + " of the batch returns rows", null);
        }
        if (update.returning().isPresent()) {
          throw returningInBatch("statement " + (i + 1) + " of the batch");
        }
        updates.add(update);
      } catch (SQLException e) {
        throw Jdbc.batchFailure(e, counts);
      }
    }
    // In a transaction the batch is all or nothing, as a PreparedStatement's is.
    Optional<Runnable> undo = connection.session().undoPoint();
    for (int i = 0; i < updates.size(); i++) {
      try {
        counts[i] = write(updates.get(i), List.of(List.of()), false)[0];
      } catch (SQLException e) {
        if (undo.isEmpty()) {
          throw Jdbc.batchFailure(e, counts);
        }
        undo.get().run();
        Arrays.fill(counts, Statement.EXECUTE_FAILED);
        throw Jdbc.batchFailure(new SQLException(KeycondException.then(e.getMessage(), "Nothing of the batch is kept: "
            + "the transaction holds what it held before executeBatch."), e.getSQLState(), e.getErrorCode(), e), counts);
      }
    }
    return counts;
  }

  @Override
  public void setCursorName(String name) throws SQLException {
    throw Jdbc.notSupported("Statement.setCursorName");
  }
}
