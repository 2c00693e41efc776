package dev.keycond.planner.schema;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.table.EntityTable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/** The SQL types of DynamoDB values, as Calcite and JDBC metadata see them. */
public final class SqlTypes {
  /** DynamoDB numbers carry up to 38 significant digits. */
  public static final int DECIMAL_PRECISION = 38;
  /**
   * The scale Calcite reasons with for an N column. Values are never rounded to it (they keep their
   * own scale), so metadata reports no scale for this type (see {@link KeycondTypeSystem#isNumberType}).
   */
  public static final int DECIMAL_SCALE = 10;
  /** ISO-8601 strings may carry nanoseconds, and a stored value is never cut: TIMESTAMP(9). */
  public static final int TIMESTAMP_PRECISION = 9;

  private SqlTypes() {}

  /**
   * A table's row: key columns are NOT NULL, since every item has its key. A sharded partition's
   * shard is the exception: an INSERT leaves it out (NULL) and the write computes it, so the
   * validator must not demand it.
   */
  public static RelDataType rowType(RelDataTypeFactory typeFactory, EntityTable table) {
    RelDataTypeFactory.Builder builder = typeFactory.builder();
    for (Column column : table.columns()) {
      boolean computed = table.mapping().sharding().filter(s -> s.column().equals(column.name())).isPresent();
      builder.add(column.name(), sqlType(typeFactory, column.type()))
          .nullable(computed || !table.isKeyColumn(column.name()));
    }
    return builder.build();
  }

  public static RelDataType sqlType(RelDataTypeFactory typeFactory, ColumnType type) {
    SqlTypeName name = SqlValues.sqlTypeName(type);
    switch (name) {
      case ARRAY:
        return typeFactory.createArrayType(sqlType(typeFactory, type.elementType()), -1);
      case DECIMAL:
        return numberType(typeFactory);
      case TIMESTAMP:
        return typeFactory.createSqlType(name, TIMESTAMP_PRECISION);
      default:
        return typeFactory.createSqlType(name);
    }
  }

  /** The type of an N column that is not declared BIGINT, INTEGER or DOUBLE. */
  public static RelDataType numberType(RelDataTypeFactory typeFactory) {
    return typeFactory.createSqlType(SqlTypeName.DECIMAL, DECIMAL_PRECISION, DECIMAL_SCALE);
  }
}
