package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The requests that builders of one read, for values that leave its filter and projection alike,
 * built once for each form of their values: another execution whose values take the same form
 * gets the request built then, with its own values bound in, and builds no expression, allocates
 * no placeholder and checks none. Safe for executions on several threads.
 */
final class RequestTemplates {
  /** The Query of each form, at {@link QueryForm#slot()}; null until one is built. */
  private final AtomicReferenceArray<Query> queries;
  private final AtomicReference<Optional<GetItem>> getItem = new AtomicReference<>(Optional.empty());
  private final AtomicReference<Optional<BatchGetItem>> batchGetItem = new AtomicReference<>(Optional.empty());

  /** @param keys how many key conditions the read has */
  RequestTemplates(int keys) {
    this.queries = new AtomicReferenceArray<>(QueryForm.slots(keys));
  }

  /** The Query of this form, with these key values and Limit; built by {@code build} the first time. */
  Query query(QueryForm form, List<RequestValue> keyValues, Optional<Integer> limit, Supplier<Query> build) {
    Query template = queries.get(form.slot());
    if (template != null) {
      return template.bound(keyValues, limit);
    }
    Query built = build.get();
    queries.compareAndSet(form.slot(), null, built);
    return built;
  }

  /** The GetItem of this key; built by {@code build} the first time. */
  GetItem getItem(ImmutableMap<String, RequestValue> key, Supplier<GetItem> build) {
    return reused(getItem, template -> template.withKey(key), build);
  }

  /** The BatchGetItem of these keys; built by {@code build} the first time. */
  BatchGetItem batchGetItem(ImmutableList<ImmutableMap<String, RequestValue>> keys, Supplier<BatchGetItem> build) {
    return reused(batchGetItem, template -> template.withKeys(keys), build);
  }

  /** The request kept in {@code slot} with this execution's values bound in, or the one built and kept. */
  private static <T> T reused(AtomicReference<Optional<T>> slot, UnaryOperator<T> bind, Supplier<T> build) {
    Optional<T> template = slot.get();
    if (template.isPresent()) {
      return bind.apply(template.get());
    }
    T built = build.get();
    slot.compareAndSet(Optional.empty(), Optional.of(built));
    return built;
  }
}
