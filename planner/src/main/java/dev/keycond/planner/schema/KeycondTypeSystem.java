package dev.keycond.planner.schema;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/** Calcite's type limits widened to DynamoDB numbers, which carry 38 significant digits. */
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
    return typeName == SqlTypeName.DECIMAL ? EntityTable.DECIMAL_PRECISION : super.getMaxPrecision(typeName);
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? EntityTable.DECIMAL_PRECISION : super.getMaxScale(typeName);
  }
}
