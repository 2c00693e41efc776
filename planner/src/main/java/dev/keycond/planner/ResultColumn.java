package dev.keycond.planner;

import java.util.Optional;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A column of a statement's result, as ResultSetMetaData describes it.
 *
 * @param table the SQL table the column comes from, when it is a plain column reference
 * @param column the SQL column it comes from, likewise
 */
public record ResultColumn(
    String label,
    SqlTypeName type,
    int precision,
    int scale,
    boolean nullable,
    Optional<String> table,
    Optional<String> column) {

  /** A column of {@code type}; a precision or scale it leaves unspecified is 0. */
  static ResultColumn of(String label, RelDataType type, Optional<String> table, Optional<String> column) {
    return new ResultColumn(label, type.getSqlTypeName(), Math.max(type.getPrecision(), 0),
        Math.max(type.getScale(), 0), type.isNullable(), table, column);
  }
}
