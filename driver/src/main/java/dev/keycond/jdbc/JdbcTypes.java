package dev.keycond.jdbc;

import dev.keycond.planner.schema.TypeSizes;
import dev.keycond.planner.schema.KeycondTypeSystem;
import java.math.BigDecimal;
import java.sql.Types;
import org.apache.calcite.sql.type.SqlTypeName;

/** How SQL types are described to JDBC callers: type codes, names, sizes and Java classes. */
final class JdbcTypes {
  static final int MAX_VALUE_LENGTH = TypeSizes.MAX_VALUE_LENGTH;
  /**
   * The longest plain text of a DynamoDB number: a sign, {@code 0.} and 130 fractional digits, as in
   * {@code -1E-130} written out (the largest, {@code 9.99…E+125}, has 126 digits).
   */
  static final int MAX_NUMBER_LENGTH = 133;

  private JdbcTypes() {}

  static int code(SqlTypeName type) {
    switch (type) {
      case ARRAY:
        return Types.ARRAY;
      case MAP:
      case ROW:
      case ANY:
      case OTHER:
        return Types.OTHER;
      default:
        return type.getJdbcOrdinal();
    }
  }

  static String name(SqlTypeName type) {
    if (IntervalValues.isInterval(type)) {
      return IntervalValues.typeName(type);
    }
    return type == SqlTypeName.CHAR ? "VARCHAR" : type.getName();
  }

  static String className(SqlTypeName type) {
    if (IntervalValues.isInterval(type)) {
      return IntervalValues.javaClass(type).getName();
    }
    switch (type) {
      case CHAR:
      case VARCHAR:
        return String.class.getName();
      case BOOLEAN:
        return Boolean.class.getName();
      case TINYINT:
      case SMALLINT:
      case INTEGER:
        return Integer.class.getName();
      case BIGINT:
        return Long.class.getName();
      case DECIMAL:
        return BigDecimal.class.getName();
      case REAL:
        return Float.class.getName();
      case FLOAT:
      case DOUBLE:
        return Double.class.getName();
      case BINARY:
      case VARBINARY:
        return byte[].class.getName();
      case DATE:
        return java.sql.Date.class.getName();
      case TIME:
        return java.sql.Time.class.getName();
      case TIMESTAMP:
        return java.sql.Timestamp.class.getName();
      case ARRAY:
        return java.sql.Array.class.getName();
      default:
        return Object.class.getName();
    }
  }

  /** Display width in characters, as getColumnDisplaySize reports it. */
  static int displaySize(SqlTypeName type, int precision, int scale) {
    switch (type) {
      case BOOLEAN:
        return 5;
      case TINYINT:
        return 4;
      case SMALLINT:
        return 6;
      case INTEGER:
        return 11;
      case BIGINT:
        return 20;
      case DECIMAL:
        // A sign and a point; an N value's point may be anywhere, so its text is as long as any number's.
        return KeycondTypeSystem.isNumberType(precision, scale) ? MAX_NUMBER_LENGTH : precision + 2;
      case REAL:
      case FLOAT:
      case DOUBLE:
        return 24;
      case DATE:
      case TIME:
      case TIMESTAMP:
        return columnSize(type, precision);
      default:
        return precision > 0 ? precision : MAX_VALUE_LENGTH;
    }
  }

  /** COLUMN_SIZE and the precision of result columns and parameters; see {@link TypeSizes#columnSize}. */
  static Integer columnSize(SqlTypeName type, int precision) {
    return TypeSizes.columnSize(type, precision);
  }

  /** Digits after the decimal point; see {@link TypeSizes#decimalDigits}. */
  static Integer decimalDigits(SqlTypeName type, int precision, int scale) {
    return TypeSizes.decimalDigits(type, precision, scale);
  }

  /** JDBC's int getters report 0 where a size does not apply. */
  static int zeroIfNone(Integer size) {
    return size == null ? 0 : size;
  }

  static boolean isSigned(SqlTypeName type) {
    return SqlTypeName.NUMERIC_TYPES.contains(type);
  }
}
