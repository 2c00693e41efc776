package dev.keycond.jdbc;

import dev.keycond.planner.ParameterType;
import dev.keycond.planner.PlannedExplain;
import dev.keycond.planner.PlannedQuery;
import dev.keycond.planner.PlannedUpdate;
import dev.keycond.planner.PlannedStatement;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.plan.ParameterText;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

/**
 * A statement planned once and executed many times. Parameter markers in key conditions stay
 * symbolic in the plan, so every execution is a key read with that execution's values.
 */
public final class KeycondPreparedStatement extends KeycondStatement implements PreparedStatement {
  private static final Object UNSET = new Object();

  private final String sql;
  private PlannedStatement query;
  private long plannedMaxRows;
  private final Object[] values;
  /** The parameter values of each execution of {@link #addBatch()}. */
  private final List<List<Object>> parameterSets = new ArrayList<>();

  KeycondPreparedStatement(KeycondConnection connection, String sql) throws SQLException {
    super(connection);
    // Processed once, here: JDBC's setEscapeProcessing does not reach a statement already prepared.
    this.sql = JdbcEscapes.translate(sql);
    this.query = plan(0);
    this.values = new Object[query.parameters().size()];
    Arrays.fill(values, UNSET);
  }

  private PlannedStatement plan(long maxRows) throws SQLException {
    try {
      PlannedStatement planned = connection.session().prepare(sql, maxRows);
      plannedMaxRows = maxRows;
      return planned;
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
  }

  /** The plan for the current maxRows; a different maxRows changes the limit pushed to DynamoDB. */
  private PlannedStatement query() throws SQLException {
    checkOpen();
    if (plannedMaxRows != maxRowsLimit()) {
      query = plan(maxRowsLimit());
    }
    return query;
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    PlannedStatement current = query();
    if (!returnsRows(current)) {
      throw noResultSet();
    }
    runWithValues(current);
    return getResultSet();
  }

  @Override
  public boolean execute() throws SQLException {
    return runWithValues(query());
  }

  @Override
  public int executeUpdate() throws SQLException {
    return Jdbc.toIntCount(executeLargeUpdate());
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    PlannedStatement current = query();
    if (returnsRows(current)) {
      throw notAnUpdate();
    }
    runWithValues(current);
    return updateCount;
  }

  /** Runs the statement with the parameter values set; only EXPLAIN may run with some unset. */
  private boolean runWithValues(PlannedStatement current) throws SQLException {
    newExecution();
    List<Object> parameters = new ArrayList<>(values.length);
    boolean allSet = true;
    for (int i = 0; i < values.length; i++) {
      if (values[i] == UNSET) {
        if (!(current instanceof PlannedExplain)) {
          throw SqlState.PARAMETER_NOT_SET.toException("Parameter " + (i + 1) + " has no value; set it with setXxx("
              + (i + 1) + ", value) or setNull", null);
        }
        allSet = false;
      }
      parameters.add(values[i]);
    }
    return run(current, parameters, allSet, allSet ? ParameterText.values(parameters) : ParameterText.MARKERS);
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    throw runsItsOwnSql("executeQuery");
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    throw runsItsOwnSql("execute");
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    throw runsItsOwnSql("executeUpdate");
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    throw runsItsOwnSql("executeLargeUpdate");
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    throw runsItsOwnSql("addBatch");
  }

  @Override
  void checkRunsText(String method) throws SQLException {
    throw runsItsOwnSql(method);
  }

  private static SQLException runsItsOwnSql(String method) {
    return SqlState.GENERAL_ERROR.toException(
        "A PreparedStatement runs its own SQL; call " + method + "() without arguments", null);
  }

  private void set(int index, Object value) throws SQLException {
    checkOpen();
    Jdbc.checkIndex("Parameter", index, values.length);
    if (value == null) {
      values[index - 1] = null;
      return;
    }
    ParameterType type = query.parameters().get(index - 1);
    try {
      values[index - 1] = JdbcValues.fromJdbc(value, type.type());
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
  }

  @Override
  public void clearParameters() throws SQLException {
    checkOpen();
    Arrays.fill(values, UNSET);
  }

  @Override
  public void setNull(int parameterIndex, int sqlType) throws SQLException {
    set(parameterIndex, null);
  }

  @Override
  public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
    set(parameterIndex, null);
  }

  @Override
  public void setBoolean(int parameterIndex, boolean x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setByte(int parameterIndex, byte x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setShort(int parameterIndex, short x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setInt(int parameterIndex, int x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setLong(int parameterIndex, long x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setFloat(int parameterIndex, float x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setDouble(int parameterIndex, double x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setString(int parameterIndex, String x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setNString(int parameterIndex, String value) throws SQLException {
    set(parameterIndex, value);
  }

  @Override
  public void setBytes(int parameterIndex, byte[] x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setDate(int parameterIndex, Date x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
    // The day the Date's moment falls on in the calendar's zone.
    set(parameterIndex, x == null || cal == null ? x
        : Instant.ofEpochMilli(x.getTime()).atZone(cal.getTimeZone().toZoneId()));
  }

  @Override
  public void setTime(int parameterIndex, Time x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
    // A Timestamp is an instant, and keycond writes it as one, in UTC: no calendar changes which.
    // Into a DATE, it is the day the instant falls on in the calendar's zone.
    set(parameterIndex, x == null || cal == null ? x : x.toInstant().atZone(cal.getTimeZone().toZoneId()));
  }

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    set(parameterIndex, x);
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    PlannedStatement current = query();
    // A write returns no ResultSet, so it has no ResultSetMetaData (JDBC's answer is null).
    return current instanceof PlannedQuery q ? new KeycondResultSetMetaData(q.columns())
        : current instanceof PlannedExplain explain ? new KeycondResultSetMetaData(explain.columns()) : null;
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    checkOpen();
    return new KeycondParameterMetaData(query().parameters());
  }

  // ---------------------------------------------------------------- what keycond does not have

  /** Keeps the current parameter values as one execution of the batch; every marker must have a value. */
  @Override
  public void addBatch() throws SQLException {
    checkOpen();
    for (int i = 0; i < values.length; i++) {
      if (values[i] == UNSET) {
        throw SqlState.PARAMETER_NOT_SET.toException("Parameter " + (i + 1) + " has no value; set it before "
            + "addBatch()", null);
      }
    }
    parameterSets.add(Arrays.asList(values.clone()));
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
    parameterSets.clear();
  }

  /**
   * Runs the write once per parameter set added, their requests sent together (INSERT's PutItems
   * concurrently, UPSERT's rows 25 to a BatchWriteItem). The counts are each execution's rows
   * written; when a row fails, the BatchUpdateException has a count for every execution: what it
   * wrote, or EXECUTE_FAILED when not all its rows were written.
   */
  @Override
  public int[] executeBatch() throws SQLException {
    return Jdbc.toIntCounts(executeLargeBatch());
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    PlannedStatement current = query();
    newExecution();
    List<List<Object>> sets = List.copyOf(parameterSets);
    parameterSets.clear();
    if (sets.isEmpty()) {
      return new long[0];
    }
    if (!(current instanceof PlannedUpdate update)) {
      throw SqlState.DYNAMIC_SQL_ERROR.toException("executeBatch runs writes; this statement returns rows", null);
    }
    if (update.returning().isPresent()) {
      throw returningInBatch("this statement");
    }
    return write(update, sets, true);
  }

  @Override
  public void setArray(int parameterIndex, Array x) throws SQLException {
    set(parameterIndex, x == null ? null : x.getArray());
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setAsciiStream");
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setAsciiStream");
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setAsciiStream");
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setBinaryStream");
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setBinaryStream");
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setBinaryStream");
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setBlob");
  }

  @Override
  public void setBlob(int parameterIndex, Blob x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setBlob");
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream, long length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setBlob");
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setCharacterStream");
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, int length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setCharacterStream");
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setCharacterStream");
  }

  @Override
  public void setClob(int parameterIndex, Reader reader) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setClob");
  }

  @Override
  public void setClob(int parameterIndex, Clob x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setClob");
  }

  @Override
  public void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setClob");
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader reader) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setNCharacterStream");
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setNCharacterStream");
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setNClob");
  }

  @Override
  public void setNClob(int parameterIndex, NClob x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setNClob");
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setNClob");
  }

  @Override
  public void setRef(int parameterIndex, Ref x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setRef");
  }

  @Override
  public void setRowId(int parameterIndex, RowId x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setRowId");
  }

  @Override
  public void setSQLXML(int parameterIndex, SQLXML x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setSQLXML");
  }

  @Override
  public void setURL(int parameterIndex, URL x) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setURL");
  }

  @Override
  @Deprecated
  public void setUnicodeStream(int parameterIndex, InputStream x, int length) throws SQLException {
    throw Jdbc.notSupported("PreparedStatement.setUnicodeStream");
  }
}
