package dev.keycond.planner.exec;

import dev.keycond.planner.exec.relational.ListCursor;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.CollectionRead;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Yields one table's rows of an item collection. Whichever part of the join opens first reads the
 * collection with one Query and splits its items for both; the other part takes its share.
 */
public final class CollectionPartOperator implements Operator {
  private final CollectionRead collection;
  private final boolean rightSide;
  private final ItemRows left;
  private final ItemRows right;

  public CollectionPartOperator(CollectionPart part) {
    this.collection = part.collection();
    this.rightSide = part.isRightSide();
    this.left = new ItemRows(collection.left(), part.getCluster().getRexBuilder());
    this.right = new ItemRows(collection.right(), part.getCluster().getRexBuilder());
  }

  /** The rows of both tables, left and right. */
  private record Split(List<Object[]> left, List<Object[]> right) {}

  @Override
  public RowCursor open(ExecutionContext context) {
    return new ListCursor(() -> {
      Split split = context.shared(collection, () -> read(context));
      return rightSide ? split.right() : split.left();
    });
  }

  private Split read(ExecutionContext context) {
    List<ReadRequest> requests =
        ReadRequestBuilder.collectionRequests(collection, context.settings(), Optional.of(context.parameters()));
    Split split = new Split(new ArrayList<>(), new ArrayList<>());
    try (FanOut fanOut = FanOut.inOrder(context, requests)) {
      for (PageReader reader : fanOut.readers()) {
        reader.forEachItem(item -> {
          left.collect(item, context, split.left());
          right.collect(item, context, split.right());
        });
      }
    }
    context.statistics().addReturned(split.left().size() + split.right().size());
    return split;
  }
}
