package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.RowCount;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.ReadRequests;
import dev.keycond.planner.request.ReadFilter;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.request.ReadRequestTemplate;
import dev.keycond.planner.settings.StatementSettings;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Iterators;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.plan.KeyEquality;
import dev.keycond.planner.rel.HierarchyWalk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
  /** The read's rows checked against all its conditions, for the items a transaction wrote. */
  private final ItemRows allConditions;
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
    this.allConditions = ItemRows.checkingAll(plan, read.getCluster().getRexBuilder());
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
    List<ReadRequest> sent = plan.count() && TransactionOverlay.writesTo(context, plan)
        ? requests.requests().stream().map(TransactionOverlay::returningItems).toList() : requests.requests();
    boolean parallel = plan.access().isScan() && sent.size() > 1;
    FanOut fanOut = parallel ? FanOut.parallel(context, sent, limitEndsRead)
        : plan.mergesInKeyOrder() ? FanOut.merged(context, sent, limitEndsRead, paging)
        : FanOut.inOrder(context, sent, limitEndsRead, paging);
    ItemRows rows = rows(builder.filter());
    List<TableRows> tableRows = tableRows(context, fanOut, sent, builder, rows, walkSlices(requests, binder));
    if (plan.count()) {
      return new CountCursor(tableRows, fanOut, offset, fetch);
    }
    if (parallel) {
      // The segments of a Scan have no order among them; a SQL order is sorted above the read.
      return new OutputCursor(new InterleavedRows(tableRows), itemRows, fanOut, offset, fetch);
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
    return new OutputCursor(output, itemRows, fanOut, offset, fetch);
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
   * The distinct full keys of a read by key for one execution's values: the items a write by key
   * writes. Built by the read's template, as its own requests are, so that an execution works out
   * again only what its values change.
   */
  public List<ImmutableMap<String, RequestValue>> itemKeys(ExecutionContext context, KeyValueBinder binder) {
    return template(context.settings()).builder(binder).itemKeys();
  }

  /**
   * The items this read finds that are rows of it, each with its row of the table's full width: an
   * UPDATE or DELETE of a slice reads them, since it writes a row only if its item is still as read.
   */
  public ReadItems items(ExecutionContext context) {
    KeyValueBinder binder = new KeyValueBinder(context.parameters(), context::correlation);
    ReadRequestBuilder builder = new ReadRequestBuilder(plan, context.settings(), binder);
    List<ReadRequest> requests = builder.build().requests();
    FanOut fanOut = FanOut.inOrder(context, requests, false, Paging.ON_DEMAND);
    return new ReadItems(tableRows(context, fanOut, requests, builder, itemRows.bind(builder.filter()),
        Optional.empty()), fanOut);
  }

  /**
   * The rows of each request of the read. In a transaction that wrote to the read's table, each
   * request's items are laid over with its writes; the new items added to the first request's
   * could also be returned by another's, so that every read then keeps each item once.
   */
  private List<TableRows> tableRows(ExecutionContext context, FanOut fanOut, List<ReadRequest> requests,
      ReadRequestBuilder builder, ItemRows rows, Optional<List<TransactionOverlay.Slice>> walkSlices) {
    List<PageReader> readers = fanOut.readers();
    Optional<List<TransactionOverlay>> overlays =
        TransactionOverlay.of(context, plan, allConditions, tableItems, requests, walkSlices);
    // The branches of an OR may read the same item; it is one row.
    // The subtrees of a walk may overlap, and each adds its own new items.
    boolean added = overlays.isPresent() && walkSlices.isEmpty();
    Set<Map<String, AttributeValue>> seen = plan.access().overlapping() || added ? new HashSet<>() : null;
    List<TableRows> tableRows = new ArrayList<>();
    for (int i = 0; i < readers.size(); i++) {
      int request = i;
      tableRows.add(new TableRows(readers.get(i), context, builder, rows, tableItems, seen,
          overlays.map(o -> o.get(request))));
    }
    return tableRows;
  }

  /** For a walk down, the slice each of its Queries reads: the subtree's partition and root. */
  private Optional<List<TransactionOverlay.Slice>> walkSlices(ReadRequests requests, KeyValueBinder binder) {
    if (plan.walk().isEmpty() || plan.walk().get().direction() != HierarchyWalk.Direction.DOWN) {
      return Optional.empty();
    }
    List<Object> roots = roots(requests.queried(), binder);
    List<TransactionOverlay.Slice> slices = new ArrayList<>();
    for (int i = 0; i < roots.size(); i++) {
      KeyCondition key = requests.queried().get(i);
      // A walk reads the table's own key, whose partition key is one attribute.
      KeyEquality partition = key.singlePartition();
      slices.add(new TransactionOverlay.Slice(partition.attribute(), binder.bind(partition.value()).orElseThrow(),
          plan.walk().get().pathColumn(), (String) roots.get(i)));
    }
    return Optional.of(slices);
  }

  private List<Object> roots(List<KeyCondition> keys, KeyValueBinder binder) {
    String pathColumn = plan.table().column(plan.walk().orElseThrow().pathColumn()).name();
    List<Object> roots = new ArrayList<>();
    for (KeyCondition key : keys) {
      roots.add(binder.valueOf(ReadRequestBuilder.slotOperand(key.sort().orElseThrow().low(), pathColumn)
          .orElseThrow()));
    }
    return roots;
  }

  /** The rows of a hierarchy walk: one subtree per slice read, or the ancestor chains of the starts. */
  private List<Iterator<Object[]>> walk(List<Iterator<Object[]>> streams, ReadRequests requests,
      KeyValueBinder binder, ExecutionContext context) {
    HierarchyWalk spec = plan.walk().orElseThrow();
    List<Object> roots = roots(spec.direction() == HierarchyWalk.Direction.DOWN
        ? requests.queried() : plan.access().keys(), binder);
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
    return keyOrder(plan);
  }

  /** The order of the read's key over rows of the table's full width, as its requests return them. */
  static Comparator<Object[]> keyOrder(ReadPlan plan) {
    Comparator<Object[]> ascending = (a, b) -> 0;
    for (int column : plan.access().orderColumns()) {
      ascending = ascending.thenComparing((a, b) -> DynamoOrder.INSTANCE.compare(a[column], b[column]));
    }
    return plan.order().orElse(ReadPlan.Order.ASCENDING) == ReadPlan.Order.DESCENDING ? ascending.reversed() : ascending;
  }
}
