package dev.keycond.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The warm-up must run its three statements, the first two planned without Calcite's front end: a connection
 * swallows its failure (only a head start is lost), so a warm-up that broke would go unnoticed but
 * for this test.
 */
class PlannerWarmUpTest {
  @Test
  void plansAndRunsItsKeyedReadsAndWriteWithoutDynamoDb() {
    assertEquals(3, PlannerWarmUp.run());
  }
}
