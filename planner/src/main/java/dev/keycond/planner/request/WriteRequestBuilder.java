package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.table.EntityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the write requests of one table. Like reads, with the statement's values it builds what
 * is sent; without them (EXPLAIN of a prepared statement) the values describe the markers.
 */
public final class WriteRequestBuilder {
  private final EntityTable table;
  private final Optional<KeyValueBinder> binder;
  private final boolean returnsItems;
  private final Optional<Expiry> expiry;

  /**
   * @param binder the statement's values, or empty to describe the markers
   * @param returnsItems whether each UpdateItem and DeleteItem asks DynamoDB for the item it wrote
   *     (as the update left it, as it was before the delete), for a write that returns its rows
   * @param expiry when the table's expired items count as gone: a write by key leaves such an item
   *     alone, and an INSERT takes its key as free
   */
  public WriteRequestBuilder(EntityTable table, Optional<KeyValueBinder> binder, boolean returnsItems,
      Optional<Expiry> expiry) {
    this.table = table;
    this.binder = binder;
    this.returnsItems = returnsItems;
    this.expiry = expiry;
  }

  /** What building a conditional write comes to with the statement's values. */
  public sealed interface Built<T extends WriteRequest> {
    /** The request to send. */
    record Send<T extends WriteRequest>(T request) implements Built<T> {}

    /** The condition is FALSE for every item: nothing is sent, and the row counts 0. */
    record NoMatch<T extends WriteRequest>() implements Built<T> {}

    /** DynamoDB cannot check the condition exactly with these values: the row must be read first. */
    record NeedsRead<T extends WriteRequest>() implements Built<T> {}
  }

  /** INSERT's PutItem: it overwrites nothing, since it fails when an item has the key. */
  public PutItem insert(ImmutableMap<String, RequestValue> item) {
    return put(item, ItemExpectation.ABSENT);
  }

  /**
   * UPSERT's PutItem for a table whose items share their keys with another table's: it replaces
   * the table's own item, and fails when the key holds another table's (see
   * {@link ItemExpectation#replacing}).
   */
  public PutItem replace(ImmutableMap<String, RequestValue> item) {
    return put(item, ItemExpectation.replacing(table));
  }

  private PutItem put(ImmutableMap<String, RequestValue> item, ItemExpectation expected) {
    Placeholders placeholders = new Placeholders();
    Optional<String> condition = expected.render(placeholders, table.source().keys().hashAttribute(), expiry);
    return new PutItem(tableName(), item, condition, placeholders.attributes());
  }

  /** UPSERT's puts and the deletes of a slice, 25 to a request. */
  public BatchWriteItem batch(List<BatchWriteItem.Write> writes) {
    return new BatchWriteItem(tableName(), table.ownKeyAttributes(), ImmutableList.copyOf(writes));
  }

  public Built<DeleteItem> delete(ImmutableMap<String, RequestValue> key, WriteCondition condition) {
    Placeholders placeholders = new Placeholders();
    return condition(condition, placeholders).map(
        expression -> new DeleteItem(tableName(), key, Optional.of(expression), placeholders.attributes(),
            returnsItems));
  }

  public Built<UpdateItem> update(ImmutableMap<String, RequestValue> key, ItemChange change,
      WriteCondition condition) {
    Placeholders placeholders = new Placeholders();
    String expression = updateExpression(change, placeholders);
    return condition(condition, placeholders).map(conditionExpression -> new UpdateItem(tableName(), key,
        expression, Optional.of(conditionExpression), placeholders.attributes(), returnsItems));
  }

  static String updateExpression(ItemChange change, Placeholders placeholders) {
    List<String> sets = new ArrayList<>();
    change.sets().forEach((attribute, value) ->
        sets.add(placeholders.name(attribute) + " = " + placeholders.value(value)));
    change.increments().forEach((attribute, amount) -> {
      String name = placeholders.name(attribute);
      sets.add(name + " = " + name + " + " + placeholders.value(amount));
    });
    StringBuilder expression = new StringBuilder();
    if (!sets.isEmpty()) {
      expression.append("SET ").append(String.join(", ", sets));
    }
    if (!change.removes().isEmpty()) {
      expression.append(expression.length() == 0 ? "" : " ").append("REMOVE ")
          .append(String.join(", ", change.removes().stream().map(placeholders::name).toList()));
    }
    return expression.toString();
  }

  /**
   * MERGE's UpdateItem: it creates the item when there is none, and updates the table's own. Its
   * condition keeps it off an item it must not update: another table's with the key (see
   * {@link ItemExpectation#replacing}) and one whose time to live has passed, which is gone and is
   * replaced whole instead ({@link #insert}); without constants or time to live it has none.
   */
  public UpdateItem merge(ImmutableMap<String, RequestValue> key, ItemChange change) {
    Placeholders placeholders = new Placeholders();
    String expression = updateExpression(change, placeholders);
    ItemExpectation replacing = ItemExpectation.replacing(table);
    Optional<String> condition = Optional.empty();
    if (replacing.exists() == ItemExpectation.Existence.ABSENT_OR_OWN || expiry.isPresent()) {
      String hash = placeholders.name(table.source().keys().hashAttribute());
      List<String> updatable = replacing.held(placeholders);
      expiry.ifPresent(e -> updatable.add(e.live(placeholders)));
      condition = Optional.of("attribute_not_exists(" + hash + ") OR " + ItemExpectation.all(updatable));
    }
    return new UpdateItem(tableName(), key, expression, condition, placeholders.attributes(), returnsItems);
  }

  /** Whether the table's expired items count as gone, so that a write may find one to replace. */
  public boolean expires() {
    return expiry.isPresent();
  }

  /** The ConditionExpression, or why there is none to send. */
  private ConditionText condition(WriteCondition condition, Placeholders placeholders) {
    List<String> parts = new ArrayList<>();
    parts.add("attribute_exists(" + placeholders.name(table.source().keys().hashAttribute()) + ")");
    if (condition.predicate().isPresent()) {
      ConditionRenderer.Rendered rendered = new ConditionRenderer(placeholders, binder).render(condition.predicate().get());
      if (rendered instanceof ConditionRenderer.Rendered.Never) {
        return new ConditionText(Optional.empty(), false);
      }
      if (rendered instanceof ConditionRenderer.Rendered.NotExpressible) {
        return new ConditionText(Optional.empty(), true);
      }
      if (rendered instanceof ConditionRenderer.Rendered.Expression e) {
        parts.add(e.text());
      }
    }
    for (Map.Entry<String, AttributeValue> value : condition.unchangedValues().entrySet()) {
      parts.add(placeholders.name(value.getKey()) + " = " + placeholders.value(new RequestValue.Bound(value.getValue())));
    }
    for (String attribute : condition.unchangedMissing()) {
      parts.add("attribute_not_exists(" + placeholders.name(attribute) + ")");
    }
    expiry.ifPresent(e -> parts.add(e.live(placeholders)));
    return new ConditionText(Optional.of(String.join(" AND ", parts)), false);
  }

  /** A rendered condition; empty text when the write is not sent, because nothing matches or it needs a read. */
  private record ConditionText(Optional<String> text, boolean needsRead) {
    <T extends WriteRequest> Built<T> map(java.util.function.Function<String, T> request) {
      if (text.isPresent()) {
        return new Built.Send<>(request.apply(text.get()));
      }
      return needsRead ? new Built.NeedsRead<>() : new Built.NoMatch<>();
    }
  }

  private String tableName() {
    return table.source().name();
  }
}
