package dev.keycond.jdbc;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.ResultColumn;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.RowCursor;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.rowset.serial.SerialBlob;

/**
 * A forward-only, read-only result. Rows are pulled from the plan's cursor one at a time, so a
 * DynamoDB page is only requested when the rows before it have been read.
 */
public final class KeycondResultSet extends ReadOnlyResultSet {
  private final KeycondStatement statement;
  private final ImmutableList<ResultColumn> columns;
  private final RowCursor cursor;
  /** The execution to report the read cost of when the rows run out; null when there is nothing to report. */
  private final ExecutionContext reported;
  private final long maxRows;
  /** A hint only, kept to be given back (see setFetchSize). */
  private int fetchSize;
  private Object[] row;
  private long rowNumber;
  private boolean afterLast;
  private boolean wasNull;
  /** Set by the connection's close on another thread too. */
  private volatile boolean closed;
  private Map<String, Integer> labels;
  private Map<String, Integer> labelsIgnoringCase;

  KeycondResultSet(KeycondStatement statement, ImmutableList<ResultColumn> columns, RowCursor cursor,
      ExecutionContext reported) {
    this.statement = statement;
    this.columns = columns;
    this.cursor = cursor;
    this.reported = reported;
    this.maxRows = statement == null ? 0 : statement.maxRowsLimit();
    this.fetchSize = statement == null ? 0 : statement.fetchSizeHint();
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (afterLast) {
      return false;
    }
    boolean more;
    try {
      more = (maxRows == 0 || rowNumber < maxRows) && cursor.next();
    } catch (RuntimeException e) {
      throw Jdbc.translate(e);
    }
    if (!more) {
      row = null;
      afterLast = true;
      cursor.close();
      if (reported != null && statement != null) {
        statement.finished(reported, rowNumber);
      }
      return false;
    }
    row = cursor.row();
    rowNumber++;
    return true;
  }

  private Object value(int columnIndex) throws SQLException {
    checkOpen();
    if (row == null) {
      throw SqlState.INVALID_CURSOR_STATE.toException(
          afterLast ? "The result set has no more rows" : "Call next() before reading a row", null);
    }
    Jdbc.checkIndex("Column", columnIndex, columns.size());
    Object value = row[columnIndex - 1];
    wasNull = value == null;
    return value;
  }

  /** The column's label, for messages; value() has checked the index. */
  private String label(int columnIndex) {
    return columns.get(columnIndex - 1).label();
  }

  /**
   * The first column with this label, else the first with it in another case, as JDBC asks. Tools
   * read every row by label, so the positions are worked out once.
   */
  @Override
  public int findColumn(String columnLabel) throws SQLException {
    checkOpen();
    if (labels == null) {
      labels = new HashMap<>();
      labelsIgnoringCase = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      for (int i = 0; i < columns.size(); i++) {
        labels.putIfAbsent(columns.get(i).label(), i + 1);
        labelsIgnoringCase.putIfAbsent(columns.get(i).label(), i + 1);
      }
    }
    Integer index = labels.get(columnLabel);
    if (index == null) {
      index = labelsIgnoringCase.get(columnLabel);
    }
    if (index != null) {
      return index;
    }
    throw SqlState.UNKNOWN_COLUMN.toException("The result has no column '" + columnLabel + "'; its columns are "
        + columns.stream().map(ResultColumn::label).toList(), null);
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return wasNull;
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    return JdbcValues.toText(value(columnIndex), columns.get(columnIndex - 1).type());
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    return JdbcValues.toBoolean(value(columnIndex), label(columnIndex));
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    return (byte) JdbcValues.toLong(value(columnIndex), label(columnIndex), Byte.MIN_VALUE, Byte.MAX_VALUE);
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    return (short) JdbcValues.toLong(value(columnIndex), label(columnIndex), Short.MIN_VALUE, Short.MAX_VALUE);
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    return (int) JdbcValues.toLong(value(columnIndex), label(columnIndex), Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    return JdbcValues.toLong(value(columnIndex), label(columnIndex), Long.MIN_VALUE, Long.MAX_VALUE);
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    return (float) JdbcValues.toDouble(value(columnIndex), label(columnIndex));
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    return JdbcValues.toDouble(value(columnIndex), label(columnIndex));
  }

  @Override
  public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    Object value = value(columnIndex);
    return value == null ? null : JdbcValues.toDecimal(value, label(columnIndex));
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    BigDecimal value = getBigDecimal(columnIndex);
    return value == null ? null : value.setScale(scale, RoundingMode.HALF_UP);
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    return JdbcValues.toBytes(value(columnIndex), label(columnIndex));
  }

  @Override
  public Date getDate(int columnIndex) throws SQLException {
    Object value = value(columnIndex);
    return value == null ? null : Date.valueOf(JdbcValues.toDate(value, label(columnIndex)));
  }

  @Override
  public Time getTime(int columnIndex) throws SQLException {
    Object value = value(columnIndex);
    return value == null ? null : Time.valueOf(JdbcValues.toTime(value, label(columnIndex)));
  }

