package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.Expiry;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.request.Selection;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.transaction.Effect;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items of one request of a read as the statement's transaction leaves them. The server's items
 * whose key the transaction wrote are replaced by the transaction's item, or dropped when it deleted
 * the item or the new item is no longer a row of the read (an updated item returned in part, by a
 * projection or an index, that fails the read's conditions is read whole by key and checked again); the items the transaction wrote that the
 * server did not return are added when they are rows of the read, in the read's key order. Since an
 * added item can fall anywhere in the order, the request's pages are all read first, and the order
 * and LIMIT of the read are then the driver's.
 */
final class TransactionOverlay {
  private final Map<Map<String, AttributeValue>, Effect> effects;
  private final ItemRows allConditions;
  private final TableItems tableItems;
  private final ReadPlan plan;
  /** Whether this request adds the transaction's new items; only one request of a read does, but each of a walk. */
  private final boolean adds;
  /** For a walk down, the slice this request reads, which decides its rows in place of the seed's conditions. */
  private final Optional<Slice> slice;
  /** Whether the request returns part of each item: a projection, or an index that does not carry every attribute. */
  private final boolean partial;
  /**
   * The partition key values the request reads, when its table's conditions may not say them (a
   * table read through an item collection's Query): the new items it adds are of that partition.
   */
  private final Map<String, AttributeValue> partition;
  /**
   * When the table's expired items are gone: an item the transaction wrote that has expired (its
   * time to live set in the past) is no row, as the server's filter leaves out its own.
   */
  private final Optional<Expiry> expiry;

  /**
   * The items a walk's Query reads: those of a partition whose path starts with the walk's root.
   *
   * @param pathColumn the path column, in the table's full width
   */
  record Slice(String partitionAttribute, AttributeValue partition, int pathColumn, String root) {
    boolean holds(Map<String, AttributeValue> item, Object[] row) {
      return partition.equals(item.get(partitionAttribute)) && row[pathColumn] instanceof String path
          && path.startsWith(root);
    }
  }

  private TransactionOverlay(Map<Map<String, AttributeValue>, Effect> effects, ItemRows allConditions,
      TableItems tableItems, ReadPlan plan, boolean adds, Optional<Slice> slice, boolean partial,
      Map<String, AttributeValue> partition, Optional<Expiry> expiry) {
    this.effects = effects;
    this.allConditions = allConditions;
    this.tableItems = tableItems;
    this.plan = plan;
    this.adds = adds;
    this.slice = slice;
    this.partial = partial;
    this.partition = partition;
    this.expiry = expiry;
  }

  /**
   * The overlays of a read's requests, one per request, the first adding the new items; empty when
   * the execution is in no transaction, its transaction wrote nothing to the read's table, or the
   * read is by key, whose GetItem and BatchGetItem the transaction answers itself.
   */
  static Optional<List<TransactionOverlay>> of(ExecutionContext context, ReadPlan plan, ItemRows allConditions,
      TableItems tableItems, List<ReadRequest> requests, Optional<List<Slice>> walkSlices) {
    Map<Map<String, AttributeValue>, Effect> effects = effectsOn(context, plan);
    if (effects.isEmpty() || requests.stream().noneMatch(TransactionOverlay::isQueryOrScan)) {
      return Optional.empty();
    }
    List<TransactionOverlay> overlays = new ArrayList<>();
    Optional<Expiry> expiry = expiry(context, plan);
    for (int i = 0; i < requests.size(); i++) {
      int request = i;
      Optional<Slice> slice = walkSlices.map(slices -> slices.get(request));
      overlays.add(new TransactionOverlay(effects, allConditions, tableItems, plan, i == 0 || slice.isPresent(), slice,
          returnsPart(requests.get(i), plan), Map.of(), expiry));
    }
    return Optional.of(overlays);
  }

  /**
   * The overlay of one Query of an item collection, for one table of it: the Query reads one
   * partition, and adds the transaction's new items of that partition alone, since the table's
   * conditions may not name it (the partition is bound on another table of the join). Empty as
   * {@link #of} is.
   *
   * @param partition the partition key attributes the Query reads, with their values
   */
  static Optional<TransactionOverlay> ofPartition(ExecutionContext context, ReadPlan plan, ItemRows allConditions,
      TableItems tableItems, ReadRequest request, Map<String, AttributeValue> partition) {
    Map<Map<String, AttributeValue>, Effect> effects = effectsOn(context, plan);
    if (effects.isEmpty() || !isQueryOrScan(request)) {
      return Optional.empty();
    }
    return Optional.of(new TransactionOverlay(effects, allConditions, tableItems, plan, true, Optional.empty(),
        returnsPart(request, plan), Map.copyOf(partition), expiry(context, plan)));
  }

  /** When the read's table's expired items are gone, judged once for the read. */
  private static Optional<Expiry> expiry(ExecutionContext context, ReadPlan plan) {
    return Expiry.of(plan.table(), context.settings(), Instant.now());
  }

  /** The writes of the execution's transaction to the read's table, by item key; none outside a transaction. */
  private static Map<Map<String, AttributeValue>, Effect> effectsOn(ExecutionContext context, ReadPlan plan) {
    return context.transaction().map(t -> t.effectsOn(plan.table().source().name())).orElse(Map.of());
  }

  /** Whether the execution is in a transaction that wrote to the read's table. */
  static boolean writesTo(ExecutionContext context, ReadPlan plan) {
    return !effectsOn(context, plan).isEmpty();
  }

  private static boolean isQueryOrScan(ReadRequest request) {
    return request.operation().equals("Query") || request.operation().equals("Scan");
  }

  /**
   * The request returning its items rather than their number: DynamoDB's Select=COUNT counts the
   * server's items, and those the transaction wrote are counted by the driver instead.
   */
  static ReadRequest returningItems(ReadRequest request) {
    return request.accept(new ReadRequest.Visitor<ReadRequest>() {
      @Override
      public ReadRequest getItem(GetItem get) {
        return get;
      }

      @Override
      public ReadRequest batchGetItem(BatchGetItem batch) {
        return batch;
      }

      @Override
      public ReadRequest query(Query query) {
        return query.count() ? query.withSelection(Selection.PROJECTED) : query;
      }

      @Override
      public ReadRequest scan(Scan scan) {
        return scan.count() ? scan.withSelection(Selection.PROJECTED) : scan;
      }
    });
  }

  /** The items of the whole request, {@code server} being the table items of all its pages. */
  List<Map<String, AttributeValue>> apply(List<Map<String, AttributeValue>> server, ExecutionContext context) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Set<Map<String, AttributeValue>> returned = new HashSet<>();
    for (Map<String, AttributeValue> item : server) {
      Map<String, AttributeValue> key = tableItems.key(item);
      returned.add(key);
      Effect effect = effects.get(key);
      if (effect == null) {
        items.add(item);
      } else {
        Optional<Map<String, AttributeValue>> after = effect.applyTo(Optional.of(item), key);
        if (after.isPresent() && !isRow(after.get(), context) && effect instanceof Effect.Update && partial
            && allConditions.hasTableKeys(after.get())) {
          // The server checked its filter on attributes it did not return: an updated item of this
          // table that fails the conditions for want of one is read whole, by key, and checked again.
          // (Another table's item of the same collection is no row of this one, however read.)
          after = wholeItem(key, context);
        }
        after.filter(a -> isRow(a, context)).ifPresent(items::add);
      }
    }
    if (!adds) {
      return items;
    }
    for (Map.Entry<Map<String, AttributeValue>, Effect> pending : effects.entrySet()) {
      if (!returned.contains(pending.getKey()) && inPartition(pending.getKey())) {
        Optional<Map<String, AttributeValue>> item = written(pending.getKey(), pending.getValue(), context);
        if (item.isPresent() && isRow(item.get(), context)) {
          items.add(item.get());
        }
      }
    }
    return plan.access().orderColumns().isEmpty() ? items : inKeyOrder(items);
  }

  /**
   * The items that are rows of the read's table, in the read's key order, the order DynamoDB returns
   * the request's items in. The others, items of another entity in the same key range, have no place
   * in that order, and yield no row anyway.
   */
  private List<Map<String, AttributeValue>> inKeyOrder(List<Map<String, AttributeValue>> items) {
    record Decoded(Map<String, AttributeValue> item, Object[] row) {}
    Comparator<Object[]> order = ReadOperator.keyOrder(plan);
    return items.stream().map(item -> new Decoded(item, allConditions.decode(item))).filter(d -> d.row() != null)
        .sorted(Comparator.comparing(Decoded::row, order)).map(Decoded::item).toList();
  }

  /**
   * The item the transaction leaves that the server did not return, when it could be a row of the
   * read. A put is the whole item. An updated item is the server's with the update applied, read by
   * key, but only when the update could have made it a row: the read is of an index, whose keys an
   * update changes, or checks more than the table's key, which no update changes.
   */
  private Optional<Map<String, AttributeValue>> written(Map<String, AttributeValue> key, Effect effect,
      ExecutionContext context) {
    if (effect instanceof Effect.Put put) {
      return Optional.of(put.item());
    }
    if (effect instanceof Effect.Update && slice.isEmpty()
        && (plan.access().index().isPresent() || !plan.residual().isEmpty())) {
      return wholeItem(key, context);
    }
    return Optional.empty();
  }

  /** Whether a request returns part of each item: it has a projection, or reads an index that does not carry every attribute. */
  private static boolean returnsPart(ReadRequest request, ReadPlan plan) {
    boolean projected = request.accept(new ReadRequest.Visitor<Boolean>() {
      @Override
      public Boolean getItem(GetItem get) {
        return get.projectionExpression().isPresent();
      }

      @Override
      public Boolean batchGetItem(BatchGetItem batch) {
        // The transaction answers reads by key itself, with whole items.
        return false;
      }

      @Override
      public Boolean query(Query query) {
        return query.projectionExpression().isPresent();
      }

      @Override
      public Boolean scan(Scan scan) {
        return scan.projectionExpression().isPresent();
      }
    });
    return projected || plan.access().index().map(i -> i.projection() != SourceIndex.Projection.ALL).orElse(false);
  }

  /** The item with this key as the transaction leaves it, read whole by key (GetItem, strongly consistent). */
  private Optional<Map<String, AttributeValue>> wholeItem(Map<String, AttributeValue> key, ExecutionContext context) {
    ImmutableMap.Builder<String, RequestValue> bound = ImmutableMap.builder();
    key.forEach((attribute, value) -> bound.put(attribute, new RequestValue.Bound(value)));
    return context.getItem(new GetItem(plan.table().source().name(), bound.build(), Optional.empty(),
        ExpressionAttributes.NONE, true));
  }

  private boolean inPartition(Map<String, AttributeValue> key) {
    return partition.entrySet().stream().allMatch(value -> value.getValue().equals(key.get(value.getKey())));
  }

  private boolean isRow(Map<String, AttributeValue> item, ExecutionContext context) {
    if (expiry.filter(e -> e.expired(item)).isPresent()) {
      return false;
    }
    if (slice.isPresent()) {
      Object[] row = allConditions.decode(item);
      return row != null && slice.get().holds(item, row);
    }
    return allConditions.tableRow(item, context) != null;
  }
}
