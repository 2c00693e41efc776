package dev.keycond.jdbc;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.ResultColumn;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.relational.ListCursor;
import dev.keycond.planner.schema.SqlTypes;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.type.SqlTypeName;

/** A DynamoDB set (SS, NS or BS) as a JDBC array; its elements are already in memory. */
final class KeycondArray implements Array {
  private final List<?> elements;
  private final SqlTypeName elementType;

  KeycondArray(List<?> elements, SqlTypeName elementType) {
    this.elements = elements;
    this.elementType = elementType;
  }

  /** The element type of a set, told from its elements; an empty set is a string set as far as anyone can tell. */
  static KeycondArray of(List<?> elements) {
    SqlTypeName type = SqlTypeName.VARCHAR;
    if (!elements.isEmpty() && elements.get(0) instanceof Number) {
      type = SqlTypeName.DECIMAL;
    } else if (!elements.isEmpty() && !(elements.get(0) instanceof String)) {
      type = SqlTypeName.VARBINARY;
    }
    return new KeycondArray(elements, type);
  }

  @Override
  public String getBaseTypeName() {
    return JdbcTypes.name(elementType);
  }

  @Override
  public int getBaseType() {
    return JdbcTypes.code(elementType);
  }

  @Override
  public Object getArray() {
    // Typed (String[], BigDecimal[], byte[][]) as JDBC asks: callers cast to the element type's array.
    Object[] array = (Object[]) java.lang.reflect.Array.newInstance(elementClass(), elements.size());
    for (int i = 0; i < array.length; i++) {
      array[i] = JdbcValues.toJdbc(elements.get(i));
    }
    return array;
  }

  private Class<?> elementClass() {
    switch (elementType) {
      case DECIMAL:
        return BigDecimal.class;
      case VARBINARY:
        return byte[].class;
      default:
        return String.class;
    }
  }

  @Override
  public Object getArray(Map<String, Class<?>> map) {
    return getArray();
  }

  @Override
  public Object getArray(long index, int count) throws SQLException {
    checkSlice(index, count);
    Object[] all = (Object[]) getArray();
    return Arrays.copyOfRange(all, (int) index - 1, (int) index - 1 + count);
  }

  @Override
  public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
    return getArray(index, count);
  }

  /** Checks that elements index..index+count-1, counted from 1, are all in the array. */
  private void checkSlice(long index, int count) throws SQLException {
    if (index < 1 || count < 0 || index - 1 + count > elements.size()) {
      throw SqlState.ARRAY_SUBSCRIPT_ERROR.toException(
          "Elements " + index + ".." + (index + count - 1) + " are outside 1.." + elements.size(), null);
    }
  }

  /**
   * The elements as a result of two columns, as JDBC defines it: INDEX (from 1) and VALUE, one row
   * per element in the array's order.
   */
  @Override
  public ResultSet getResultSet() throws SQLException {
    return getResultSet(1, elements.size());
  }

  @Override
  public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
    return getResultSet();
  }

  @Override
  public ResultSet getResultSet(long index, int count) throws SQLException {
    checkSlice(index, count);
    List<Object[]> rows = new ArrayList<>(count);
    for (int i = (int) index; i < index + count; i++) {
      rows.add(new Object[] {i, elements.get(i - 1)});
    }
    ImmutableList<ResultColumn> columns = ImmutableList.of(
        new ResultColumn("INDEX", SqlTypeName.INTEGER, 0, 0, false, Optional.empty(), Optional.empty()),
        new ResultColumn("VALUE", elementType, elementPrecision(), elementScale(), false, Optional.empty(),
            Optional.empty()));
    return new KeycondResultSet(null, columns, new ListCursor(rows), null);
  }

  @Override
  public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
    return getResultSet(index, count);
  }

  /** A number set's elements are N values, described as an N column is; text and binary have no fixed length. */
  private int elementPrecision() {
    return elementType == SqlTypeName.DECIMAL ? SqlTypes.DECIMAL_PRECISION : 0;
  }

  private int elementScale() {
    return elementType == SqlTypeName.DECIMAL ? SqlTypes.DECIMAL_SCALE : 0;
  }

  @Override
  public void free() {
    // Nothing is held outside the JVM.
  }

  @Override
  public String toString() {
    return JdbcValues.toText(elements);
  }
}
