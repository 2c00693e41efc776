package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.relational.ListCursor;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.CollectionRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadFilter;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.request.ReadRequests;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.plan.KeyEquality;
import dev.keycond.planner.plan.KeyValueBinder;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Yields one table's rows of an item collection. Whichever part of the join opens first reads the
 * collection with one Query and splits its items for every part; the others take their share. In a
 * transaction that wrote to the collection's table, each part's items are laid over with the
 * transaction's writes, as a read of that table alone is ({@link TransactionOverlay}).
 */
public final class CollectionPartOperator implements Operator {
  private final CollectionRead collection;
  private final int index;
  private final List<ItemRows> parts = new ArrayList<>();
  /** Each part's rows checked against all its conditions, for the items a transaction wrote. */
  private final List<ItemRows> allConditions = new ArrayList<>();
  private final List<TableItems> tableItems = new ArrayList<>();

  public CollectionPartOperator(CollectionPart part) {
    this.collection = part.collection();
    this.index = part.index();
    for (ReadPlan plan : collection.parts()) {
      parts.add(new ItemRows(plan, part.getCluster().getRexBuilder()));
      allConditions.add(ItemRows.checkingAll(plan, part.getCluster().getRexBuilder()));
      tableItems.add(new TableItems(plan));
    }
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new ListCursor(() -> context.<List<List<Object[]>>>shared(collection, () -> read(context)).get(index));
  }

  /** The rows of every part, in the collection's order; an item is a row of each table whose keys it matches. */
  private List<List<Object[]>> read(ExecutionContext context) {
    ReadRequests reads = ReadRequestBuilder.collectionRequests(collection, context.settings(),
        Optional.of(context.parameters()));
    List<ReadRequest> requests = reads.requests();
    List<List<Object[]>> split = new ArrayList<>();
    List<ItemRows> bound = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      split.add(new ArrayList<>());
      bound.add(parts.get(i).bind(ReadFilter.inDriver(collection.part(i), context.settings())));
    }
    // The parts are of one DynamoDB table: the transaction wrote to all of them, or to none.
    boolean overlaid = TransactionOverlay.writesTo(context, collection.part(0));
    try (FanOut fanOut = FanOut.inOrder(context, requests, false, Paging.ON_DEMAND)) {
      List<PageReader> readers = fanOut.readers();
      for (int request = 0; request < readers.size(); request++) {
        if (!overlaid) {
          readers.get(request).forEachItem(item -> {
            for (int i = 0; i < parts.size(); i++) {
              bound.get(i).collect(item, context, split.get(i));
            }
          });
          continue;
        }
        // The transaction's items can go anywhere in the collection's order: the whole request is read
        // first. Each request reads a partition of its own (an IN list of collections), and adds the
        // transaction's new items of that partition.
        List<Map<String, AttributeValue>> server = new ArrayList<>();
        readers.get(request).forEachItem(server::add);
        Map<String, AttributeValue> partition = partition(reads.queried().get(request), context);
        for (int i = 0; i < parts.size(); i++) {
          TransactionOverlay overlay = TransactionOverlay.ofPartition(context, collection.part(i),
              allConditions.get(i), tableItems.get(i), requests.get(request), partition).orElseThrow();
          for (Map<String, AttributeValue> item : overlay.apply(server, context)) {
            bound.get(i).collect(item, context, split.get(i));
          }
        }
      }
    }
    return split;
  }

  /** The partition key attributes of one request of the collection, with the values it reads. */
  private static Map<String, AttributeValue> partition(KeyCondition key, ExecutionContext context) {
    KeyValueBinder binder = new KeyValueBinder(context.parameters());
    Map<String, AttributeValue> partition = new HashMap<>();
    for (KeyEquality equality : key.partition()) {
      partition.put(equality.attribute(), binder.bind(equality.value()).orElseThrow());
    }
    return partition;
  }
}
