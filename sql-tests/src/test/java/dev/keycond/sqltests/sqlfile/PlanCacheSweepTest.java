package dev.keycond.sqltests.sqlfile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.planner.shape.LiftedLiteral;
import dev.keycond.planner.shape.StatementShape;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every {@code .sqltest} case that a plain Statement runs, run once more from the plan its shape's
 * texts share: first on a connection that keeps no plans, then on one that has just planned a
 * sibling of the case (the same text with other literals of the same groups), so that the case
 * runs with the sibling's plan. Both must give the same outcome: columns, rows in their order,
 * DynamoDB requests, warnings, or the same error. The cases cover the literals a plan depends on
 * (LIKE patterns, key values no item can have, numbers of every type, LIMITs, path functions,
 * GROUP BY and ORDER BY, refusals), and the sweep counts how many ran from a shared plan, so that
 * a change that stopped sharing would fail it rather than pass it unnoticed.
 */
@ExtendWith(DynaliteExtension.class)
class PlanCacheSweepTest {
  /** Fewer cases than this running from a shared plan means the cache has stopped sharing. */
  private static final int LEAST_SHARED = 350;
  private static final CaseSweep SWEEP = new CaseSweep(PlanCacheStatistics::sameShape);

  @TestFactory
  Stream<DynamicNode> everyCaseRunsAlikeFromItsShapesPlan(DynamoServer server) {
    return SWEEP.tests(server, c -> c.parameters().isEmpty() && !StatementShape.of(c.sql()).literals().isEmpty(),
        PlanCacheSweepTest::runAlike, LEAST_SHARED, "cases ran from a shared plan");
  }

  @AfterAll
  static void closeConnections() throws SQLException {
    SWEEP.close();
  }

  private static void runAlike(SqlTestCase c, Map<String, String> properties, ConnectionPool own,
      ConnectionPool shared) {
    Outcome expected = CaseRunner.execute(own, CaseSweep.uncached(properties), c.sql(), c);
    CaseRunner.execute(shared, properties, sibling(StatementShape.of(c.sql())), c);
    Outcome actual = SWEEP.executeCounted(shared, properties, c.sql(), c);
    assertEquals(comparable(expected, c), comparable(actual, c), c.sql());
  }

  /**
   * The outcome as the case compares it: rows and requests whose order SQL or a concurrent fan-out
   * leaves open (the case says which) in a fixed order.
   */
  static String comparable(Outcome outcome, SqlTestCase c) {
    if (c.rows().map(SqlTestCase.ExpectedRows::unordered).orElse(false)) {
      outcome.rows.sort(Comparator.comparing(Outcome::row));
    }
    if (c.requests().map(SqlTestCase.ExpectedRequests::unordered).orElse(false)) {
      outcome.requests = outcome.requests.stream().sorted().toList();
    }
    return outcome.transcript();
  }

  /** The case's text with another literal of the same group in place of each lifted one. */
  static String sibling(StatementShape shape) {
    List<String> texts = new ArrayList<>();
    for (LiftedLiteral literal : shape.literals()) {
      texts.add(switch (literal.kind()) {
        case STRING, PATTERN -> "'" + otherText((String) literal.value()).replace("'", "''") + "'";
        case NUMBER -> otherNumber(literal);
      });
    }
    String sibling = shape.text(texts);
    // A number at the end of its type's range would change type; the case then primes with itself.
    return StatementShape.of(sibling).key().equals(shape.key()) ? sibling : shape.text(
        shape.literals().stream().map(LiftedLiteral::text).toList());
  }

  /** The text with its first letter or digit changed: a pattern keeps its wildcards where they are. */
  static String otherText(String text) {
    StringBuilder other = new StringBuilder(text);
    for (int i = 0; i < other.length(); i++) {
      char c = other.charAt(i);
      if (Character.isLetterOrDigit(c)) {
        other.setCharAt(i, c == 'q' ? 'x' : 'q');
        return other.toString();
      }
    }
    return text;
  }

  /** Another number of the same digits: its last digit changed. */
  private static String otherNumber(LiftedLiteral literal) {
    StringBuilder text = new StringBuilder(literal.text());
    for (int i = text.length() - 1; i >= 0; i--) {
      char c = text.charAt(i);
      if (Character.isDigit(c)) {
        text.setCharAt(i, c == '9' ? '8' : (char) (c + 1));
        break;
      }
    }
    return text.toString();
  }
}
