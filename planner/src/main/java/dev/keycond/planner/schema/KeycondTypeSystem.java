package dev.keycond.planner.schema;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type limits widened to DynamoDB values: numbers carry 38 significant digits, and
 * ISO-8601 timestamps may carry nanoseconds.
 */
public final class KeycondTypeSystem extends RelDataTypeSystemImpl {
  public static final KeycondTypeSystem INSTANCE = new KeycondTypeSystem();

  private KeycondTypeSystem() {}

  /** CASE branches and UNION inputs of different string lengths are VARCHAR, not blank-padded CHAR. */
  @Override
  public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  @Override
  public int getMaxPrecision(SqlTypeName typeName) {
    switch (typeName) {
      case DECIMAL:
        return EntityTable.DECIMAL_PRECISION;
      case TIMESTAMP:
        return EntityTable.TIMESTAMP_PRECISION;
      default:
        return super.getMaxPrecision(typeName);
    }
  }

  /** A TIMESTAMP without a precision, as in {@code CAST(x AS TIMESTAMP)}, is the type of a column: nothing is cut. */
  @Override
  public int getDefaultPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.TIMESTAMP ? EntityTable.TIMESTAMP_PRECISION : super.getDefaultPrecision(typeName);
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? EntityTable.DECIMAL_PRECISION : super.getMaxScale(typeName);
  }

  /**
   * A quotient of exact numbers keeps as many significant digits as DynamoDB stores, however small
   * it is, so it has no fixed scale: it is of the type of an N column.
   */
  @Override
  public RelDataType deriveDecimalDivideType(RelDataTypeFactory typeFactory, RelDataType dividend,
      RelDataType divisor) {
    RelDataType derived = super.deriveDecimalDivideType(typeFactory, dividend, divisor);
    return derived == null ? null : typeFactory.createTypeWithNullability(
        EntityTable.numberType(typeFactory), derived.isNullable());
  }

  /** The average of exact numbers is a quotient too (see {@link #deriveDecimalDivideType}). */
  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    return argumentType.getSqlTypeName() == SqlTypeName.DECIMAL
        ? typeFactory.createTypeWithNullability(EntityTable.numberType(typeFactory), argumentType.isNullable())
        : super.deriveAvgAggType(typeFactory, argumentType);
  }

  /**
   * Whether a DECIMAL of this precision and scale is the type of an N column, whose values keep
   * their own scale (from 1E-130 to 1E+125): its scale is no property of its values.
   */
  public static boolean isNumberType(int precision, int scale) {
    return precision == EntityTable.DECIMAL_PRECISION && scale == EntityTable.DECIMAL_SCALE;
  }
}
