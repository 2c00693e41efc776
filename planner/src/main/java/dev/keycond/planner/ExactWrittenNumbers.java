package dev.keycond.planner;

import dev.keycond.planner.schema.KeycondTypeSystem;
import java.math.BigDecimal;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * In a write, a number written with an exponent ({@code 2.5E-3},
 * {@code 9.9999999999999999999999999999999999999E+125}) is the exact number it spells, as it is in
 * a comparison (see {@link ExactNumberCoercion}). Calcite types such a literal DOUBLE and keeps
 * only the double nearest to it, so a DECIMAL column would get 9.9999999999999999E+125 and a
 * BIGINT one 9223372036854775807 for 9.223372036854775808E18. Each is written, right after parsing,
 * as the exact literal of the same number; a DOUBLE column still gets the double nearest to it.
 * A literal too wide for any DECIMAL (1E+300) stays as it is: no column can hold it anyway.
 */
final class ExactWrittenNumbers extends SqlShuttle {
  private static final int MAX_DIGITS = KeycondTypeSystem.INSTANCE.getMaxPrecision(SqlTypeName.DECIMAL);

  private ExactWrittenNumbers() {}

  /** @param write the statement, or what an EXPLAIN explains, as parsed */
  static SqlNode rewrite(SqlNode parsed, SqlNode write) {
    return write.isA(SqlKind.DML) ? parsed.accept(new ExactWrittenNumbers()) : parsed;
  }

  @Override
  public SqlNode visit(SqlLiteral literal) {
    if (!(literal instanceof SqlNumericLiteral number) || number.isExact()) {
      return literal;
    }
    BigDecimal value = number.getValueAs(BigDecimal.class);
    BigDecimal plain = value.scale() < 0 ? value.setScale(0) : value;
    if (Math.max(plain.precision(), plain.scale()) > MAX_DIGITS) {
      return literal;
    }
    return SqlLiteral.createExactNumeric(plain.toPlainString(), literal.getParserPosition());
  }
}