  @Override
  public Timestamp getTimestamp(int columnIndex) throws SQLException {
    Object value = value(columnIndex);
    return value == null ? null : JdbcValues.toJdbcTimestamp(value, label(columnIndex), ZoneId.systemDefault());
  }

  @Override
  public Date getDate(int columnIndex, Calendar cal) throws SQLException {
    Object value = value(columnIndex);
    return value == null ? null : JdbcValues.toJdbcDate(value, label(columnIndex), zone(cal));
  }

  @Override
  public Time getTime(int columnIndex, Calendar cal) throws SQLException {
    return getTime(columnIndex);
  }

  @Override
  public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
    // A TIMESTAMP value is a UTC time, an instant: no calendar changes which one it is. A DATE's
    // midnight is the calendar's.
    Object value = value(columnIndex);
    return value == null ? null : JdbcValues.toJdbcTimestamp(value, label(columnIndex), zone(cal));
  }

  /** The calendar's time zone; the JVM's for none, as JDBC says. */
  private static ZoneId zone(Calendar cal) {
    return cal == null ? ZoneId.systemDefault() : cal.getTimeZone().toZoneId();
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    return JdbcValues.toJdbc(value(columnIndex), columns.get(columnIndex - 1).type());
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    return JdbcValues.as(value(columnIndex), columns.get(columnIndex - 1).type(), type, label(columnIndex));
  }

  @Override
  public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
    return getObject(columnIndex);
  }

  @Override
  public Array getArray(int columnIndex) throws SQLException {
    Object value = value(columnIndex);
    if (value == null) {
      return null;
    }
    if (!(value instanceof List<?> list)) {
      throw SqlState.INVALID_CHARACTER_VALUE.toException("Column '" + label(columnIndex) + "' is not an array", null);
    }
    return KeycondArray.of(list);
  }

  @Override
  public InputStream getBinaryStream(int columnIndex) throws SQLException {
    byte[] bytes = getBytes(columnIndex);
    return bytes == null ? null : new ByteArrayInputStream(bytes);
  }

  @Override
  public InputStream getAsciiStream(int columnIndex) throws SQLException {
    String text = getString(columnIndex);
    return text == null ? null : new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  public Reader getCharacterStream(int columnIndex) throws SQLException {
    String text = getString(columnIndex);
    return text == null ? null : new StringReader(text);
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    return getString(columnIndex);
  }

  @Override
  public Reader getNCharacterStream(int columnIndex) throws SQLException {
    return getCharacterStream(columnIndex);
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    return getBoolean(findColumn(columnLabel));
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    return getByte(findColumn(columnLabel));
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    return getShort(findColumn(columnLabel));
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return getInt(findColumn(columnLabel));
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return getLong(findColumn(columnLabel));
  }

  @Override
  public float getFloat(String columnLabel) throws SQLException {
    return getFloat(findColumn(columnLabel));
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    return getDouble(findColumn(columnLabel));
  }

  @Override
  public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    return getBigDecimal(findColumn(columnLabel));
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(String columnLabel, int scale) throws SQLException {
    return getBigDecimal(findColumn(columnLabel), scale);
  }

  @Override
  public byte[] getBytes(String columnLabel) throws SQLException {
    return getBytes(findColumn(columnLabel));
  }

  @Override
  public Date getDate(String columnLabel) throws SQLException {
    return getDate(findColumn(columnLabel));
  }

  @Override
  public Time getTime(String columnLabel) throws SQLException {
    return getTime(findColumn(columnLabel));
  }

  @Override
  public Timestamp getTimestamp(String columnLabel) throws SQLException {
    return getTimestamp(findColumn(columnLabel));
  }

  @Override
  public Date getDate(String columnLabel, Calendar cal) throws SQLException {
    return getDate(findColumn(columnLabel), cal);
  }

  @Override
  public Time getTime(String columnLabel, Calendar cal) throws SQLException {
    return getTime(findColumn(columnLabel), cal);
  }

  @Override
  public Timestamp getTimestamp(String columnLabel, Calendar cal) throws SQLException {
    return getTimestamp(findColumn(columnLabel), cal);
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return getObject(findColumn(columnLabel), type);
  }

  @Override
  public Object getObject(String columnLabel, Map<String, Class<?>> map) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  @Override
  public Array getArray(String columnLabel) throws SQLException {
    return getArray(findColumn(columnLabel));
  }

  @Override
  public InputStream getBinaryStream(String columnLabel) throws SQLException {
    return getBinaryStream(findColumn(columnLabel));
  }

  @Override
  public InputStream getAsciiStream(String columnLabel) throws SQLException {
    return getAsciiStream(findColumn(columnLabel));
  }

  @Override
  public Reader getCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }

  @Override
  public Reader getNCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return new KeycondResultSetMetaData(columns);
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    release();
    if (statement != null) {
      statement.resultSetClosed(this);
    }
  }

  /** Closes the result without telling its statement, which is closing it. */
  void release() {
    closed = true;
    row = null;
    cursor.close();
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  /** Fails when the result or its connection is closed, naming the connection when both are. */
  private void checkOpen() throws SQLException {
    if (statement != null) {
      statement.connection.checkOpen();
    }
    if (closed) {
      throw Jdbc.closed("result set");
    }
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return null;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
  }

  @Override
  public Statement getStatement() throws SQLException {
    checkOpen();
    return statement;
  }

  @Override
  public int getRow() throws SQLException {
    checkOpen();
    return row == null ? 0 : (int) Math.min(Integer.MAX_VALUE, rowNumber);
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    checkOpen();
    return rowNumber == 0 && !afterLast;
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    checkOpen();
    return afterLast && rowNumber > 0;
  }

  @Override
  public boolean isFirst() throws SQLException {
    checkOpen();
    return row != null && rowNumber == 1;
  }

  /**
   * Telling would mean reading ahead, which may send a DynamoDB request for the next page; JDBC
   * makes isLast optional for forward-only result sets.
   */
  @Override
  public boolean isLast() throws SQLException {
    throw Jdbc.notSupported("ResultSet.isLast");
  }

  @Override
  public int getType() {
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  /** Its statement's; a result of no statement (metadata's) is never closed by a commit. */
  @Override
  public int getHoldability() throws SQLException {
    return statement == null ? ResultSet.HOLD_CURSORS_OVER_COMMIT : statement.getResultSetHoldability();
  }

  @Override
  public int getFetchDirection() {
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    if (direction != ResultSet.FETCH_FORWARD) {
      throw Jdbc.notSupported("fetch directions other than FETCH_FORWARD");
    }
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  /** A hint, as the statement's is: a read's pages are as large as DynamoDB makes them. */
  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    Jdbc.checkNotNegative("the fetch size", rows);
    fetchSize = rows;
  }

  // ---------------------------------------------------------------- forward-only: next() is the only move

  private static SQLException forwardOnly() {
    return SqlState.FEATURE_NOT_SUPPORTED.toException("keycond result sets are forward-only", null);
  }

  @Override
  public boolean previous() throws SQLException {
    throw forwardOnly();
  }

  @Override
  public boolean first() throws SQLException {
    throw forwardOnly();
  }

  @Override
  public boolean last() throws SQLException {
    throw forwardOnly();
  }

  @Override
  public void beforeFirst() throws SQLException {
    throw forwardOnly();
  }

  @Override
  public void afterLast() throws SQLException {
    throw forwardOnly();
  }

  @Override
  public boolean absolute(int position) throws SQLException {
    throw forwardOnly();
  }

  @Override
  public boolean relative(int rows) throws SQLException {
    throw forwardOnly();
  }

  /** A VARBINARY value as a BLOB, for tools that read binary data that way; it is a copy of the bytes. */
  @Override
  public Blob getBlob(int columnIndex) throws SQLException {
    byte[] bytes = getBytes(columnIndex);
    return bytes == null ? null : new SerialBlob(bytes);
  }

  @Override
  public Blob getBlob(String columnLabel) throws SQLException {
    return getBlob(findColumn(columnLabel));
  }

  /** A value's text (as getString gives it, JSON for maps and lists) as a CLOB. */
  @Override
  public Clob getClob(int columnIndex) throws SQLException {
    return getNClob(columnIndex);
  }

  @Override
  public Clob getClob(String columnLabel) throws SQLException {
    return getNClob(findColumn(columnLabel));
  }

  @Override
  public NClob getNClob(int columnIndex) throws SQLException {
    String text = getString(columnIndex);
    return text == null ? null : new TextClob(text);
  }

  @Override
  public NClob getNClob(String columnLabel) throws SQLException {
    return getNClob(findColumn(columnLabel));
  }

  // ---------------------------------------------------------------- what keycond does not have

  @Override
  public Ref getRef(int columnIndex) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRef");
  }

  @Override
  public Ref getRef(String columnLabel) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRef");
  }

  @Override
  public RowId getRowId(int columnIndex) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRowId");
  }

  @Override
  public RowId getRowId(String columnLabel) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRowId");
  }

  @Override
  public SQLXML getSQLXML(int columnIndex) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getSQLXML");
  }

  @Override
  public SQLXML getSQLXML(String columnLabel) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getSQLXML");
  }

  @Override
  public URL getURL(int columnIndex) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getURL");
  }

  @Override
  public URL getURL(String columnLabel) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getURL");
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(int columnIndex) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getUnicodeStream");
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(String columnLabel) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getUnicodeStream");
  }

  @Override
  public String getCursorName() throws SQLException {
    throw Jdbc.notSupported("ResultSet.getCursorName");
  }

  @Override
  public void refreshRow() throws SQLException {
    throw Jdbc.notSupported("ResultSet.refreshRow");
  }
}
