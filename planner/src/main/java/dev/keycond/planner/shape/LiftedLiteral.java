package dev.keycond.planner.shape;

import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.plan.LikePattern;
import java.math.BigDecimal;
import java.util.Optional;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.SqlParserUtil;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;

/**
 * A literal of a statement's text that its shape replaces with a parameter marker, bound to the
 * literal's value when the shape's plan runs.
 *
 * @param text the literal as written ({@code 'it''s'}, {@code 42.50})
 * @param value its value in keycond's internal representation of its own type, as a plan of the
 *     text would hold it: a String, or an Integer, Long or BigDecimal as SQL types the number
 * @param group what the text's own plan may depend on besides the value: the literal's kind and
 *     type, and for a LIKE pattern where its wildcards are; two literals of one group plan alike
 */
public record LiftedLiteral(Kind kind, String text, Object value, String group) {

  public enum Kind {
    /** A string compared with a column. */
    STRING,
    /** The pattern of a LIKE. */
    PATTERN,
    /** An exact number compared with a column. */
    NUMBER
  }

  /**
   * A string literal compared with a column; empty for one no plan should share: the empty string
   * (an empty key means no item), and text that ends with a space or holds anything but printable
   * ASCII, so that nothing a CHAR comparison or a character set could make of it is shared.
   */
  static Optional<LiftedLiteral> string(String text) {
    String value = SqlParserUtil.parseString(text);
    if (value.isEmpty() || !plainText(value)) {
      return Optional.empty();
    }
    return Optional.of(new LiftedLiteral(Kind.STRING, text, value, "S"));
  }

  /**
   * A LIKE pattern; empty for one without a wildcard, which plans as an equality. Its group says
   * whether it is a prefix and {@code %} (then {@code begins_with} says all of it) and whether that
   * prefix is empty (then the key reads everything).
   */
  static Optional<LiftedLiteral> pattern(String text) {
    String value = SqlParserUtil.parseString(text);
    if (!plainText(value)) {
      return Optional.empty();
    }
    LikePattern pattern = LikePattern.parse(value, null);
    if (pattern.wildcardFree()) {
      return Optional.empty();
    }
    String group = "P" + (pattern.prefixOnly() ? "p" : "w") + (pattern.prefix().isEmpty() ? "0" : "1");
    return Optional.of(new LiftedLiteral(Kind.PATTERN, text, value, group));
  }

  /** An exact number, of the type SQL gives it: INTEGER, BIGINT, or DECIMAL of its digits. */
  static LiftedLiteral number(String text) {
    SqlNumericLiteral literal = SqlLiteral.createExactNumeric(text, SqlParserPos.ZERO);
    SqlTypeName type = numberType(literal);
    Object value = SqlValues.coerce(literal.getValueAs(BigDecimal.class), type);
    String group = "N" + type.getName()
        + (type == SqlTypeName.DECIMAL ? "(" + literal.getPrec() + "," + literal.getScale() + ")" : "");
    return new LiftedLiteral(Kind.NUMBER, text, value, group);
  }

  /** The type Calcite's validator gives an exact numeric literal (see SqlNumericLiteral.createSqlType). */
  private static SqlTypeName numberType(SqlNumericLiteral literal) {
    if (literal.getScale() != 0) {
      return SqlTypeName.DECIMAL;
    }
    BigDecimal value = literal.getValueAs(BigDecimal.class);
    try {
      long n = value.longValueExact();
      return n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE ? SqlTypeName.INTEGER : SqlTypeName.BIGINT;
    } catch (ArithmeticException e) {
      return SqlTypeName.DECIMAL;
    }
  }

  private static boolean plainText(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20 || c > 0x7e) {
        return false;
      }
    }
    return !value.endsWith(" ");
  }

  /** Whether this literal is a string, which a string column's parameter takes. */
  public boolean isText() {
    return kind != Kind.NUMBER;
  }

  /** The literal as the text's own plan holds it: a CHAR literal, or a number of its type. */
  public RexLiteral toRex(RexBuilder rexBuilder) {
    if (isText()) {
      return rexBuilder.makeCharLiteral(new NlsString((String) value, null, null));
    }
    SqlNumericLiteral literal = SqlLiteral.createExactNumeric(text, SqlParserPos.ZERO);
    RelDataTypeFactory types = rexBuilder.getTypeFactory();
    return rexBuilder.makeExactLiteral(literal.getValueAs(BigDecimal.class), literal.createSqlType(types));
  }
}
