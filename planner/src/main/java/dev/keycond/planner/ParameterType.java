package dev.keycond.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/** The type the validator inferred for a {@code ?} marker; values are converted to it. */
public record ParameterType(SqlTypeName type, int precision, int scale) {
  /** A marker of {@code type}; a precision or scale it leaves unspecified is 0. */
  static ParameterType of(RelDataType type) {
    return new ParameterType(type.getSqlTypeName(), Math.max(type.getPrecision(), 0), Math.max(type.getScale(), 0));
  }
}
