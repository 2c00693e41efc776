package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;

/**
 * What an UPDATE does to one item's attributes: the UpdateExpression's SET and REMOVE clauses.
 *
 * @param sets attribute to its new value
 * @param increments attribute to the amount added ({@code SET #a = #a + :n}); a subtraction is the
 *     negated amount
 * @param removes attributes that become NULL, which in DynamoDB is no attribute at all
 */
public record ItemChange(
    ImmutableMap<String, RequestValue> sets,
    ImmutableMap<String, RequestValue> increments,
    ImmutableSet<String> removes) {

  public ItemChange {
    if (sets.isEmpty() && increments.isEmpty() && removes.isEmpty()) {
      throw new IllegalArgumentException("an item change changes something");
    }
  }
}
