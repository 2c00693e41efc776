package dev.keycond.planner.sql;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.NlsString;

/**
 * Makes every string literal written with a character set of its own, {@code U&'caf\00e9'} (which
 * Calcite's parser reads as UTF-16) or {@code _UTF8'...'}, a plain literal of the same text. A
 * DynamoDB string is Unicode whatever a literal says of its encoding, and Calcite's validator
 * refuses to compare strings of two character sets: {@code path = U&'\00e9'} would fail (42000)
 * where {@code path = 'é'} is a key read. The literals are replaced where they stand, so that
 * every statement, a MERGE's and an UPDATE's included, keeps its own node types.
 */
public final class UnicodeLiterals extends SqlBasicVisitor<Void> {
  private UnicodeLiterals() {}

  /** The statement, its string literals of another character set made plain. */
  public static SqlNode rewrite(SqlNode statement) {
    SqlNode plain = plain(statement);
    plain.accept(new UnicodeLiterals());
    return plain;
  }

  @Override
  public Void visit(SqlCall call) {
    for (int i = 0; i < call.operandCount(); i++) {
      SqlNode operand = call.operand(i);
      if (operand != null && plain(operand) != operand) {
        call.setOperand(i, plain(operand));
      }
    }
    return super.visit(call);
  }

  @Override
  public Void visit(SqlNodeList list) {
    for (int i = 0; i < list.size(); i++) {
      SqlNode node = list.get(i);
      if (node != null && plain(node) != node) {
        list.set(i, plain(node));
      }
    }
    return super.visit(list);
  }

  /** The node itself, or for a string literal with a character set, the same text without one. */
  private static SqlNode plain(SqlNode node) {
    if (node instanceof SqlCharStringLiteral literal) {
      NlsString text = literal.getValueAs(NlsString.class);
      if (text.getCharsetName() != null) {
        return SqlLiteral.createCharString(text.getValue(), literal.getParserPosition());
      }
    }
    return node;
  }
}
