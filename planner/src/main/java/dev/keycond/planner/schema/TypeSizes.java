package dev.keycond.planner.schema;

import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The sizes metadata reports for a column's type, the same in JDBC's DatabaseMetaData and result
 * set metadata as in the SQL INFORMATION_SCHEMA.
 */
public final class TypeSizes {
  /** DynamoDB items are at most 400 KB, so no string or binary value is longer. */
  public static final int MAX_VALUE_LENGTH = 400 * 1024;

  private TypeSizes() {}

  /**
   * COLUMN_SIZE, and the precision of result columns and parameters, as JDBC defines it: the
   * precision of numbers, the length of text and binary values, and the length of a date or time
   * written out; null where none applies.
   */
  public static Integer columnSize(SqlTypeName type, int precision) {
    switch (type) {
      case CHAR:
      case VARCHAR:
      case BINARY:
      case VARBINARY:
        return precision > 0 ? precision : MAX_VALUE_LENGTH;
      case BOOLEAN:
        return 1;
      case TINYINT:
        return 3;
      case SMALLINT:
        return 5;
      case INTEGER:
        return 10;
      case BIGINT:
        return 19;
      case REAL:
        return 7;
      case FLOAT:
      case DOUBLE:
        return 15;
      case DECIMAL:
        return precision;
      case DATE:
        return 10;
      case TIME:
        return precision > 0 ? 9 + precision : 8;
      case TIMESTAMP:
        return precision > 0 ? 20 + precision : 19;
      default:
        return null;
    }
  }

  /**
   * Digits after the decimal point: the scale of decimals, fractional seconds of times; null where
   * none applies. An N column has none: each value keeps its own scale, from 130 digits after the
   * point to 125 before it, and no scale a tool might format with would show every value.
   */
  public static Integer decimalDigits(SqlTypeName type, int precision, int scale) {
    switch (type) {
      case DECIMAL:
        return KeycondTypeSystem.isNumberType(precision, scale) ? null : scale;
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return 0;
      case TIME:
      case TIMESTAMP:
        return Math.max(precision, 0);
      default:
        return null;
    }
  }
}
