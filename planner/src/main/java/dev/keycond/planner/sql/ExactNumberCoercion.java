package dev.keycond.planner.sql;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit casts, except around comparisons of exact numbers. Calcite would cast both
 * sides to their least restrictive type, which rounds a literal with more fractional digits than
 * a DECIMAL(38, 10) column to 10 digits; keycond compares exact numbers by value whatever their
 * types (see {@link ExactValueConvertlets}, which does the same when the comparison becomes a
 * row expression).
 */
public final class ExactNumberCoercion extends TypeCoercionImpl {
  public ExactNumberCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
    super(typeFactory, validator);
  }

  /**
   * Exact numbers are compared as they are. A string literal compared with exact numbers is read as
   * the number it spells, every digit of it: {@code amount = '0.000000000000000000001'} is
   * {@code amount = 0.000000000000000000001}, and {@code i = '42.5'} on an INTEGER matches nothing,
   * as {@code i = 42.5} does; a literal with an exponent is exact too ({@code id = 1E2} is
   * {@code id = 100}). Text that is no number is left to Calcite's cast, which fails.
   */
  @Override
  public boolean binaryComparisonCoercion(SqlCallBinding binding) {
    Map<Integer, BigDecimal> numericText = new HashMap<>();
    for (int i = 0; i < binding.getOperandCount(); i++) {
      if (SqlTypeUtil.isExactNumeric(binding.getOperandType(i))) {
        continue;
      }
      Optional<BigDecimal> number = numberSpelledBy(binding.operand(i));
      if (number.isEmpty()) {
        return super.binaryComparisonCoercion(binding);
      }
      numericText.put(i, number.get());
    }
    numericText.forEach((i, number) -> coerceOperandType(binding.getScope(), binding.getCall(), i,
        exactType(number, binding.getOperandType(i).isNullable())));
    return !numericText.isEmpty();
  }

  private static Optional<BigDecimal> numberSpelledBy(SqlNode node) {
    if (node instanceof SqlNumericLiteral number && !number.isExact()) {
      // A literal written with an exponent (1E2, 2.5E0) is the number it spells, as 100 and 2.5
      // are, so that a key compared with it is read by key like one compared with 100.
      BigDecimal value = number.getValueAs(BigDecimal.class);
      return Optional.of(value.scale() < 0 ? value.setScale(0) : value);
    }
    if (!(node instanceof SqlCharStringLiteral literal)) {
      return Optional.empty();
    }
    try {
      BigDecimal number = new BigDecimal(literal.getValueAs(String.class).trim());
      return Optional.of(number.scale() < 0 ? number.setScale(0) : number);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The DECIMAL type that holds {@code number} with every digit. */
  private RelDataType exactType(BigDecimal number, boolean nullable) {
    RelDataType type = factory.createSqlType(SqlTypeName.DECIMAL, Math.max(number.precision(), number.scale()),
        number.scale());
    return factory.createTypeWithNullability(type, nullable);
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
