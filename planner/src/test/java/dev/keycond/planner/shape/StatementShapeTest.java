package dev.keycond.planner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which literals a shape lifts, and which texts share a shape: texts that differ only in lifted
 * literals of one group share it; a literal that could change the plan keeps texts apart.
 */
class StatementShapeTest {
  private static final String SUBTREE = "SELECT path, size FROM files WHERE account = 'a91' AND path LIKE ";

  private static StatementShape shape(String sql) {
    return StatementShape.of(sql);
  }

  private static void sameShape(String a, String b) {
    assertEquals(shape(a).key(), shape(b).key(), a + "\n" + b);
  }

  private static void otherShapes(String a, String b) {
    assertNotEquals(shape(a).key(), shape(b).key(), a + "\n" + b);
  }

  /** The texts lifts nothing: its shape is the text itself. */
  private static void unshaped(String sql) {
    StatementShape shape = shape(sql);
    assertEquals(List.of(), shape.literals(), sql);
    assertEquals(sql, shape.key());
    assertEquals(sql, shape.sql());
  }

  @Test
  void aSubtreeReadLiftsItsPartitionValueAndItsPattern() {
    StatementShape shape = shape(SUBTREE + "'root/f07/%'");
    assertEquals("SELECT path, size FROM files WHERE account = ? AND path LIKE ?", shape.sql());
    assertEquals(List.of("a91", "root/f07/%"), shape.values());
    assertEquals(List.of(LiftedLiteral.Kind.STRING, LiftedLiteral.Kind.PATTERN),
        shape.literals().stream().map(LiftedLiteral::kind).toList());
    sameShape(SUBTREE + "'root/f07/%'", SUBTREE + "'root/f08/%'");
    sameShape(SUBTREE + "'root/f07/%'", SUBTREE.replace("a91", "b07") + "'root/photos/2026/%'");
  }

  @Test
  void aPatternsWildcardsAndAnEmptyPrefixKeepTextsApart() {
    otherShapes(SUBTREE + "'root/f07/%'", SUBTREE + "'root/f_7/%'");
    otherShapes(SUBTREE + "'root/f07/%'", SUBTREE + "'root/f07/%.jpg'");
    otherShapes(SUBTREE + "'root/%'", SUBTREE + "'%'");
    otherShapes(SUBTREE + "'%.jpg'", SUBTREE + "'r%.jpg'");
    sameShape(SUBTREE + "'root/ph_tos/%'", SUBTREE + "'ro_t/%'");
  }

  @Test
  void aPatternWithoutWildcardsOrWithAnEscapeStaysInTheShape() {
    StatementShape equality = shape(SUBTREE + "'root/photos/'");
    assertEquals(List.of("a91"), equality.values());
    otherShapes(SUBTREE + "'root/photos/'", SUBTREE + "'root/docs/'");
    StatementShape escaped = shape(SUBTREE + "'root/100!%/%' ESCAPE '!'");
    assertEquals(List.of("a91"), escaped.values());
    assertEquals(List.of("a91"), shape(SUBTREE.replace("LIKE", "NOT LIKE") + "'root/%'").values());
  }

  @Test
  void numbersAreLiftedWithTheTypeSqlGivesThem() {
    String sql = "SELECT path FROM files WHERE account = 'a91' AND size > ";
    StatementShape integer = shape(sql + "1599");
    assertEquals(List.of("a91", 1599), integer.values());
    assertEquals("SELECT path FROM files WHERE account = ? AND size > ?", integer.sql());
    assertEquals(List.of(5_000_000_000L), shape("SELECT a FROM t WHERE size > 5000000000").values());
    assertEquals(List.of(new BigDecimal("1599.50")), shape("SELECT a FROM t WHERE size > 1599.50").values());
    sameShape(sql + "1599", sql + "7");
    sameShape(sql + "1599.5", sql + "2000.0");
    otherShapes(sql + "1599", sql + "5000000000");
    otherShapes(sql + "1599", sql + "1599.5");
    otherShapes(sql + "1599.5", sql + "1599.25");
    otherShapes(sql + "1599", sql + "'1599'");
  }

