package dev.keycond.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The warm-up must run both its statements, the first planned as a simple SELECT: a connection
 * swallows its failure (only a head start is lost), so a warm-up that broke would go unnoticed but
 * for this test.
 */
class PlannerWarmUpTest {
  @Test
  void plansAndReadsItsKeyedReadWithoutDynamoDb() {
    assertEquals(2, PlannerWarmUp.run());
  }
}
