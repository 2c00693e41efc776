package dev.keycond.planner.exec.read;

import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.RowCount;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequests;
import dev.keycond.planner.request.ReadFilter;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.request.ReadRequestTemplate;
import dev.keycond.planner.settings.StatementSettings;
import com.google.common.collect.Iterators;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.rel.HierarchyWalk;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import org.apache.calcite.rex.RexUtil;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Executes a {@link DynamoRead}: sends its requests, follows pages lazily through
 * LastEvaluatedKey as rows are pulled, and turns items into rows: entity check, residual
 * conditions, projection, offset and limit. The requests of a fan-out overlap ({@link FanOut});
 * when the read is ordered their rows are merged in key order, otherwise concatenated.
 */
public final class ReadOperator implements Operator {
  private final ReadPlan plan;
  private final ItemRows itemRows;
  private final TableItems tableItems;
  private final Optional<WalkRows> walk;
  /** Whether the read depends on the outer row of a correlated subquery, and so runs once per distinct outer value. */
  private final boolean correlated;
  /** Whether the read's rows are the statement's rows, so that a LIMIT on the statement ends it. */
  private final boolean limitEndsRead;
  /** When the read's requests send for their next page. */
  private final Paging paging;
  private final ConstantRequests constantRequests = new ConstantRequests();
  /** What the read's requests keep from one execution to the next, for the settings of the last one. */
  private volatile Optional<ReadRequestTemplate> template = Optional.empty();
  /** The rows bound to the filter of the last execution, for the next one that shares its filter. */
  private volatile Optional<BoundRows> boundRows = Optional.empty();

  private record BoundRows(ReadFilter filter, ItemRows rows) {}

  /**
   * @param limitEndsRead whether the read's rows are the statement's rows, so that a LIMIT ends it
   * @param paging when the read's requests send for their next page
   */
  public ReadOperator(DynamoRead read, boolean limitEndsRead, Paging paging) {
    this.plan = read.plan();
    this.limitEndsRead = limitEndsRead;
    this.paging = paging;
    this.itemRows = new ItemRows(plan, read.getCluster().getRexBuilder());
    this.tableItems = new TableItems(plan);
    this.walk = plan.walk().map(w -> new WalkRows(w, plan.table().partitionColumns(), read.getCluster().getRexBuilder()));
    this.correlated = plan.conditions().stream().anyMatch(RexUtil::containsCorrelation);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    if (correlated) {
      context.countCorrelatedRead(this, plan.table().name());
    }
    KeyValueBinder binder = new KeyValueBinder(context.parameters(), context::correlation);
    // Checked before any request is built, which uses them for DynamoDB's Limit.
    long offset = plan.offset().map(o -> RowCount.of(binder.valueOf(o))).orElse(0L);
    long fetch = plan.fetch().map(f -> RowCount.of(binder.valueOf(f))).orElse(Long.MAX_VALUE);
    ReadRequestBuilder builder = template(context.settings()).builder(binder);
    // A filter of expired items compares with the time of each execution: its requests are built anew.
    boolean timeDependent = builder.filter().expiryOnServer().isPresent();
    ReadRequests requests = correlated || !context.parameters().isEmpty() || timeDependent ? builder.build()
        : constantRequests.get(context.settings(), builder::build);
    boolean parallel = plan.access().isScan() && requests.requests().size() > 1;
    FanOut fanOut = parallel ? FanOut.parallel(context, requests.requests(), limitEndsRead)
        : plan.mergesInKeyOrder() ? FanOut.merged(context, requests.requests(), limitEndsRead, paging)
        : FanOut.inOrder(context, requests.requests(), limitEndsRead, paging);
    ItemRows rows = rows(builder.filter());
    // The branches of an OR may read the same item; it is one row.
    Set<Map<String, AttributeValue>> seen = plan.access().overlapping() ? new HashSet<>() : null;
    List<TableRows> tableRows = new ArrayList<>();
    for (PageReader reader : fanOut.readers()) {
      tableRows.add(new TableRows(reader, context, builder, rows, seen));
    }
    if (plan.count()) {
      return new CountCursor(tableRows, fanOut, context, offset, fetch);
    }
    if (parallel) {
      // The segments of a Scan have no order among them; a SQL order is sorted above the read.
      return new OutputCursor(new InterleavedRows(tableRows), fanOut, context, offset, fetch);
    }
    List<Iterator<Object[]>> streams = new ArrayList<>(tableRows);
    if (walk.isPresent()) {
      streams = walk(streams, requests, binder, context);
    }
    Iterator<Object[]> output = plan.mergesInKeyOrder() && streams.size() > 1
        ? new MergedRows(streams, order())
        : new ConcatenatedRows(streams);
    if (plan.walk().map(HierarchyWalk::distinct).orElse(false)) {
      // UNION: overlapping subtrees (one root inside another) yield their shared rows once.
      Set<List<Object>> distinct = new HashSet<>();
      output = Iterators.filter(output, row -> distinct.add(Arrays.asList(row)));
    }
    return new OutputCursor(output, fanOut, context, offset, fetch);
  }

