package dev.keycond.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LikePatternTest {

  private static Prefix parse(String pattern) {
    return parse(pattern, null);
  }

  private static Prefix parse(String pattern, String escape) {
    LikePattern parsed = LikePattern.parse(pattern, escape);
    return new Prefix(parsed.prefix(), parsed.prefixOnly(), parsed.wildcardFree());
  }

  /** What the key condition reads of a pattern. */
  private record Prefix(String prefix, boolean prefixOnly, boolean wildcardFree) {}

  private static KeycondException error(String pattern, String escape) {
    return assertThrows(KeycondException.class, () -> LikePattern.parse(pattern, escape));
  }

  private static Pattern regex(String pattern, String escape) {
    return Pattern.compile(LikePattern.parse(pattern, escape).regex(), Pattern.DOTALL);
  }

  @Test
  void prefixFollowedByPercentAloneIsPrefixOnly() {
    assertEquals(new Prefix("root/photos/", true, false), parse("root/photos/%"));
  }

  @Test
  void percentAloneIsTheEmptyPrefix() {
    assertEquals(new Prefix("", true, false), parse("%"));
  }

  @Test
  void leadingWildcardLeavesNoPrefix() {
    assertEquals(new Prefix("", false, false), parse("%.jpg"));
    assertEquals(new Prefix("", false, false), parse("_oot/%"));
  }

  @Test
  void innerUnderscoreCutsThePrefixAndIsNotPrefixOnly() {
    assertEquals(new Prefix("root/ph", false, false), parse("root/ph_tos/%"));
  }

  @Test
  void innerPercentCutsThePrefix() {
    assertEquals(new Prefix("root/", false, false), parse("root/%/x.jpg"));
  }

  @Test
  void trailingUnderscoreIsNotPrefixOnly() {
    assertEquals(new Prefix("2026-0", false, false), parse("2026-0_"));
  }

  @Test
  void doublePercentIsNotPrefixOnly() {
    assertEquals(new Prefix("a", false, false), parse("a%%"));
  }

  @Test
  void patternWithoutWildcardsIsEquality() {
    assertEquals(new Prefix("root/a.txt", false, true), parse("root/a.txt"));
    assertEquals(new Prefix("", false, true), parse(""));
  }

  @Test
  void backslashIsAnOrdinaryCharacterWithoutAnEscapeClause() {
    assertEquals(new Prefix("100\\", true, false), parse("100\\%"));
  }

  @Test
  void escapedPercentIsPartOfThePrefix() {
    assertEquals(new Prefix("100%/", true, false), parse("100\\%/%", "\\"));
  }

  @Test
  void escapedUnderscoreIsPartOfThePrefix() {
    assertEquals(new Prefix("my_file", true, false), parse("my!_file%", "!"));
  }

  @Test
  void escapedEscapeCharacterIsOneLiteralCharacter() {
    assertEquals(new Prefix("a!b", true, false), parse("a!!b%", "!"));
  }

  @Test
  void escapedWildcardsOnlyMakeAWildcardFreePattern() {
    assertEquals(new Prefix("50%_off", false, true), parse("50\\%\\_off", "\\"));
  }

  @Test
  void unescapedWildcardAfterAnEscapedOneStillEndsThePrefix() {
    assertEquals(new Prefix("a%", false, false), parse("a\\%_b", "\\"));
  }

  @Test
  void escapeBeforeAnOrdinaryCharacterIsAnInvalidEscapeSequence() {
    KeycondException e = error("a!b%", "!");
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE, e.state());
    assertEquals("LIKE pattern 'a!b%' escapes 'b'; only %, _ and the escape character itself can be escaped",
        e.getMessage());
  }

  @Test
  void trailingEscapeIsAnInvalidEscapeSequence() {
    KeycondException e = error("abc!", "!");
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE, e.state());
    assertEquals("LIKE pattern 'abc!' ends with its escape character '!'; write '!!' for the character itself",
        e.getMessage());
  }

  @Test
  void invalidEscapeAfterTheFirstWildcardIsFoundToo() {
    // The key condition only needs the prefix, but the pattern is refused as a whole.
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE, error("a%x", "x").state());
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE, error("a%xb", "x").state());
  }

  @Test
  void escapeClauseOfSeveralCharactersOrNoneIsAnInvalidEscapeCharacter() {
    KeycondException e = error("a%", "xy");
    assertEquals(SqlState.INVALID_ESCAPE_CHARACTER, e.state());
    assertEquals("The ESCAPE clause of LIKE takes a single character, not 'xy'", e.getMessage());
    assertEquals(SqlState.INVALID_ESCAPE_CHARACTER, error("a%", "").state());
  }

  @Test
  void escapeCharacterBeyondTheBasicPlaneIsOneCharacter() {
    assertEquals(new Prefix("a%", true, false), parse("a\uD83D\uDE00%%", "\uD83D\uDE00"));
  }

  @Test
  void escapeCharacterThatIsAWildcardEscapesItself() {
    // With ESCAPE '%', "%%" is a literal percent sign and a lone '%' is a dangling escape.
    assertEquals(new Prefix("5%", false, true), parse("5%%", "%"));
    assertEquals(SqlState.INVALID_ESCAPE_SEQUENCE, error("5%%%", "%").state());
  }

  @Test
  void regexMatchesWhatThePatternMeans() {
    Pattern p = regex("a.b!%_%", "!");
    assertTrue(p.matcher("a.b%x").matches());
    assertTrue(p.matcher("a.b%xyz").matches());
    assertFalse(p.matcher("aXb%x").matches());
    assertFalse(p.matcher("a.b%").matches());
    assertTrue(regex("line%", null).matcher("line1\nline2").matches());
  }
}
