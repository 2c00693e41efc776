package dev.keycond.planner.sql;

import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * In a write, a number written with an exponent ({@code 2.5E-3},
 * {@code 9.9999999999999999999999999999999999999E+125}) is the exact number it spells, as it is in
 * a comparison (see {@link ExactNumberCoercion}). Calcite types such a literal DOUBLE and keeps
 * only the double nearest to it, so a DECIMAL column would get 9.9999999999999999E+125 and a
 * BIGINT one 9007199254740992 for 9.007199254740993E15. Each is written, right after parsing,
 * as the exact literal of the same number; a DOUBLE column still gets the double nearest to it.
 * A literal too wide for any DECIMAL (1E+300) stays as it is: no column can hold it anyway.
 */
public final class ExactWrittenNumbers extends SqlShuttle {
  private final RelDataTypeFactory typeFactory;

  private ExactWrittenNumbers(RelDataTypeFactory typeFactory) {
    this.typeFactory = typeFactory;
  }

  /** @param write the statement, or what an EXPLAIN explains, as parsed */
  public static SqlNode rewrite(SqlNode parsed, SqlNode write, RelDataTypeFactory typeFactory) {
    return write.isA(SqlKind.DML) ? parsed.accept(new ExactWrittenNumbers(typeFactory)) : parsed;
  }

  @Override
  public SqlNode visit(SqlLiteral literal) {
    if (!(literal instanceof SqlNumericLiteral number) || number.isExact()) {
      return literal;
    }
    BigDecimal value = ExactNumberCoercion.spelled(number);
    return ExactNumberCoercion.exactType(typeFactory, value).isEmpty() ? literal
        : SqlLiteral.createExactNumeric(value.toPlainString(), literal.getParserPosition());
  }
}
