package dev.keycond.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit casts, except around comparisons of exact numbers. Calcite would cast both
 * sides to their least restrictive type, which rounds a literal with more fractional digits than
 * a DECIMAL(38, 10) column to 10 digits; keycond compares exact numbers by value whatever their
 * types (see {@link ExactNumberConvertlets}, which does the same when the comparison becomes a
 * row expression).
 */
final class ExactNumberCoercion extends TypeCoercionImpl {
  ExactNumberCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
    super(typeFactory, validator);
  }

  @Override
  public boolean binaryComparisonCoercion(SqlCallBinding binding) {
    for (int i = 0; i < binding.getOperandCount(); i++) {
      if (!SqlTypeUtil.isExactNumeric(binding.getOperandType(i))) {
        return super.binaryComparisonCoercion(binding);
      }
    }
    return false;
  }

  /**
   * An IN list of DECIMAL values against a DECIMAL column needs no cast: each value is compared on
   * its own. Other mixes keep Calcite's casts, since the IN list is compared at the column's type.
   */
  @Override
  public boolean inOperationCoercion(SqlCallBinding binding) {
    boolean decimals = (binding.getOperator().getKind() == SqlKind.IN
        || binding.getOperator().getKind() == SqlKind.NOT_IN)
        && isDecimal(binding.getOperandType(0)) && isDecimal(binding.getOperandType(1));
    return !decimals && super.inOperationCoercion(binding);
  }

  private static boolean isDecimal(RelDataType type) {
    return type.getSqlTypeName() == SqlTypeName.DECIMAL;
  }
}
