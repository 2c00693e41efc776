package dev.keycond.planner.gateway;

import com.google.common.collect.ImmutableList;

/** What DynamoDB did with a TransactWriteItems: applied every action, or none. */
public sealed interface TransactOutcome {

  /** Every action was applied. */
  record Committed() implements TransactOutcome {}

  /**
   * No action was applied.
   *
   * @param codes one CancellationReasons code per action, in the actions' order ({@code None} for
   *     an action that did not fail), as DynamoDB gave them
   */
  record Cancelled(ImmutableList<String> codes) implements TransactOutcome {}
}
