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
 * @param readsKeysFirst whether the write reads the items of its keys before it writes them (an
 *     UPDATE by key whose new values need the row), which the plan's read shows
 */
public record WriteActions(ImmutableList<Step> steps, boolean readsKeysFirst) {

  public WriteActions {
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("a write has at least one step");
    }
  }

  public static WriteActions of(Step step) {
    return new WriteActions(ImmutableList.of(step), false);
  }

  /** These actions, sent after the items of the write's keys are read. */
  public WriteActions readingKeysFirst() {
    return new WriteActions(steps, true);
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