  @Test
  void literalsThatAreNoPlainComparandStayInTheShape() {
    assertEquals("SELECT path FROM files WHERE account = ? LIMIT 10",
        shape("SELECT path FROM files WHERE account = 'a91' LIMIT 10").sql());
    otherShapes("SELECT path FROM files WHERE size > 5 LIMIT 10", "SELECT path FROM files WHERE size > 5 LIMIT 20");
    unshaped("SELECT path FROM files WHERE size > -5");
    unshaped("SELECT path FROM files WHERE size > 1E5");
    unshaped("SELECT path FROM files WHERE created = DATE '2026-01-01'");
    unshaped("SELECT path FROM files WHERE name = N'abc'");
    unshaped("SELECT path FROM files WHERE size = NULL OR flag = TRUE");
    unshaped("SELECT path FROM files WHERE account IN ('a91', 'b07')");
    unshaped("SELECT path FROM files WHERE size BETWEEN 5 AND 10");
    unshaped("SELECT path FROM files WHERE PARENT_PATH(path, '/') = 'root/'");
    unshaped("SELECT path FROM files WHERE size = 5 + 1");
    unshaped("SELECT path FROM files WHERE name = 'a' || 'b'");
    unshaped("SELECT path FROM files WHERE name = 'a' COLLATE \"UTF-8$en_US\"");
    unshaped("SELECT path, 'x', size = 5 FROM files ORDER BY 1");
    unshaped("SELECT size, COUNT(*) FROM files GROUP BY 1");
    unshaped("SELECT CASE WHEN size = 5 THEN 'five' END FROM files");
    unshaped("SELECT path FROM files WHERE name = ''");
    unshaped("SELECT path FROM files WHERE name = 'café'");
    unshaped("SELECT path FROM files WHERE name = 'padded '");
  }

  @Test
  void aColumnComparedTwiceKeepsItsLiterals() {
    assertEquals(List.of("a91"),
        shape("SELECT path FROM files WHERE account = 'a91' AND path > 'a' AND path < 'b'").values());
    assertEquals(List.of(),
        shape("SELECT f.path FROM files f JOIN files g ON f.account = g.account WHERE f.account = 'a91'").values());
    assertEquals(List.of("x"),
        shape("SELECT path FROM files WHERE account = 'a91' AND account = 'b07' AND name = 'x'").values());
    assertEquals(List.of(), shape("SELECT path FROM files WHERE path LIKE 'a%' AND \"path\" <> 'ab'").values());
  }

  @Test
  void qualifiedAndQuotedNamesAreColumns() {
    assertEquals("SELECT f.path FROM files f WHERE f.account = ? AND \"f\".\"year\" = ?",
        shape("SELECT f.path FROM files f WHERE f.account = 'a91' AND \"f\".\"year\" = 2026").sql());
  }

  @Test
  void aComparisonLiftsOnlyWhenItIsACondition() {
    assertEquals(List.of("x"), shape("SELECT a FROM t WHERE (name = 'x')").values());
    assertEquals(List.of("x"), shape("SELECT a FROM t WHERE NOT name = 'x'").values());
    assertEquals(List.of(5), shape("SELECT a, COUNT(*) FROM t GROUP BY a HAVING a = 5").values());
    assertEquals(List.of("x"), shape("SELECT a FROM t JOIN u ON t.id = u.id AND u.kind = 'x' WHERE t.a > u.b")
        .values());
    unshaped("SELECT a FROM t WHERE b BETWEEN 1 AND c = 5");
    unshaped("SELECT a FROM t WHERE name = 'x' IS TRUE");
  }

  @Test
  void theTextAroundTheLiteralsIsPartOfTheShape() {
    otherShapes("SELECT a FROM t WHERE name = 'x'", "SELECT a FROM t WHERE name = 'y' ");
    otherShapes("SELECT a FROM t WHERE name = 'x'", "select a from t where name = 'x'");
    StatementShape commented = shape("SELECT a -- it's a comment\nFROM t /* 'not a literal' */ WHERE name = 'it''s'");
    assertEquals(List.of("it's"), commented.values());
    assertEquals("SELECT a -- it's a comment\nFROM t /* 'not a literal' */ WHERE name = ?", commented.sql());
  }

  @Test
  void onlyQueriesWithoutMarkersAreShaped() {
    unshaped("SELECT a FROM t WHERE name = 'x' AND id = ?");
    unshaped("EXPLAIN PLAN FOR SELECT a FROM t WHERE name = 'x'");
    unshaped("DELETE FROM t WHERE name = 'x'");
    unshaped("UPDATE t SET a = 1 WHERE name = 'x'");
    unshaped("INSERT INTO t (name) VALUES ('x')");
    assertEquals(List.of("x"), shape("WITH u AS (SELECT a FROM t WHERE name = 'x') SELECT a FROM u").values());
    assertEquals(List.of(1), shape("(SELECT a FROM t WHERE id = 1) UNION (SELECT a FROM u)").values());
  }

  @Test
  void aTextThatCannotBeReadIsNotShaped() {
    unshaped("SELECT a FROM t WHERE name = 'x");
    unshaped("SELECT a FROM t WHERE \"name = 'x'");
    unshaped("SELECT a FROM t /* WHERE name = 'x'");
    unshaped("SELECT a FROM t WHERE name = 'x\u0000'");
  }
}
