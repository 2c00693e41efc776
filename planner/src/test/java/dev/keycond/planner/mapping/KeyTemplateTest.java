package dev.keycond.planner.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.TemplateSegment.Literal;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyTemplateTest {

  private static KeyTemplate t(String text) {
    return KeyTemplate.parse(text);
  }

  private static String parseError(String text) {
    return assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse(text)).getMessage();
  }

  @Nested
  class Parse {
    @Test
    void literalAndSlotBecomeSegmentsInOrder() {
      assertEquals(List.of(new Literal("DRIVE#"), new Slot("account", 0)), t("DRIVE#{account}").segments());
    }

    @Test
    void multiSlotTemplateAlternatesLiteralsAndSlots() {
      assertEquals(
          List.of(new Literal("ORDER#"), new Slot("year", 0), new Literal("#"), new Slot("month", 0),
              new Literal("#"), new Slot("id", 0)),
          t("ORDER#{year}#{month}#{id}").segments());
      assertEquals(List.of("year", "month", "id"), t("ORDER#{year}#{month}#{id}").columns());
    }

    @Test
    void trailingLiteralIsKept() {
      assertEquals(List.of(new Literal("USER#"), new Slot("id", 0), new Literal("#PROFILE")),
          t("USER#{id}#PROFILE").segments());
    }

    @Test
    void constantTemplateIsOneLiteral() {
      assertEquals(List.of(new Literal("META")), t("META").segments());
      assertEquals(List.of(), t("META").slots());
    }

    @Test
    void zeroPaddedWidthIsParsed() {
      Slot seq = t("EV#{seq:06}").slots().get(0);
      assertEquals(new Slot("seq", 6), seq);
      assertTrue(seq.fixedWidth());
      assertFalse(t("EV#{seq}").slots().get(0).fixedWidth());
    }

    @Test
    void twoDigitWidthIsParsed() {
      assertEquals(new Slot("seq", 12), t("{seq:012}").slots().get(0));
    }

    @Test
    void textIsKeptVerbatim() {
      assertEquals("EV#{seq:06}", t("EV#{seq:06}").text());
      assertEquals("EV#{seq:06}", t("EV#{seq:06}").toString());
      assertEquals(t("A{x}"), t("A{x}"));
      assertEquals(t("A{x}").hashCode(), t("A{x}").hashCode());
    }

    @Test
    void emptyTemplateIsRejected() {
      assertEquals("the template is empty", parseError(""));
    }

    @Test
    void unclosedBraceIsRejectedWithItsPosition() {
      assertEquals("'{' at position 6 is never closed", parseError("DRIVE#{account"));
    }

    @Test
    void strayClosingBraceIsRejectedWithItsPosition() {
      assertEquals("'}' at position 5 closes no '{'", parseError("DRIVE}{account}"));
      assertEquals("'}' at position 3 closes no '{'", parseError("{a}}"));
    }

    @Test
    void touchingSlotsAreRejected() {
      assertEquals("two column slots touch at position 3; put a literal separator between them so the key "
          + "can be decoded", parseError("{a}{b}"));
      assertEquals("two column slots touch at position 5; put a literal separator between them so the key "
          + "can be decoded", parseError("X#{a}{b}#Y"));
    }

    @Test
    void emptySlotNamesNoColumn() {
      assertEquals("slot '{}' names no column", parseError("A#{}"));
      assertEquals("slot '{:06}' names no column", parseError("A#{:06}"));
    }

    @Test
    void nestedOpeningBraceNamesNoColumn() {
      assertEquals("slot '{a{b}' names no column", parseError("{a{b}"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{seq:6}   | 6",
        "{seq:00}  | 00",
        "{seq:x}   | x",
        "{seq:}    | ''",
        "{seq:0100}| 0100",
        "{seq:06d} | 06d"})
    void badFormatIsRejectedNamingTheFormat(String template, String format) {
      String body = template.substring(1, template.length() - 1);
      assertEquals("slot '{" + body + "}' has format '" + format
          + "'; the only format is a zero-padded width such as {seq:06}", parseError(template));
    }
  }

  @Nested
  class Shape {
    @Test
    void identityIsASingleSlot() {
      assertTrue(t("{path}").isIdentity());
      assertTrue(t("{seq:06}").isIdentity());
      assertFalse(t("DRIVE#{account}").isIdentity());
      assertFalse(t("{id}#X").isIdentity());
      assertFalse(t("META").isIdentity());
    }

    @Test
    void constantHasNoSlot() {
      assertTrue(t("META").isConstant());
      assertFalse(t("{path}").isConstant());
      assertFalse(t("PROJ#{id}").isConstant());
    }
  }

  @Nested
  class ForbiddenCharacters {
    private String forbidden(String template, int slot) {
      KeyTemplate kt = t(template);
      return kt.forbiddenCharacters(kt.slots().get(slot));
    }

    @Test
    void lastCharacterOfThePrecedingLiteral() {
      assertEquals("#", forbidden("DRIVE#{account}", 0));
    }

    @Test
    void firstCharacterOfTheFollowingLiteral() {
      assertEquals("#", forbidden("{id}#PROFILE", 0));
    }

    @Test
    void bothNeighboursWithoutDuplicates() {
      assertEquals("#", forbidden("USER#{id}#PROFILE", 0));
      assertEquals("[]", forbidden("[{a}]", 0));
      assertEquals("A-", forbidden("A{a}-+{b}", 0));
      assertEquals("+", forbidden("A{a}-+{b}", 1));
    }

    @Test
    void middleSlotOfAMultiSlotTemplate() {
      assertEquals("#", forbidden("ORDER#{year}#{month}#{id}", 1));
      assertEquals("/:", forbidden("{a}/{b}:{c}", 1));
    }

    @Test
    void aSlotEqualToOneOfTheTemplatesIsTheSameSlot() {
      assertEquals("/:", t("{a}/{b}:{c}").forbiddenCharacters(new Slot("b", 0)));
    }

    @Test
    void noneForABareSlot() {
      assertEquals("", forbidden("{path}", 0));
    }

    @Test
    void supplementaryCharacterIsOneCharacter() {
      assertEquals("\uD83D\uDCC1", forbidden("\uD83D\uDCC1{name}", 0));
    }
  }

  @Nested
  class Decode {
    @Test
    void memberKeyYieldsItsSlotTexts() {
      assertEquals(Optional.of(List.of("acme")), t("DRIVE#{account}").decode("DRIVE#acme"));
    }

    @Test
    void keyWithAnotherLiteralIsNotAMember() {
      assertEquals(Optional.empty(), t("DRIVE#{account}").decode("FILE#acme"));
      assertEquals(Optional.empty(), t("PROJ#{id}").decode("META"));
      assertEquals(Optional.empty(), t("PROJ#{id}").decode("PROJ"));
    }

    @Test
    void valueHoldingAnAdjacentLiteralCharacterMakesTheKeyANonMember() {
      // A task stored under its project ("PROJ#p1#TASK#t1") is not a project.
      assertEquals(Optional.empty(), t("PROJ#{id}").decode("PROJ#p1#TASK#t1"));
      assertEquals(Optional.empty(), t("DRIVE#{account}").decode("DRIVE#a#b"));
    }

    @Test
    void bareSlotTakesTheWholeKey() {
      assertEquals(Optional.of(List.of("root/photos/#1.jpg")), t("{path}").decode("root/photos/#1.jpg"));
    }

    @Test
    void constantTemplateMatchesOnlyItsText() {
      assertEquals(Optional.of(List.of()), t("META").decode("META"));
      assertEquals(Optional.empty(), t("META").decode("META2"));
      assertEquals(Optional.empty(), t("META").decode("MET"));
    }

    @Test
    void multiSlotKeySplitsAtTheSeparators() {
      KeyTemplate orders = t("ORDER#{year}#{month}#{id}");
      assertEquals(Optional.of(List.of("2026", "03", "o-17")), orders.decode("ORDER#2026#03#o-17"));
    }

    @Test
    void multiSlotKeyMissingASlotIsNotAMember() {
      KeyTemplate orders = t("ORDER#{year}#{month}#{id}");
      assertEquals(Optional.empty(), orders.decode("ORDER#2026#03"));
      assertEquals(Optional.empty(), orders.decode("ORDER#2026"));
    }

    @Test
    void multiSlotKeyWithAnExtraSeparatorIsNotAMember() {
      assertEquals(Optional.empty(), t("ORDER#{year}#{month}#{id}").decode("ORDER#2026#03#o1#LINE#2"));
    }

    @Test
    void trailingLiteralMustEndTheKey() {
      KeyTemplate profile = t("USER#{id}#PROFILE");
      assertEquals(Optional.of(List.of("42")), profile.decode("USER#42#PROFILE"));
      assertEquals(Optional.empty(), profile.decode("USER#42#PROFILEX"));
      assertEquals(Optional.empty(), profile.decode("USER#42#SETTINGS"));
    }

    @Test
    void multiCharacterSeparatorsDecode() {
      KeyTemplate template = t("A{a}-+{b}");
      assertEquals(Optional.of(List.of("one", "two")), template.decode("Aone-+two"));
      assertEquals(Optional.empty(), template.decode("Aon-e-+two"));
      assertEquals(Optional.empty(), template.decode("Aone-+t+wo"));
    }

    @Test
    void zeroPaddedSlotDecodesItsDigits() {
      assertEquals(Optional.of(List.of("000042")), t("EV#{seq:06}").decode("EV#000042"));
    }

    @Test
    void zeroPaddedSlotRefusesOtherWidthsAndNonDigits() {
      assertEquals(Optional.empty(), t("EV#{seq:06}").decode("EV#00042"));
      assertEquals(Optional.empty(), t("EV#{seq:06}").decode("EV#0000042"));
      assertEquals(Optional.empty(), t("EV#{seq:06}").decode("EV#00004x"));
      assertEquals(Optional.empty(), t("EV#{seq:06}").decode("EV#-00042"));
    }

    @Test
    void literalsOutsideTheBasicPlaneSeparateSlots() {
      KeyTemplate folders = t("\uD83D\uDCC1{a}\uD83D\uDCC2{b}");
      assertEquals(Optional.of(List.of("x", "y")), folders.decode("\uD83D\uDCC1x\uD83D\uDCC2y"));
      // A value holding the separator's code point is ambiguous, one holding only half of it is not.
      assertEquals(Optional.empty(), folders.decode("\uD83D\uDCC1x\uD83D\uDCC1z\uD83D\uDCC2y"));
      assertEquals(Optional.of(List.of("x\uD83D", "y")), folders.decode("\uD83D\uDCC1x\uD83D\uD83D\uDCC2y"));
    }

    @Test
    void aBareSlotReturnsTheKeyItself() {
      String key = new String("root/photos/a.jpg".toCharArray());
      assertSame(key, t("{path}").decode(key).orElseThrow().get(0));
    }
  }

  @Nested
  class DecodeIntoSlots {
    @Test
    void fillsSlotsInOrder() {
      assertEquals(Optional.of(List.of("2026", "03", "o1")), t("ORDER#{year}#{month}#{id}").decode("ORDER#2026#03#o1"));
    }

    @Test
    void keepsLeadingAndTrailingLiterals() {
      assertEquals(Optional.of(List.of("42")), t("USER#{id}#PROFILE").decode("USER#42#PROFILE"));
      assertEquals(Optional.of(List.of("acme")), t("DRIVE#{account}").decode("DRIVE#acme"));
    }

    @Test
    void constantDecodesToNoSlots() {
      assertEquals(Optional.of(List.of()), t("META").decode("META"));
    }

    @Test
    void separatorsOfSeveralCharactersSplitOnTheirFirst() {
      assertEquals(Optional.of(List.of("x y", "z")), t("A{a}-+{b}").decode("Ax y-+z"));
    }
  }

  @Nested
  class Encode {
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "DRIVE#{account};DRIVE#a91",
        "ORDER#{year}#{month}#{id};ORDER#2026#03#o1",
        "USER#{id}#PROFILE;USER#42#PROFILE",
        "META;META",
        "{path};root/photos/",
        "A{a}-+{b};Ax y-+z"})
    void isTheInverseOfDecode(String template, String key) {
      List<String> slots = t(template).decode(key).orElseThrow();
      assertEquals(key, t(template).encode(slots));
    }

    @Test
    void refusesALiteralNextToItsSlot() {
      KeycondException e = assertThrows(KeycondException.class, () -> t("DRIVE#{account}").encode(List.of("a#b")));
      assertEquals(SqlState.KEY_VALUE_NOT_REPRESENTABLE, e.state());
      assertEquals("Value 'a#b' of column 'account' contains '#', which key template 'DRIVE#{account}' uses next "
          + "to that column; such a value cannot be stored in or looked up by that key", e.getMessage());
      assertThrows(KeycondException.class, () -> t("ORDER#{year}#{month}").encode(List.of("2026", "0#3")));
    }

    @Test
    void namesTheForbiddenCharacterTheValueHoldsOfTwo() {
      KeycondException e = assertThrows(KeycondException.class, () -> t("{a}/{b}:{c}").encode(List.of("x", "y:z", "w")));
      assertEquals("Value 'y:z' of column 'b' contains ':', which key template '{a}/{b}:{c}' uses next to that "
          + "column; such a value cannot be stored in or looked up by that key", e.getMessage());
    }

    @Test
    void aLiteralAwayFromTheSlotIsAllowed() {
      // '#' only borders the first slot; the second is followed by nothing and preceded by '-'.
      assertEquals("A#x-y#z", t("A#{a}-{b}").encode(List.of("x", "y#z")));
    }

    @Test
    void needsOneTextPerSlot() {
      assertThrows(IllegalArgumentException.class, () -> t("ORDER#{year}#{month}").encode(List.of("2026")));
    }
  }
}
