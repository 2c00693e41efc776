package dev.keycond.planner.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.transaction.KeyChecks;
import org.junit.jupiter.api.Test;

/** Every property whose values are an enum's constants reads them in any case, and refuses others alike. */
class PropertyChoiceTest {
  @Test
  void aValueIsReadInAnyCaseAndAroundBlanks() {
    assertEquals(CapacityReport.NONE, CapacityReport.parse(" None "));
    assertEquals(CapacityReport.TOTAL, CapacityReport.parse("TOTAL"));
    assertEquals(ExplainForm.CLI, ExplainForm.parse("cli"));
    assertEquals(KeyChecks.DEFERRED, KeyChecks.parse("Deferred"));
  }

  @Test
  void anotherValueIsRefusedNamingThePropertyAndItsValues() {
    KeycondException e = assertThrows(KeycondException.class, () -> CapacityReport.parse("some"));
    assertEquals(SqlState.INVALID_PARAMETER_VALUE, e.state());
    assertEquals("Invalid value 'some' for property consumedCapacity: use indexes, total or none", e.getMessage());
    assertEquals("Invalid value 'later' for property keyChecks: use immediate or deferred",
        assertThrows(KeycondException.class, () -> KeyChecks.parse("later")).getMessage());
    assertEquals("Invalid value '' for property explain: use text, cli or java",
        assertThrows(KeycondException.class, () -> ExplainForm.parse("")).getMessage());
  }
}