  private ReadRequestTemplate template(StatementSettings settings) {
    Optional<ReadRequestTemplate> known = template;
    if (known.isPresent() && known.get().settings().equals(settings)) {
      return known.get();
    }
    ReadRequestTemplate made = new ReadRequestTemplate(plan, settings);
    template = Optional.of(made);
    return made;
  }

  /** The rows of an execution with this filter: those of the last one when it shared the filter. */
  private ItemRows rows(ReadFilter filter) {
    Optional<BoundRows> known = boundRows;
    if (known.isPresent() && known.get().filter() == filter) {
      return known.get().rows();
    }
    ItemRows bound = itemRows.bind(filter);
    boundRows = Optional.of(new BoundRows(filter, bound));
    return bound;
  }

  /**
   * The items this read finds that are rows of it, each with its row of the table's full width: an
   * UPDATE or DELETE of a slice reads them, since it writes a row only if its item is still as read.
   */
  public ReadItems items(ExecutionContext context) {
    KeyValueBinder binder = new KeyValueBinder(context.parameters(), context::correlation);
    ReadRequestBuilder builder = new ReadRequestBuilder(plan, context.settings(), binder);
    FanOut fanOut = FanOut.inOrder(context, builder.build().requests(), false, Paging.ON_DEMAND);
    ItemRows rows = itemRows.bind(builder.filter());
    Set<Map<String, AttributeValue>> seen = plan.access().overlapping() ? new HashSet<>() : null;
    List<TableRows> tableRows = new ArrayList<>();
    for (PageReader reader : fanOut.readers()) {
      tableRows.add(new TableRows(reader, context, builder, rows, seen));
    }
    return new ReadItems(tableRows, fanOut);
  }

  /** The items of {@link #items}, pulled one at a time. */
  public final class ReadItems implements AutoCloseable {
    private final Iterator<TableRows> streams;
    private final FanOut fanOut;
    private TableRows current;
    private Object[] row;

    private ReadItems(List<TableRows> streams, FanOut fanOut) {
      this.streams = streams.iterator();
      this.fanOut = fanOut;
    }

    /** Moves to the next item that is a row; false at the end. */
    public boolean next() {
      while (current == null || !current.hasNext()) {
        if (!streams.hasNext()) {
          row = null;
          return false;
        }
        current = streams.next();
      }
      row = current.next();
      return true;
    }

    /** The current item, as DynamoDB returned it. */
    public Map<String, AttributeValue> item() {
      return current.lastItem;
    }

    /** The current item's row, of the table's full width. */
    public Object[] row() {
      return row;
    }

    @Override
    public void close() {
      fanOut.close();
    }
  }

  /** The rows of a hierarchy walk: one subtree per slice read, or the ancestor chains of the starts. */
  private List<Iterator<Object[]>> walk(List<Iterator<Object[]>> streams, ReadRequests requests,
      KeyValueBinder binder, ExecutionContext context) {
    HierarchyWalk spec = plan.walk().orElseThrow();
    String pathColumn = plan.table().column(spec.pathColumn()).name();
    List<KeyCondition> keys = spec.direction() == HierarchyWalk.Direction.DOWN
        ? requests.queried() : plan.access().keys();
    List<Object> roots = new ArrayList<>();
    for (KeyCondition key : keys) {
      roots.add(binder.valueOf(ReadRequestBuilder.slotOperand(key.sort().orElseThrow().low(), pathColumn)
          .orElseThrow()));
    }
    if (spec.direction() == HierarchyWalk.Direction.UP) {
      return List.of(walk.get().up(new ConcatenatedRows(streams), new HashSet<>(roots), context).iterator());
    }
    List<Iterator<Object[]>> subtrees = new ArrayList<>();
    for (int i = 0; i < streams.size(); i++) {
      subtrees.add(walk.get().down(streams.get(i), roots.get(i), context));
    }
    return subtrees;
  }

  private Comparator<Object[]> order() {
    Comparator<Object[]> ascending = (a, b) -> 0;
    for (int column : plan.access().orderColumns()) {
      ascending = ascending.thenComparing((a, b) -> DynamoOrder.INSTANCE.compare(a[column], b[column]));
    }
    return plan.order().get() == ReadPlan.Order.DESCENDING ? ascending.reversed() : ascending;
  }

  /** The rows one request yields, pulling a page only when the previous one is used up. */
  private final class TableRows implements Iterator<Object[]> {
    private final PageReader reader;
    private final ExecutionContext context;
    private final ReadRequestBuilder builder;
    private final ItemRows rows;
    private final Set<Map<String, AttributeValue>> seen;
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
        Set<Map<String, AttributeValue>> seen) {
      this.reader = reader;
      this.context = context;
      this.builder = builder;
      this.rows = rows;
      this.seen = seen;
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
      return true;
    }

