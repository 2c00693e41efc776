package dev.keycond.jdbc;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.ResultColumn;
import dev.keycond.planner.schema.KeycondSchema;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import org.apache.calcite.sql.type.SqlTypeName;

/** Describes the columns of a result. */
final class KeycondResultSetMetaData extends AbstractWrapper implements ResultSetMetaData {
  private final ImmutableList<ResultColumn> columns;

  KeycondResultSetMetaData(ImmutableList<ResultColumn> columns) {
    this.columns = columns;
  }

  private ResultColumn column(int column) throws SQLException {
    Jdbc.checkIndex("Column", column, columns.size());
    return columns.get(column - 1);
  }

  @Override
  public int getColumnCount() {
    return columns.size();
  }

  @Override
  public boolean isAutoIncrement(int column) throws SQLException {
    column(column);
    return false;
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    SqlTypeName type = column(column).type();
    return type == SqlTypeName.VARCHAR || type == SqlTypeName.CHAR;
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    column(column);
    return true;
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    column(column);
    return false;
  }

  @Override
  public int isNullable(int column) throws SQLException {
    return column(column).nullable() ? columnNullable : columnNoNulls;
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    return JdbcTypes.isSigned(column(column).type());
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    ResultColumn c = column(column);
    return JdbcTypes.displaySize(c.type(), c.precision(), c.scale());
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    return column(column).label();
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    ResultColumn c = column(column);
    return c.column().orElse(c.label());
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    return column(column).table().isPresent() ? KeycondSchema.NAME : "";
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    ResultColumn c = column(column);
    return JdbcTypes.zeroIfNone(JdbcTypes.columnSize(c.type(), c.precision()));
  }

  @Override
  public int getScale(int column) throws SQLException {
    ResultColumn c = column(column);
    return JdbcTypes.zeroIfNone(JdbcTypes.decimalDigits(c.type(), c.precision(), c.scale()));
  }

  @Override
  public String getTableName(int column) throws SQLException {
    return column(column).table().orElse("");
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    column(column);
    return "";
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return JdbcTypes.code(column(column).type());
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    return JdbcTypes.name(column(column).type());
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    column(column);
    return true;
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    column(column);
    return false;
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    column(column);
    return false;
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    return JdbcTypes.className(column(column).type());
  }
}
