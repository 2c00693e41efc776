package dev.keycond.sqltests.sqlfile;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value for a {@code ?} marker, written as a SQL literal in a {@code --- parameters} section:
 * {@code 'text'} (a quote inside doubled), {@code 42}, {@code 1.5} or {@code 1E+130} (a BigDecimal, as is an integer past BIGINT's range),
 * {@code true}/{@code false}, {@code TIMESTAMP '2026-01-01 10:30:00'} or {@code NULL}. Each is
 * bound with the setter a JDBC program would use for it.
 */
public record Parameter(String literal, Object value) {
  private static final Pattern STRING = Pattern.compile("'((?:[^']|'')*)'");
  private static final Pattern TIMESTAMP = Pattern.compile("TIMESTAMP\\s+'([^']*)'",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern INTEGER = Pattern.compile("-?\\d+");
  /** Integers past BIGINT's range are set as a BigDecimal, as a JDBC program must. */
  private static final BigDecimal LONG_LIMIT = new BigDecimal(Long.MAX_VALUE);
  private static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");

  /** @throws IllegalArgumentException when the literal is none of the accepted forms */
  static Parameter parse(String literal) {
    Matcher string = STRING.matcher(literal);
    if (string.matches()) {
      return new Parameter(literal, string.group(1).replace("''", "'"));
    }
    Matcher timestamp = TIMESTAMP.matcher(literal);
    if (timestamp.matches()) {
      return new Parameter(literal, Timestamp.valueOf(timestamp.group(1)));
    }
    if (INTEGER.matcher(literal).matches() && new BigDecimal(literal).abs().compareTo(LONG_LIMIT) < 0) {
      return new Parameter(literal, Long.valueOf(literal));
    }
    if (DECIMAL.matcher(literal).matches()) {
      return new Parameter(literal, new BigDecimal(literal));
    }
    if (literal.equalsIgnoreCase("true") || literal.equalsIgnoreCase("false")) {
      return new Parameter(literal, Boolean.valueOf(literal));
    }
    if (literal.equalsIgnoreCase("NULL")) {
      return new Parameter(literal, null);
    }
    throw new IllegalArgumentException("'" + literal + "' is not a parameter literal; write 'text', "
        + "42, 1.5, true, TIMESTAMP '2026-01-01 10:30:00' or NULL");
  }

  void bind(PreparedStatement statement, int index) throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.NULL);
    } else if (value instanceof String text) {
      statement.setString(index, text);
    } else if (value instanceof Long number) {
      statement.setLong(index, number);
    } else if (value instanceof BigDecimal number) {
      statement.setBigDecimal(index, number);
    } else if (value instanceof Boolean flag) {
      statement.setBoolean(index, flag);
    } else {
      statement.setTimestamp(index, (Timestamp) value);
    }
  }
}
