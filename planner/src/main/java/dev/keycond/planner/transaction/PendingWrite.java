package dev.keycond.planner.transaction;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.codec.ItemLimits;
import dev.keycond.planner.request.Expiry;
import dev.keycond.planner.request.ItemExpectation;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.TransactActions;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.source.TimeToLive;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a transaction will do to one item at commit: its effect, all its statements on the item
 * folded into one, and what it expects of the item on the server.
 *
 * @param item the item's table and key
 * @param hashAttribute the table's partition key attribute
 * @param timeToLive the table's time to live when its expired items count as gone
 * @param describedKey the key as messages show it
 */
record PendingWrite(
    ItemKey item,
    String hashAttribute,
    Optional<TimeToLive> timeToLive,
    String describedKey,
    ItemExpectation expected,
    Effect effect) {

  /**
   * This write followed by a later statement's on the same item. The later statement read the item
   * as this write leaves it, so of what it expected, only what this write did not decide is still
   * the server's to meet.
   */
  PendingWrite then(ItemExpectation later, Effect laterEffect) {
    return new PendingWrite(item, hashAttribute, timeToLive, describedKey, folded(later),
        effect.then(laterEffect, item.key()));
  }

  private ItemExpectation folded(ItemExpectation later) {
    if (effect.wholeItem()) {
      return expected;
    }
    Set<String> written = effect.written();
    Map<String, AttributeValue> values = new LinkedHashMap<>(expected.values());
    later.values().forEach((attribute, value) -> {
      if (!written.contains(attribute) && !expected.missing().contains(attribute)) {
        values.putIfAbsent(attribute, value);
      }
    });
    ImmutableSet.Builder<String> missing = ImmutableSet.<String>builder().addAll(expected.missing());
    later.missing().stream().filter(a -> !written.contains(a) && !values.containsKey(a)).forEach(missing::add);
    // The earlier update made the item exist, whatever the server had: the later one's existence is the transaction's.
    // But a value the later statement read and the earlier one did not write came from an item on the server.
    ItemExpectation.Existence exists = expected.exists() == ItemExpectation.Existence.ABSENT_OR_OWN
        && values.size() > expected.values().size() ? ItemExpectation.Existence.EXISTS : expected.exists();
    return new ItemExpectation(exists, ImmutableMap.copyOf(values), missing.build());
  }

  /** The action that does it, as TransactWriteItems sends it, items whose time passed before {@code now} gone. */
  TransactWriteItems.Action action(Instant now) {
    TransactActions actions = new TransactActions(item.tableName(), hashAttribute,
        timeToLive.map(ttl -> new Expiry(ttl, now)));
    ImmutableMap<String, RequestValue> key = bound(item.key());
    if (effect instanceof Effect.Put put) {
      return actions.put(bound(put.item()), expected);
    }
    if (effect instanceof Effect.Update update) {
      return actions.update(key, update.change(), expected);
    }
    if (effect instanceof Effect.Check) {
      return actions.check(key, expected);
    }
    return actions.delete(key, expected);
  }

  /** The bytes DynamoDB counts for the action's item toward a transaction's 4 MB. */
  long bytes() {
    if (effect instanceof Effect.Put put) {
      return ItemLimits.bytes(put.item());
    }
    long bytes = ItemLimits.bytes(item.key());
    if (effect instanceof Effect.Update update) {
      bytes += ItemLimits.bytes(RequestValue.bind(update.change().sets()));
    }
    return bytes;
  }

  private static ImmutableMap<String, RequestValue> bound(Map<String, AttributeValue> values) {
    ImmutableMap.Builder<String, RequestValue> bound = ImmutableMap.builder();
    values.forEach((name, value) -> bound.put(name, new RequestValue.Bound(value)));
    return bound.build();
  }
}
