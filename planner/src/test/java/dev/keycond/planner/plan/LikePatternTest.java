package dev.keycond.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LikePatternTest {

  private static LikePattern parse(String pattern) {
    return LikePattern.parse(pattern, null);
  }

  private static String error(String pattern, char escape) {
    return assertThrows(IllegalArgumentException.class, () -> LikePattern.parse(pattern, escape)).getMessage();
  }

  @Test
  void prefixFollowedByPercentAloneIsPrefixOnly() {
    assertEquals(new LikePattern("root/photos/", true, false), parse("root/photos/%"));
  }

  @Test
  void percentAloneIsTheEmptyPrefix() {
    assertEquals(new LikePattern("", true, false), parse("%"));
  }

  @Test
  void leadingWildcardLeavesNoPrefix() {
    assertEquals(new LikePattern("", false, false), parse("%.jpg"));
    assertEquals(new LikePattern("", false, false), parse("_oot/%"));
  }

  @Test
  void innerUnderscoreCutsThePrefixAndIsNotPrefixOnly() {
    assertEquals(new LikePattern("root/ph", false, false), parse("root/ph_tos/%"));
  }

  @Test
  void innerPercentCutsThePrefix() {
    assertEquals(new LikePattern("root/", false, false), parse("root/%/x.jpg"));
  }

  @Test
  void trailingUnderscoreIsNotPrefixOnly() {
    assertEquals(new LikePattern("2026-0", false, false), parse("2026-0_"));
  }

  @Test
  void doublePercentIsNotPrefixOnly() {
    assertEquals(new LikePattern("a", false, false), parse("a%%"));
  }

  @Test
  void patternWithoutWildcardsIsEquality() {
    assertEquals(new LikePattern("root/a.txt", false, true), parse("root/a.txt"));
    assertEquals(new LikePattern("", false, true), parse(""));
  }

  @Test
  void backslashIsAnOrdinaryCharacterWithoutAnEscapeClause() {
    assertEquals(new LikePattern("100\\", true, false), parse("100\\%"));
  }

  @Test
  void escapedPercentIsPartOfThePrefix() {
    assertEquals(new LikePattern("100%/", true, false), LikePattern.parse("100\\%/%", '\\'));
  }

  @Test
  void escapedUnderscoreIsPartOfThePrefix() {
    assertEquals(new LikePattern("my_file", true, false), LikePattern.parse("my!_file%", '!'));
  }

  @Test
  void escapedEscapeCharacterIsOneLiteralCharacter() {
    assertEquals(new LikePattern("a!b", true, false), LikePattern.parse("a!!b%", '!'));
  }

  @Test
  void escapedWildcardsOnlyMakeAWildcardFreePattern() {
    assertEquals(new LikePattern("50%_off", false, true), LikePattern.parse("50\\%\\_off", '\\'));
  }

  @Test
  void unescapedWildcardAfterAnEscapedOneStillEndsThePrefix() {
    assertEquals(new LikePattern("a%", false, false), LikePattern.parse("a\\%_b", '\\'));
  }

  @Test
  void escapeBeforeAnOrdinaryCharacterIsInvalid() {
    assertEquals("LIKE pattern 'a!b%' escapes 'b'; only %, _ and the escape character itself can be escaped",
        error("a!b%", '!'));
  }

  @Test
  void trailingEscapeIsInvalid() {
    assertEquals("LIKE pattern 'abc!' ends with its escape character", error("abc!", '!'));
  }

  @Test
  void escapeCharacterThatIsAWildcardEscapesItself() {
    // With ESCAPE '%', "%%" is a literal percent sign and a lone '%' is a dangling escape.
    assertEquals(new LikePattern("5%", false, true), LikePattern.parse("5%%", '%'));
    assertEquals("LIKE pattern '5%%%' ends with its escape character", error("5%%%", '%'));
  }
}
