package dev.keycond.planner.request;

import com.google.common.collect.ImmutableMap;
import java.util.Optional;

/**
 * Builds the actions of a TransactWriteItems, each with the ConditionExpression of what it expects
 * of its item.
 */
public final class TransactActions {
  private final String tableName;
  private final String hashAttribute;
  private final Optional<Expiry> expiry;

  /**
   * @param hashAttribute the table's partition key attribute, which tells whether an item exists
   * @param expiry when the table's expired items count as gone
   */
  public TransactActions(String tableName, String hashAttribute, Optional<Expiry> expiry) {
    this.tableName = tableName;
    this.hashAttribute = hashAttribute;
    this.expiry = expiry;
  }

  public TransactWriteItems.Action put(ImmutableMap<String, RequestValue> item, ItemExpectation expected) {
    Placeholders placeholders = new Placeholders();
    return new TransactWriteItems.Put(tableName, item, expected.render(placeholders, hashAttribute, expiry),
        placeholders.attributes());
  }

  public TransactWriteItems.Action update(ImmutableMap<String, RequestValue> key, ItemChange change,
      ItemExpectation expected) {
    Placeholders placeholders = new Placeholders();
    String expression = WriteRequestBuilder.updateExpression(change, placeholders);
    return new TransactWriteItems.Update(tableName, key, expression, expected.render(placeholders, hashAttribute, expiry),
        placeholders.attributes());
  }

  public TransactWriteItems.Action delete(ImmutableMap<String, RequestValue> key, ItemExpectation expected) {
    Placeholders placeholders = new Placeholders();
    return new TransactWriteItems.Delete(tableName, key, expected.render(placeholders, hashAttribute, expiry),
        placeholders.attributes());
  }

  /** @param expected what the item must be; a check expects the item to exist or not, so it always has a condition */
  public TransactWriteItems.Action check(ImmutableMap<String, RequestValue> key, ItemExpectation expected) {
    Placeholders placeholders = new Placeholders();
    String condition = expected.render(placeholders, hashAttribute, expiry).orElseThrow(
        () -> new IllegalArgumentException("a ConditionCheck needs something to check"));
    return new TransactWriteItems.ConditionCheck(tableName, key, condition, placeholders.attributes());
  }
}
