package dev.keycond.planner.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SqlIdentifiersTest {
  @Test
  void aNameIsWrittenAsItIsUnlessSqlReservesItOrItHoldsOtherCharacters() {
    assertEquals("account", SqlIdentifiers.quote("account"));
    assertEquals("workspace_id", SqlIdentifiers.quote("workspace_id"));
    assertEquals("Events", SqlIdentifiers.quote("Events"));
    assertEquals("\"year\"", SqlIdentifiers.quote("year"));
    assertEquals("\"Value\"", SqlIdentifiers.quote("Value"));
    assertEquals("\"files@ByParent\"", SqlIdentifiers.quote("files@ByParent"));
    assertEquals("\"2026\"", SqlIdentifiers.quote("2026"));
    assertEquals("\"say \"\"hi\"\"\"", SqlIdentifiers.quote("say \"hi\""));
  }

  @Test
  void aQualifiedColumnQuotesEachPart() {
    assertEquals("w.id", SqlIdentifiers.qualified("w", "id"));
    assertEquals("\"order\".\"month\"", SqlIdentifiers.qualified("order", "month"));
  }

  @Test
  void reservedWordsAreRecognisedInAnyCase() {
    assertTrue(SqlIdentifiers.isReserved("select"));
    assertTrue(SqlIdentifiers.isReserved("User"));
    assertFalse(SqlIdentifiers.isReserved("path"));
    assertFalse(SqlIdentifiers.isReserved("size"));
  }
}
