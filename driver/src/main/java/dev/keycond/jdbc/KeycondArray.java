package dev.keycond.jdbc;

import dev.keycond.planner.error.SqlState;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
    if (index < 1 || count < 0 || index - 1 + count > elements.size()) {
      throw SqlState.ARRAY_SUBSCRIPT_ERROR.toException(
          "Elements " + index + ".." + (index + count - 1) + " are outside 1.." + elements.size(), null);
    }
    Object[] all = (Object[]) getArray();
    return Arrays.copyOfRange(all, (int) index - 1, (int) index - 1 + count);
  }

  @Override
  public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
    return getArray(index, count);
  }

  /** The elements are already in memory, and getArray() hands them over without a cursor. */
  private static SQLException noResultSet() {
    return Jdbc.notSupported("Array.getResultSet; use getArray()");
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    throw noResultSet();
  }

  @Override
  public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
    throw noResultSet();
  }

  @Override
  public ResultSet getResultSet(long index, int count) throws SQLException {
    throw noResultSet();
  }

  @Override
  public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
    throw noResultSet();
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
