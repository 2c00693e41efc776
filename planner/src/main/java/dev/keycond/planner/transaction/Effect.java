package dev.keycond.planner.transaction;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.request.ItemChange;
import dev.keycond.planner.request.RequestValue;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a transaction does to one item, all its statements on it taken together: DynamoDB takes
 * one action per item in a transaction, so a later statement's effect is folded into the earlier.
 */
public sealed interface Effect {

  /** Writes the whole item (INSERT, UPSERT). */
  record Put(ImmutableMap<String, AttributeValue> item) implements Effect {}

  /**
   * Sets and removes attributes (UPDATE, MERGE). Its values were computed by the driver from the
   * row it read, so a change adds nothing to what the item holds on the server.
   */
  record Update(ItemChange change) implements Effect {
    public Update {
      if (!change.increments().isEmpty()) {
        throw new IllegalArgumentException("a kept change sets values computed from the row read; it adds none");
      }
    }
  }

  /** Deletes the item (DELETE). */
  record Delete() implements Effect {}

  /**
   * Writes nothing: the item must be as its expectation says (a statement's EXISTS or NOT EXISTS
   * subquery), or the whole transaction is cancelled. It is sent as a ConditionCheck.
   */
  record Check() implements Effect {}

  /** Whether the effect decides the whole item, leaving nothing of the server's item to depend on. */
  default boolean wholeItem() {
    return this instanceof Put || this instanceof Delete;
  }

  /** The attributes whose values after the effect are the transaction's, not the server's. */
  default Set<String> written() {
    if (this instanceof Check) {
      return Set.of();
    }
    if (this instanceof Update update) {
      Set<String> written = new LinkedHashSet<>(update.change().sets().keySet());
      written.addAll(update.change().removes());
      return written;
    }
    throw new IllegalStateException("a " + getClass().getSimpleName() + " writes the whole item");
  }

  /**
   * The item after the effect, from the item before it (empty when there is none).
   *
   * @param key the item's key, which an update of a missing item creates it with
   */
  default Optional<Map<String, AttributeValue>> applyTo(Optional<Map<String, AttributeValue>> before,
      Map<String, AttributeValue> key) {
    if (this instanceof Put put) {
      return Optional.of(put.item());
    }
    if (this instanceof Delete) {
      return Optional.empty();
    }
    if (this instanceof Check) {
      return before;
    }
    ItemChange change = ((Update) this).change();
    Map<String, AttributeValue> after = new LinkedHashMap<>(before.orElse(key));
    change.removes().forEach(after::remove);
    after.putAll(RequestValue.bind(change.sets()));
    return Optional.of(after);
  }

  /** This effect followed by a later statement's on the same item, as one. */
  default Effect then(Effect later, Map<String, AttributeValue> key) {
    // A check found the item as the transaction leaves it, so it adds nothing to a write before it.
    if (later.wholeItem() || this instanceof Check) {
      return later;
    }
    if (later instanceof Check) {
      return this;
    }
    if (this instanceof Update earlier) {
      ItemChange first = earlier.change();
      ItemChange second = ((Update) later).change();
      Map<String, RequestValue> sets = new LinkedHashMap<>(first.sets());
      second.removes().forEach(sets::remove);
      sets.putAll(second.sets());
      Set<String> removes = new LinkedHashSet<>(first.removes());
      removes.removeAll(second.sets().keySet());
      removes.addAll(second.removes());
      return new Update(new ItemChange(ImmutableMap.copyOf(sets), ImmutableMap.of(), ImmutableSet.copyOf(removes)));
    }
    // After a Put or a Delete the item is the transaction's: the update applies to it as kept.
    return new Put(ImmutableMap.copyOf(later.applyTo(applyTo(Optional.empty(), key), key).orElseThrow()));
  }
}
