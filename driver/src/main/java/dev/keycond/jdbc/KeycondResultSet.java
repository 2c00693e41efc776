package dev.keycond.jdbc;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.ResultColumn;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.RowCursor;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.List;
import java.util.Map;

/**
 * A forward-only, read-only result. Rows are pulled from the plan's cursor one at a time, so a
 * DynamoDB page is only requested when the rows before it have been read.
 */
public final class KeycondResultSet implements ResultSet {
  private final KeycondStatement statement;
  private final ImmutableList<ResultColumn> columns;
  private final RowCursor cursor;
  /** The execution to report statistics for when the rows run out; null when there is nothing to report. */
  private final ExecutionContext reported;
  private final long maxRows;
  private Object[] row;
  private long rowNumber;
  private boolean afterLast;
  private boolean wasNull;
  private boolean closed;

  KeycondResultSet(KeycondStatement statement, ImmutableList<ResultColumn> columns, RowCursor cursor,
      ExecutionContext reported) {
    this.statement = statement;
    this.columns = columns;
    this.cursor = cursor;
    this.reported = reported;
    this.maxRows = statement == null ? 0 : statement.maxRowsLimit();
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
        statement.finished(reported.statistics());
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
      throw new SQLException(afterLast ? "The result set has no more rows" : "Call next() before reading a row",
          "24000");
    }
    if (columnIndex < 1 || columnIndex > columns.size()) {
      throw new SQLException("Column index " + columnIndex + " is out of range 1.." + columns.size(), "07009");
    }
    Object value = row[columnIndex - 1];
    wasNull = value == null;
    return value;
  }

  private String label(int columnIndex) {
    return "'" + columns.get(columnIndex - 1).label() + "'";
  }

  @Override
  public int findColumn(String columnLabel) throws SQLException {
    checkOpen();
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).label().equals(columnLabel)) {
        return i + 1;
      }
    }
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).label().equalsIgnoreCase(columnLabel)) {
        return i + 1;
      }
    }
    throw new SQLException("The result has no column '" + columnLabel + "'; its columns are "
        + columns.stream().map(ResultColumn::label).toList(), "42S22");
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return wasNull;
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    return JdbcValues.toText(value(columnIndex));
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
    return value == null ? null : Timestamp.valueOf(JdbcValues.toTimestamp(value, label(columnIndex)));
  }

  @Override
  public Date getDate(int columnIndex, Calendar cal) throws SQLException {
    return getDate(columnIndex);
  }

  @Override
  public Time getTime(int columnIndex, Calendar cal) throws SQLException {
    return getTime(columnIndex);
  }

  @Override
  public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
    Object value = value(columnIndex);
    if (value == null) {
      return null;
    }
    // TIMESTAMP values are UTC wall-clock times; a calendar asks for that wall clock in its zone.
    java.time.LocalDateTime utc = JdbcValues.toTimestamp(value, label(columnIndex));
    return cal == null ? Timestamp.valueOf(utc)
        : Timestamp.from(utc.atZone(cal.getTimeZone().toZoneId()).toInstant());
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    return JdbcValues.toJdbc(value(columnIndex));
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    return JdbcValues.as(value(columnIndex), type, label(columnIndex));
  }

  @Override
  public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
    return getObject(columnIndex);
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
    closed = true;
    row = null;
    cursor.close();
    if (statement != null) {
      statement.resultSetClosed(this);
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  private void checkOpen() throws SQLException {
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

  @Override
  public int getType() {
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getConcurrency() {
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getHoldability() {
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
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
  public int getFetchSize() {
    return 0;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return Jdbc.unwrap(this, iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
  @Override
  public boolean absolute(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.absolute");
  }

  @Override
  public void afterLast() throws SQLException {
    throw Jdbc.notSupported("ResultSet.afterLast");
  }

  @Override
  public void beforeFirst() throws SQLException {
    throw Jdbc.notSupported("ResultSet.beforeFirst");
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    throw Jdbc.notSupported("ResultSet.cancelRowUpdates");
  }

  @Override
  public void deleteRow() throws SQLException {
    throw Jdbc.notSupported("ResultSet.deleteRow");
  }

  @Override
  public boolean first() throws SQLException {
    throw Jdbc.notSupported("ResultSet.first");
  }

  @Override
  public java.sql.Array getArray(int columnIndex) throws SQLException {
    Object value = value(columnIndex);
    if (value == null) {
      return null;
    }
    if (!(value instanceof List<?> list)) {
      throw SqlState.INVALID_CHARACTER_VALUE.toException("Column " + label(columnIndex) + " is not an array", null);
    }
    return KeycondArray.of(list);
  }

  @Override
  public java.sql.Array getArray(String columnLabel) throws SQLException {
    return getArray(findColumn(columnLabel));
  }

  @Override
  public java.sql.Blob getBlob(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getBlob");
  }

  @Override
  public java.sql.Blob getBlob(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getBlob");
  }

  @Override
  public java.sql.Clob getClob(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getClob");
  }

  @Override
  public java.sql.Clob getClob(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getClob");
  }

  @Override
  public String getCursorName() throws SQLException {
    throw Jdbc.notSupported("ResultSet.getCursorName");
  }

  @Override
  public java.sql.NClob getNClob(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getNClob");
  }

  @Override
  public java.sql.NClob getNClob(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getNClob");
  }

  @Override
  public java.sql.Ref getRef(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRef");
  }

  @Override
  public java.sql.Ref getRef(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRef");
  }

  @Override
  public java.sql.RowId getRowId(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRowId");
  }

  @Override
  public java.sql.RowId getRowId(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getRowId");
  }

  @Override
  public java.sql.SQLXML getSQLXML(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getSQLXML");
  }

  @Override
  public java.sql.SQLXML getSQLXML(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getSQLXML");
  }

  @Override
  public java.net.URL getURL(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getURL");
  }

  @Override
  public java.net.URL getURL(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getURL");
  }

  @Override
  public java.io.InputStream getUnicodeStream(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getUnicodeStream");
  }

  @Override
  public java.io.InputStream getUnicodeStream(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.getUnicodeStream");
  }

  @Override
  public void insertRow() throws SQLException {
    throw Jdbc.notSupported("ResultSet.insertRow");
  }

  @Override
  public boolean isLast() throws SQLException {
    throw Jdbc.notSupported("ResultSet.isLast");
  }

  @Override
  public boolean last() throws SQLException {
    throw Jdbc.notSupported("ResultSet.last");
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    throw Jdbc.notSupported("ResultSet.moveToCurrentRow");
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw Jdbc.notSupported("ResultSet.moveToInsertRow");
  }

  @Override
  public boolean previous() throws SQLException {
    throw Jdbc.notSupported("ResultSet.previous");
  }

  @Override
  public void refreshRow() throws SQLException {
    throw Jdbc.notSupported("ResultSet.refreshRow");
  }

  @Override
  public boolean relative(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.relative");
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    throw Jdbc.notSupported("ResultSet.rowDeleted");
  }

  @Override
  public boolean rowInserted() throws SQLException {
    throw Jdbc.notSupported("ResultSet.rowInserted");
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    throw Jdbc.notSupported("ResultSet.rowUpdated");
  }

  @Override
  public void updateArray(int p0, java.sql.Array p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateArray");
  }

  @Override
  public void updateArray(String p0, java.sql.Array p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateArray");
  }

  @Override
  public void updateAsciiStream(int p0, java.io.InputStream p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String p0, java.io.InputStream p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String p0, java.io.InputStream p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String p0, java.io.InputStream p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateAsciiStream");
  }

  @Override
  public void updateBigDecimal(String p0, java.math.BigDecimal p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBigDecimal");
  }

  @Override
  public void updateBigDecimal(int p0, java.math.BigDecimal p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBigDecimal");
  }

  @Override
  public void updateBinaryStream(String p0, java.io.InputStream p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int p0, java.io.InputStream p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String p0, java.io.InputStream p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String p0, java.io.InputStream p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBinaryStream");
  }

  @Override
  public void updateBlob(String p0, java.io.InputStream p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBlob");
  }

  @Override
  public void updateBlob(int p0, java.io.InputStream p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBlob");
  }

  @Override
  public void updateBlob(String p0, java.sql.Blob p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBlob");
  }

  @Override
  public void updateBlob(int p0, java.sql.Blob p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBlob");
  }

  @Override
  public void updateBlob(String p0, java.io.InputStream p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBlob");
  }

  @Override
  public void updateBlob(int p0, java.io.InputStream p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBlob");
  }

  @Override
  public void updateBoolean(int p0, boolean p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBoolean");
  }

  @Override
  public void updateBoolean(String p0, boolean p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBoolean");
  }

  @Override
  public void updateByte(int p0, byte p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateByte");
  }

  @Override
  public void updateByte(String p0, byte p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateByte");
  }

  @Override
  public void updateBytes(int p0, byte[] p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBytes");
  }

  @Override
  public void updateBytes(String p0, byte[] p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateBytes");
  }

  @Override
  public void updateCharacterStream(String p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String p0, java.io.Reader p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int p0, java.io.Reader p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateCharacterStream");
  }

  @Override
  public void updateClob(String p0, java.sql.Clob p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateClob");
  }

  @Override
  public void updateClob(int p0, java.sql.Clob p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateClob");
  }

  @Override
  public void updateClob(int p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateClob");
  }

  @Override
  public void updateClob(String p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateClob");
  }

  @Override
  public void updateClob(int p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateClob");
  }

  @Override
  public void updateClob(String p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateClob");
  }

  @Override
  public void updateDate(String p0, java.sql.Date p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateDate");
  }

  @Override
  public void updateDate(int p0, java.sql.Date p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateDate");
  }

  @Override
  public void updateDouble(int p0, double p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateDouble");
  }

  @Override
  public void updateDouble(String p0, double p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateDouble");
  }

  @Override
  public void updateFloat(int p0, float p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateFloat");
  }

  @Override
  public void updateFloat(String p0, float p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateFloat");
  }

  @Override
  public void updateInt(int p0, int p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateInt");
  }

  @Override
  public void updateInt(String p0, int p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateInt");
  }

  @Override
  public void updateLong(String p0, long p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateLong");
  }

  @Override
  public void updateLong(int p0, long p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateLong");
  }

  @Override
  public void updateNCharacterStream(int p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNCharacterStream");
  }

  @Override
  public void updateNClob(String p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNClob");
  }

  @Override
  public void updateNClob(int p0, java.io.Reader p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNClob");
  }

  @Override
  public void updateNClob(int p0, java.sql.NClob p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNClob");
  }

  @Override
  public void updateNClob(String p0, java.sql.NClob p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNClob");
  }

  @Override
  public void updateNClob(String p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNClob");
  }

  @Override
  public void updateNClob(int p0, java.io.Reader p1, long p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNClob");
  }

  @Override
  public void updateNString(String p0, String p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNString");
  }

  @Override
  public void updateNString(int p0, String p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNString");
  }

  @Override
  public void updateNull(int p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNull");
  }

  @Override
  public void updateNull(String p0) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateNull");
  }

  @Override
  public void updateObject(int p0, Object p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateObject");
  }

  @Override
  public void updateObject(String p0, Object p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateObject");
  }

  @Override
  public void updateObject(String p0, Object p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateObject");
  }

  @Override
  public void updateObject(int p0, Object p1, int p2) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateObject");
  }

  @Override
  public void updateRef(int p0, java.sql.Ref p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateRef");
  }

  @Override
  public void updateRef(String p0, java.sql.Ref p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateRef");
  }

  @Override
  public void updateRow() throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateRow");
  }

  @Override
  public void updateRowId(int p0, java.sql.RowId p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateRowId");
  }

  @Override
  public void updateRowId(String p0, java.sql.RowId p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateRowId");
  }

  @Override
  public void updateSQLXML(String p0, java.sql.SQLXML p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateSQLXML");
  }

  @Override
  public void updateSQLXML(int p0, java.sql.SQLXML p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateSQLXML");
  }

  @Override
  public void updateShort(int p0, short p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateShort");
  }

  @Override
  public void updateShort(String p0, short p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateShort");
  }

  @Override
  public void updateString(String p0, String p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateString");
  }

  @Override
  public void updateString(int p0, String p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateString");
  }

  @Override
  public void updateTime(int p0, java.sql.Time p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateTime");
  }

  @Override
  public void updateTime(String p0, java.sql.Time p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateTime");
  }

  @Override
  public void updateTimestamp(String p0, java.sql.Timestamp p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateTimestamp");
  }

  @Override
  public void updateTimestamp(int p0, java.sql.Timestamp p1) throws SQLException {
    throw Jdbc.notSupported("ResultSet.updateTimestamp");
  }
}
