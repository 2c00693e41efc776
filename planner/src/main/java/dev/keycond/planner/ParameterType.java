package dev.keycond.planner;

import org.apache.calcite.sql.type.SqlTypeName;

/** The type the validator inferred for a {@code ?} marker; values are converted to it. */
public record ParameterType(SqlTypeName type, int precision, int scale) {}
