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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Yields one table's rows of an item collection. Whichever part of the join opens first reads the
 * collection with one Query and splits its items for every part; the others take their share.
 */
public final class CollectionPartOperator implements Operator {
  private final CollectionRead collection;
  private final int index;
  private final List<ItemRows> parts = new ArrayList<>();

  public CollectionPartOperator(CollectionPart part) {
    this.collection = part.collection();
    this.index = part.index();
    for (ReadPlan plan : collection.parts()) {
      parts.add(new ItemRows(plan, part.getCluster().getRexBuilder()));
    }
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    return new ListCursor(() -> context.<List<List<Object[]>>>shared(collection, () -> read(context)).get(index));
  }

  /** The rows of every part, in the collection's order; an item is a row of each table whose keys it matches. */
  private List<List<Object[]>> read(ExecutionContext context) {
    List<ReadRequest> requests = ReadRequestBuilder.collectionRequests(collection, context.settings(),
        Optional.of(context.parameters())).requests();
    List<List<Object[]>> split = new ArrayList<>();
    List<ItemRows> bound = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      split.add(new ArrayList<>());
      bound.add(parts.get(i).bind(ReadFilter.inDriver(collection.part(i), context.settings())));
    }
    try (FanOut fanOut = FanOut.inOrder(context, requests, false, Paging.ON_DEMAND)) {
      for (PageReader reader : fanOut.readers()) {
        reader.forEachItem(item -> {
          for (int i = 0; i < parts.size(); i++) {
            bound.get(i).collect(item, context, split.get(i));
          }
        });
      }
    }
    return split;
  }
}
