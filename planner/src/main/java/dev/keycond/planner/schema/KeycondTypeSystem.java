package dev.keycond.planner.schema;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Calcite's type limits widened to DynamoDB values: numbers carry 38 significant digits at any
 * scale from 1E-130 to 1E+125, and ISO-8601 timestamps may carry nanoseconds.
 */
public final class KeycondTypeSystem extends RelDataTypeSystemImpl {
  public static final KeycondTypeSystem INSTANCE = new KeycondTypeSystem();

  /**
   * The digits that hold any two DynamoDB numbers at once, 126 before the point and 130 after it.
   * Calcite gives literals compared together (an IN list, a range) one common type; with this much
   * room that type rounds none of them, where DECIMAL(38, s) would cut 1.00000000000000000001 next
   * to 99999999999999999999 to 1. Columns and results of arithmetic stay of the 38-digit number
   * type.
   */
  private static final int DECIMAL_SPAN = 256;

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
        return DECIMAL_SPAN;
      case TIMESTAMP:
        return SqlTypes.TIMESTAMP_PRECISION;
      default:
        return super.getMaxPrecision(typeName);
    }
  }

  /** A TIMESTAMP without a precision, as in {@code CAST(x AS TIMESTAMP)}, is the type of a column: nothing is cut. */
  @Override
  public int getDefaultPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.TIMESTAMP ? SqlTypes.TIMESTAMP_PRECISION : super.getDefaultPrecision(typeName);
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? DECIMAL_SPAN : super.getMaxScale(typeName);
  }

  /**
   * A quotient of exact numbers keeps as many significant digits as DynamoDB stores, however small
   * it is, so it has no fixed scale: it is of the type of an N column.
   */
  @Override
  public RelDataType deriveDecimalDivideType(RelDataTypeFactory typeFactory, RelDataType dividend,
      RelDataType divisor) {
    return asNumber(typeFactory, super.deriveDecimalDivideType(typeFactory, dividend, divisor));
  }

  /** Sums, products and remainders of DECIMALs are exact numbers of the N column's type too. */
  @Override
  public RelDataType deriveDecimalPlusType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2) {
    return asNumber(typeFactory, super.deriveDecimalPlusType(typeFactory, type1, type2));
  }

  @Override
  public RelDataType deriveDecimalMultiplyType(RelDataTypeFactory typeFactory, RelDataType type1,
      RelDataType type2) {
    return asNumber(typeFactory, super.deriveDecimalMultiplyType(typeFactory, type1, type2));
  }

  @Override
  public RelDataType deriveDecimalModType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2) {
    return asNumber(typeFactory, super.deriveDecimalModType(typeFactory, type1, type2));
  }

  @Override
  public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    return argumentType.getSqlTypeName() == SqlTypeName.DECIMAL
        ? asNumber(typeFactory, argumentType)
        : super.deriveSumType(typeFactory, argumentType);
  }

  private static RelDataType asNumber(RelDataTypeFactory typeFactory, RelDataType derived) {
    return derived == null ? null : typeFactory.createTypeWithNullability(
        SqlTypes.numberType(typeFactory), derived.isNullable());
  }

  /**
   * The average of exact numbers is a quotient too (see {@link #deriveDecimalDivideType}), of
   * integers as well: the mean size of files is not truncated to an integer, as in PostgreSQL and
   * MySQL (Calcite's own rule keeps the argument's type).
   */
  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    return SqlTypeUtil.isExactNumeric(argumentType)
        ? asNumber(typeFactory, argumentType)
        : super.deriveAvgAggType(typeFactory, argumentType);
  }

  /**
   * Whether a DECIMAL of this precision and scale is the type of an N column, whose values keep
   * their own scale (from 1E-130 to 1E+125): its scale is no property of its values.
   */
  public static boolean isNumberType(int precision, int scale) {
    return precision == SqlTypes.DECIMAL_PRECISION && scale == SqlTypes.DECIMAL_SCALE;
  }
}
