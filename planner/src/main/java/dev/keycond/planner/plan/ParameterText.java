package dev.keycond.planner.plan;

import dev.keycond.planner.codec.SqlValues;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * How a plan's parameter markers read in EXPLAIN and in warnings: as markers ({@code ?2}), or, in
 * a plan shared by statement texts of one shape, as the literal of the text being run, which is
 * what that text's own plan would show.
 */
@FunctionalInterface
public interface ParameterText {
  ParameterText MARKERS = index -> "?" + (index + 1);

  /** The text of the {@code index}-th (0-based) parameter. */
  String of(int index);

  /**
   * The parameters' values as SQL literals ({@code 'root/ph_tos/%'}, {@code 42}, {@code NULL}): how
   * EXPLAIN of a PreparedStatement whose parameters are set shows what the driver checks.
   */
  static ParameterText values(List<Object> values) {
    return index -> {
      Object value = index < values.size() ? values.get(index) : null;
      if (value == null) {
        return "NULL";
      }
      if (value instanceof Number || value instanceof Boolean) {
        return value instanceof BigDecimal d ? d.toPlainString() : value.toString();
      }
      return "'" + ((String) SqlValues.coerce(value, SqlTypeName.VARCHAR)).replace("'", "''") + "'";
    };
  }
}