    @Override
    public Object[] next() {
      Object[] row = next;
      lastItem = nextItem;
      next = null;
      return row;
    }
  }

  /**
   * The rows of a parallel Scan's segments, a page of one segment after a page of the next: each
   * segment's next page is in flight while the others' pages are read, and none waits for a
   * segment that is read to its end first.
   */
  private static final class InterleavedRows implements Iterator<Object[]> {
    private final ArrayDeque<TableRows> segments;

    InterleavedRows(List<TableRows> segments) {
      this.segments = new ArrayDeque<>(segments);
    }

    @Override
    public boolean hasNext() {
      while (!segments.isEmpty()) {
        TableRows head = segments.peekFirst();
        if (head.hasNextInPage()) {
          return true;
        }
        segments.pollFirst();
        if (head.takePage()) {
          segments.addLast(head);
        }
      }
      return false;
    }

    @Override
    public Object[] next() {
      return segments.peekFirst().next();
    }
  }

  /** The requests' rows one request after another. */
  private static final class ConcatenatedRows implements Iterator<Object[]> {
    private final Iterator<Iterator<Object[]>> streams;
    private Iterator<Object[]> current;

    ConcatenatedRows(List<Iterator<Object[]>> streams) {
      this.streams = streams.iterator();
    }

    @Override
    public boolean hasNext() {
      while ((current == null || !current.hasNext()) && streams.hasNext()) {
        current = streams.next();
      }
      return current != null && current.hasNext();
    }

    @Override
    public Object[] next() {
      return current.next();
    }
  }

  /**
   * The requests' rows merged in key order; each request's rows are already in that order. A
   * stream is asked for its next row only when the row taken from it has been used, so no page is
   * read before a row of it can be the next one returned.
   */
  private static final class MergedRows implements Iterator<Object[]> {
    private record Head(Object[] row, Iterator<Object[]> stream) {}

    private final PriorityQueue<Head> heads;
    private Iterator<Object[]> taken;

    MergedRows(List<Iterator<Object[]>> streams, Comparator<Object[]> order) {
      heads = new PriorityQueue<>(Comparator.comparing(Head::row, order));
      for (Iterator<Object[]> stream : streams) {
        if (stream.hasNext()) {
          heads.add(new Head(stream.next(), stream));
        }
      }
    }

    @Override
    public boolean hasNext() {
      if (taken != null) {
        if (taken.hasNext()) {
          heads.add(new Head(taken.next(), taken));
        }
        taken = null;
      }
      return !heads.isEmpty();
    }

    @Override
    public Object[] next() {
      hasNext();
      Head head = heads.poll();
      taken = head.stream();
      return head.row();
    }
  }


  /** Applies OFFSET, LIMIT and the projection to the read's rows. */
  private final class OutputCursor implements RowCursor {
    private final Iterator<Object[]> rows;
    private final FanOut fanOut;
    private final ExecutionContext context;
    private long toSkip;
    private long remaining;
    private Object[] current;

    OutputCursor(Iterator<Object[]> rows, FanOut fanOut, ExecutionContext context, long offset, long fetch) {
      this.rows = rows;
      this.fanOut = fanOut;
      this.context = context;
      this.toSkip = offset;
      this.remaining = fetch;
    }

    @Override
    public boolean next() {
      while (remaining > 0 && rows.hasNext()) {
        Object[] tableRow = rows.next();
        if (toSkip > 0) {
          toSkip--;
          continue;
        }
        remaining--;
        current = itemRows.project(tableRow);
        return true;
      }
      current = null;
      return false;
    }

    @Override
    public Object[] row() {
      return current;
    }

    @Override
    public void close() {
      remaining = 0;
      fanOut.close();
    }
  }

  /** Produces the single COUNT(*) row: DynamoDB's counts when it counts for us, or rows counted here. */
  private static final class CountCursor implements RowCursor {
    private final List<TableRows> streams;
    private final FanOut fanOut;
    private final ExecutionContext context;
    private final boolean visible;
    private Object[] current;
    private boolean done;

    CountCursor(List<TableRows> streams, FanOut fanOut, ExecutionContext context, long offset, long fetch) {
      this.streams = streams;
      this.fanOut = fanOut;
      this.context = context;
      // An aggregate without GROUP BY has one row; OFFSET and LIMIT act on that row.
      this.visible = offset == 0 && fetch > 0;
    }

    @Override
    public boolean next() {
      if (done || !visible) {
        current = null;
        return false;
      }
      done = true;
      long total = 0;
      // Interleaved, so that the segments of a parallel Scan are counted concurrently.
      for (Iterator<Object[]> rows = new InterleavedRows(streams); rows.hasNext(); rows.next()) {
        total++;
      }
      for (TableRows stream : streams) {
        total += stream.countedByDynamo;
      }
      current = new Object[] {total};
      return true;
    }

    @Override
    public Object[] row() {
      return current;
    }

    @Override
    public void close() {
      done = true;
      fanOut.close();
    }
  }
}
