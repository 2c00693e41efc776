package dev.keycond.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.junit.jupiter.api.Test;

/**
 * Every text the simple reading takes (a simple SELECT, INSERT, UPDATE or DELETE), Calcite's parser (configured as keycond's planner configures
 * it) reads as the same statement: the texts are statements with something put between each two
 * of their tokens (every kind of white space Java or Unicode knows, comments of each kind, ended
 * each way) and their words spelled with the characters that Java's case-blind comparison takes
 * for ASCII letters. A text the simple reading takes and Calcite refuses, or reads otherwise,
 * would be planned as a statement the user did not write.
 */
class SimpleReaderAgainstCalcitesParserTest {
  private static final SqlParser.Config KEYCOND = SqlParser.config()
      .withQuoting(Quoting.DOUBLE_QUOTE)
      .withUnquotedCasing(Casing.UNCHANGED)
      .withQuotedCasing(Casing.UNCHANGED)
      .withCaseSensitive(true)
      .withConformance(SqlConformanceEnum.LENIENT);
  private static final List<String> STATEMENTS = List.of(
      "SELECT * FROM t WHERE a = 'x' AND b LIKE ? AND c >= 10",
      "SELECT a, \"B b\" FROM \"t\" WHERE a < ? AND d <= 'y' AND e > 3",
      "UPDATE t SET a = ?, \"B b\" = 'x', c = 10 WHERE d = ? AND e LIKE 'p%' AND f > 3",
      "DELETE FROM \"t\" WHERE a = 'x' AND b <= ?",
      "INSERT INTO t (a, \"B b\", c) VALUES (?, 'x', 10)",
      "UPSERT INTO \"t\" (a, b) VALUES ('y', ?)");
  private static final List<String> BETWEEN = List.of(" ", "\t", "\n", "\r", "\r\n", "\f", "\u000B", "\u001C",
      "\u001F", "\u0085", "\u00A0", "\u1680", "\u2003", "\u2028", "\u2029", "\u202F", "\u3000", "\uFEFF",
      "--c\n", "--c\r", "--c\r\n", "-- é\n", "/**/", "/* é */", "/*+ h */", "//c\n", "#c\n");
  /** Characters Java's case-blind comparison matches with an ASCII letter. */
  private static final List<String[]> LOOKALIKES = List.of(new String[] {"I", "\u0131"},
      new String[] {"S", "\u017F"}, new String[] {"K", "\u212A"}, new String[] {"i", "\u0130"});

  @Test
  void everyTextItTakesCalciteReadsAsTheSameStatement() throws SqlParseException {
    int taken = 0;
    for (String statement : STATEMENTS) {
      String expected = parse(statement).orElseThrow().toString();
      for (String variant : variants(statement)) {
        if (SimpleSelect.of(variant).isPresent() || SimpleChange.of(variant).isPresent()
            || SimpleInsert.of(variant).isPresent()) {
          taken++;
          Optional<SqlNode> parsed = parse(variant);
          assertTrue(parsed.isPresent(), () -> "taken, and Calcite refuses it: " + escaped(variant));
          assertEquals(expected, parsed.get().toString(), () -> "taken, and Calcite reads it otherwise: "
              + escaped(variant));
        }
      }
    }
    // What Calcite skips as it does must still be taken, or this test would check nothing.
    assertTrue(taken >= 120, taken + " texts taken");
  }

  /** The statement with each separator between each two tokens, and its words spelled otherwise. */
  private static List<String> variants(String statement) {
    List<String> variants = new ArrayList<>();
    List<ShapeLexer.Token> tokens = ShapeLexer.tokens(statement).orElseThrow();
    for (String between : BETWEEN) {
      for (int i = 0; i <= tokens.size(); i++) {
        int at = i == tokens.size() ? statement.length() : tokens.get(i).start();
        variants.add(statement.substring(0, at) + between + statement.substring(at));
      }
    }
    for (String[] lookalike : LOOKALIKES) {
      for (ShapeLexer.Token token : tokens) {
        if (token.kind() == ShapeLexer.Kind.WORD && token.text().contains(lookalike[0])) {
          variants.add(statement.substring(0, token.start())
              + token.text().replaceFirst(lookalike[0], lookalike[1]) + statement.substring(token.end()));
        }
      }
    }
    return variants;
  }

  private static Optional<SqlNode> parse(String sql) {
    try {
      return Optional.of(SqlParser.create(sql, KEYCOND).parseStmt());
    } catch (SqlParseException e) {
      return Optional.empty();
    }
  }

  private static String escaped(String text) {
    StringBuilder escaped = new StringBuilder();
    text.chars().forEach(c -> escaped.append(c >= ' ' && c < 0x7f ? String.valueOf((char) c)
        : String.format("\\u%04X", c)));
    return escaped.toString();
  }
}
