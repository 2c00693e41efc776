package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import java.util.List;

/**
 * The requests a write statement produces, worked out before any is sent, as its operator sends
 * them and EXPLAIN shows them: each step says what it does and gives its requests, every one of
 * them when the rows are known from the statement (its VALUES, keys and parameters), or one that
 * stands for the request of each row a read finds. Producing them is apart from sending them, so
 * that a statement's actions can be shown, sent, or kept to be sent later.
 *
 * @param steps in the order they are sent
 */
public record WriteActions(ImmutableList<Step> steps) {

  public WriteActions {
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("a write has at least one step");
    }
  }

  public static WriteActions of(Step step) {
    return new WriteActions(ImmutableList.of(step));
  }

  /**
   * One step of a write: what it does, and the requests it sends, built with the parameters' values
   * when they are known, else with the markers described.
   *
   * @param perRow true when the requests stand for one request per row of a read, not for all it sends
   */
  public record Step(String description, ImmutableList<WriteRequest> requests, boolean perRow) {

    public Step(String description, List<? extends WriteRequest> requests, boolean perRow) {
      this(description, ImmutableList.copyOf(requests), perRow);
    }
  }
}
