package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The rows one request yields, pulling a page only when the previous one is used up. */
final class TableRows implements Iterator<Object[]> {
  private final PageReader reader;
  private final ExecutionContext context;
  private final ReadRequestBuilder builder;
  private final ItemRows rows;
  private final TableItems tableItems;
  private final Set<Map<String, AttributeValue>> seen;
  /** The statement's transaction's writes to lay over the request's items; empty outside one. */
  private final Optional<TransactionOverlay> overlay;
  /**
   * The items of the page taken; each is dropped from here once it is taken, so that the items
   * already made into rows can be collected while the rest of the page and the page read ahead
   * are held, rather than the whole page until its last row.
   */
  private List<Map<String, AttributeValue>> items = new ArrayList<>();
  private int taken;
  private Object[] next;
  /** The item the row {@link #next} comes from, once it is taken. */
  private Map<String, AttributeValue> nextItem;
  private Map<String, AttributeValue> lastItem;
  private boolean finished;
  /** The items DynamoDB counted for a Select=COUNT request, which returns no items. */
  private long countedByDynamo;

  /** @param seen the keys of the items already read by the other requests, or null when none can repeat */
  TableRows(PageReader reader, ExecutionContext context, ReadRequestBuilder builder, ItemRows rows,
      TableItems tableItems, Set<Map<String, AttributeValue>> seen, Optional<TransactionOverlay> overlay) {
    this.reader = reader;
    this.context = context;
    this.builder = builder;
    this.rows = rows;
    this.tableItems = tableItems;
    this.seen = seen;
    this.overlay = overlay;
  }

  @Override
  public boolean hasNext() {
    while (!hasNextInPage() && !finished) {
      takePage();
    }
    return next != null;
  }

  /** Whether a row is left in the page already taken, without asking for another. */
  boolean hasNextInPage() {
    while (next == null && taken < items.size()) {
      Map<String, AttributeValue> item = items.set(taken++, null);
      if (seen == null || seen.add(tableItems.key(item))) {
        next = rows.tableRow(item, context);
        nextItem = item;
      }
    }
    return next != null;
  }

  /** Takes the request's next page, or notes that there is none; false then. */
  boolean takePage() {
    Optional<PageReader.Page> page = reader.next();
    if (page.isEmpty()) {
      finished = true;
      return false;
    }
    page.get().count().ifPresent(n -> countedByDynamo += n);
    items = new ArrayList<>(tableItems.of(page.get(), builder, context));
    taken = 0;
    if (overlay.isPresent()) {
      // The transaction's items can go anywhere in the request's order: the whole request is read at once.
      tableItems.forEach(reader, builder, context, items::add);
      items = new ArrayList<>(overlay.get().apply(items, context));
    }
    return true;
  }

  @Override
  public Object[] next() {
    Object[] row = next;
    lastItem = nextItem;
    next = null;
    return row;
  }

  /** The item the row last returned by {@link #next} comes from. */
  Map<String, AttributeValue> lastItem() {
    return lastItem;
  }

  /** The items DynamoDB counted for a Select=COUNT request, which returns no items. */
  long countedByDynamo() {
    return countedByDynamo;
  }
}
