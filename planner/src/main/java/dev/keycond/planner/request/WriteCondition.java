package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.plan.ServerCondition;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The ConditionExpression of one UPDATE or DELETE, which is what makes its count exact and its
 * effect safe: the item must exist (an UPDATE never creates one, and a DELETE of a missing key is
 * told from one that deleted something), and a write whose condition fails changes nothing and
 * counts 0.
 *
 * @param predicate the statement's predicates that DynamoDB checks exactly
 * @param unchangedValues for a row the driver read and checked: attribute to the value it read; the
 *     write applies only if none has changed since
 * @param unchangedMissing likewise, attributes the driver found missing
 */
public record WriteCondition(
    Optional<ServerCondition> predicate,
    ImmutableMap<String, AttributeValue> unchangedValues,
    ImmutableSet<String> unchangedMissing) {

  /** The condition of a write whose predicates DynamoDB checks. */
  public static WriteCondition checked(ServerCondition predicate) {
    return new WriteCondition(Optional.of(predicate), ImmutableMap.of(), ImmutableSet.of());
  }

  /** The condition of a write of a row the driver read: it must still exist and be as read. */
  public static WriteCondition asRead(ImmutableMap<String, AttributeValue> values, ImmutableSet<String> missing) {
    return new WriteCondition(Optional.empty(), values, missing);
  }
}
