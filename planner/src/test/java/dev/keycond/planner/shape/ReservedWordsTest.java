package dev.keycond.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.junit.jupiter.api.Test;

/**
 * The reserved words keycond reads names against without Calcite's parser are exactly the words
 * that parser reserves, under the conformance keycond plans with and the default one, and the
 * functions a bare name calls: a word missing here would let a text through that Calcite refuses
 * or reads as a call, a word too many would only send a text to Calcite. A new Calcite version that
 * reserves another word fails this test.
 */
class ReservedWordsTest {
  @Test
  void areTheWordsCalcitesParserReserves() {
    for (SqlConformanceEnum conformance : List.of(SqlConformanceEnum.LENIENT, SqlConformanceEnum.DEFAULT)) {
      SqlAbstractParserImpl.Metadata parser =
          SqlParser.create("", SqlParser.config().withConformance(conformance)).getMetadata();
      Set<String> reserved = calledWithoutParentheses();
      Set<String> words = new TreeSet<>(parser.getTokens());
      words.addAll(reserved);
      Set<String> listed = new TreeSet<>();
      for (String token : words) {
        if (parser.isReservedWord(token)) {
          reserved.add(token);
        }
        if (ReservedWords.contains(token)) {
          listed.add(token);
        }
      }
      assertEquals(reserved, listed, conformance.name());
    }
  }

  /** A name Calcite reads as a call of a function without parentheses is one of them too. */
  @Test
  void includeTheFunctionsCalledWithoutParentheses() {
    Set<String> functions = calledWithoutParentheses();
    assertTrue(functions.contains("PI") && functions.contains("CURRENT_DATE"), functions.toString());
    functions.forEach(name -> assertTrue(ReservedWords.contains(name), name));
  }

  /** The functions of Calcite's standard operators that a bare name calls. */
  private static Set<String> calledWithoutParentheses() {
    Set<String> names = new TreeSet<>();
    for (SqlOperator operator : SqlStdOperatorTable.instance().getOperatorList()) {
      if (operator.getSyntax() == SqlSyntax.FUNCTION_ID || operator.getSyntax() == SqlSyntax.FUNCTION_ID_CONSTANT) {
        names.add(operator.getName());
      }
    }
    return names;
  }

  @Test
  void areReadInAnyCase() {
    assertTrue(ReservedWords.contains("select"));
    assertTrue(ReservedWords.contains("Value"));
    assertEquals(false, ReservedWords.contains("path"));
  }
}
