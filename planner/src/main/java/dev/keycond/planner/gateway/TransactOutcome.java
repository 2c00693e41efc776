package dev.keycond.planner.gateway;

import com.google.common.collect.ImmutableList;
import java.util.Objects;
import java.util.Optional;

/** What DynamoDB did with a TransactWriteItems: applied every action, or none. */
public sealed interface TransactOutcome {

  /** Every action was applied. */
  record Committed() implements TransactOutcome {}

  /**
   * No action was applied.
   *
   * @param reasons one per action, in the actions' order, as DynamoDB gave them
   */
  record Cancelled(ImmutableList<Reason> reasons) implements TransactOutcome {}

  /**
   * Why DynamoDB cancelled one action.
   *
   * @param code {@code None} for an action that did not fail, else such as
   *     {@code ConditionalCheckFailed}, {@code TransactionConflict} or {@code ValidationError}
   * @param message DynamoDB's words, when it gave any
   */
  record Reason(String code, Optional<String> message) {
    public Reason {
      Objects.requireNonNull(code, "code");
      Objects.requireNonNull(message, "message");
    }

    public boolean failed() {
      return !code.equals("None");
    }

    /** The code, with DynamoDB's words when there are any. */
    @Override
    public String toString() {
      return code + message.map(m -> ": " + m).orElse("");
    }
  }
}
