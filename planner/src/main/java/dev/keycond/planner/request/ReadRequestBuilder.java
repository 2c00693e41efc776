package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.codec.KeyValueLimits.KeyRole;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Lists;
import dev.keycond.planner.exec.ReadSettings;
import dev.keycond.planner.exec.RowCount;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.plan.KeyPart;
import dev.keycond.planner.plan.KeyValue;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.plan.SortCondition;
import dev.keycond.planner.rel.CollectionRead;
import dev.keycond.planner.rel.HierarchyWalk;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.schema.EntityTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the requests of a read plan. With parameter values it builds what execution sends; without
 * them (EXPLAIN of a prepared statement) it describes the markers instead.
 */
public final class ReadRequestBuilder {
  /** DynamoDB's limit on the keys of one BatchGetItem request. */
  public static final int BATCH_GET_LIMIT = 100;

  private final ReadPlan plan;
  private final ReadSettings settings;
  private final Optional<KeyValueBinder> binder;
  private final List<String> alsoProjected;
  // Fixed for the plan and binder, yet asked for by every request of a fan-out; computed once.
  private Boolean exact;
  private List<String> projectedAttributes;
  private final List<KeyCondition> queriedKeys = new ArrayList<>();

  /** @param parameters the statement's parameter values, or empty to describe the markers */
  public ReadRequestBuilder(ReadPlan plan, ReadSettings settings, Optional<List<Object>> parameters) {
    this(plan, settings, List.of(), parameters.map(KeyValueBinder::new));
  }

  /**
   * The requests of an item collection read for a join: the first table's key reads, fetching the
   * other tables' attributes too, since their rows come from the same items.
   */
  public static List<ReadRequest> collectionRequests(CollectionRead collection, ReadSettings settings,
      Optional<List<Object>> parameters) {
    Set<String> others = new LinkedHashSet<>();
    for (ReadPlan part : collection.parts().subList(1, collection.parts().size())) {
      others.addAll(new ReadRequestBuilder(part, settings, Optional.empty()).projectedAttributes());
    }
    return new ReadRequestBuilder(collection.part(0), settings, List.copyOf(others),
        parameters.map(KeyValueBinder::new)).build();
  }

  /** @param binder the values of the markers and of the outer row of a lookup join */
  public ReadRequestBuilder(ReadPlan plan, ReadSettings settings, KeyValueBinder binder) {
    this(plan, settings, List.of(), Optional.of(binder));
  }

  /** @param alsoProjected attributes to fetch besides the plan's own, for another table that shares the requests */
  private ReadRequestBuilder(ReadPlan plan, ReadSettings settings, List<String> alsoProjected,
      Optional<KeyValueBinder> binder) {
    this.plan = plan;
    this.settings = settings;
    this.binder = binder;
    this.alsoProjected = alsoProjected;
  }

  /**
   * The requests, one per distinct key condition once bound: parameters or outer values that
   * repeat a key value (IN (?, ?) set to one value twice) read it once. A key condition with a NULL
   * value matches no item and sends no request.
   */
  public List<ReadRequest> build() {
    AccessPath access = plan.access();
    if (access.isScan()) {
      return List.of(request(ReadRequest.Operation.SCAN, new Placeholders(), ImmutableList.of(), Optional.empty()));
    }
    if (plan.walk().filter(w -> w.direction() == HierarchyWalk.Direction.UP).isPresent()) {
      return itemRequests(ancestorKeys());
    }
    if (access.kind() == AccessPath.Kind.GET_ITEM) {
      return itemRequests(itemKeys());
    }
    List<ReadRequest> requests = new ArrayList<>();
    queriedKeys.clear();
    for (KeyCondition key : plan.access().keys()) {
      queryRequest(key).filter(request -> !requests.contains(request)).ifPresent(request -> {
        requests.add(request);
        queriedKeys.add(key);
      });
    }
    return requests;
  }

  /**
   * The key conditions of the Query requests the last {@link #build()} made, in the same order;
   * the others can match no item.
   */
  public List<KeyCondition> queriedKeys() {
    return List.copyOf(queriedKeys);
  }

  /**
   * The keys of an upward walk: each starting path and every prefix of it that ends with the
   * delimiter. Without parameter values (EXPLAIN), the starting keys stand for them.
   */
  private List<ImmutableMap<String, RequestValue>> ancestorKeys() {
    HierarchyWalk walk = plan.walk().orElseThrow();
    String pathColumn = plan.table().column(walk.pathColumn()).name();
    Set<ImmutableMap<String, RequestValue>> keys = new LinkedHashSet<>();
    for (KeyCondition start : plan.access().keys()) {
      Optional<Operand> path = slotOperand(start.sort().orElseThrow().low(), pathColumn);
      Object value = binder.isPresent() ? binder.get().valueOf(path.orElseThrow())
          : path.filter(p -> p instanceof Operand.Literal).map(p -> ((Operand.Literal) p).value()).orElse(null);
      List<KeyCondition> chain = new ArrayList<>();
      if (value instanceof String startPath) {
        for (String ancestor : HierarchyWalk.ancestors(startPath, walk.delimiter())) {
          chain.add(withSlot(start, pathColumn, new Operand.Literal(ancestor)));
        }
      }
      chain.add(start);
      for (KeyCondition key : chain) {
        itemKey(key).ifPresent(keys::add);
      }
    }
    return new ArrayList<>(keys);
  }

  /** The operand a key value puts into the slot of {@code column}. */
  public static Optional<Operand> slotOperand(KeyValue value, String column) {
    for (KeyPart part : value.parts()) {
      if (part instanceof KeyPart.Value v && v.column().name().equals(column)) {
        return Optional.of(v.operand());
      }
    }
    return Optional.empty();
  }

  private static KeyCondition withSlot(KeyCondition key, String column, Operand operand) {
    SortCondition sort = key.sort().orElseThrow();
    List<KeyPart> parts = new ArrayList<>();
    for (KeyPart part : sort.low().parts()) {
      parts.add(part instanceof KeyPart.Value v && v.column().name().equals(column)
          ? new KeyPart.Value(v.column(), v.slot(), operand, v.template(), v.role())
          : part);
    }
    KeyValue low = new KeyValue(sort.low().type(), ImmutableList.copyOf(parts), false);
    return new KeyCondition(key.partitionAttribute(), key.partitionValue(),
        Optional.of(new SortCondition(sort.attribute(), sort.op(), low, null)));
  }

  /** The distinct full keys of a GetItem plan; a key with a NULL value matches nothing and is left out. */
  public List<ImmutableMap<String, RequestValue>> itemKeys() {
    Set<ImmutableMap<String, RequestValue>> keys = new LinkedHashSet<>();
    for (KeyCondition key : plan.access().keys()) {
      itemKey(key).ifPresent(keys::add);
    }
    return new ArrayList<>(keys);
  }

  /** One GetItem for one key; BatchGetItem requests of up to 100 keys for more. */
  public List<ReadRequest> itemRequests(List<ImmutableMap<String, RequestValue>> keys) {
    if (keys.isEmpty()) {
      return List.of();
    }
    if (keys.size() == 1) {
      return List.of(request(ReadRequest.Operation.GET_ITEM, new Placeholders(), ImmutableList.of(keys.get(0)),
          Optional.empty()));
    }
    List<ReadRequest> requests = new ArrayList<>();
    for (List<ImmutableMap<String, RequestValue>> batch : Lists.partition(keys, BATCH_GET_LIMIT)) {
      requests.add(request(ReadRequest.Operation.BATCH_GET_ITEM, new Placeholders(), ImmutableList.copyOf(batch),
          Optional.empty()));
    }
    return requests;
  }

  private Optional<ImmutableMap<String, RequestValue>> itemKey(KeyCondition key) {
    Optional<RequestValue> partition = partitionValue(key);
    if (partition.isEmpty()) {
      return Optional.empty();
    }
    Map<String, RequestValue> itemKey = new LinkedHashMap<>();
    itemKey.put(key.partitionAttribute(), partition.get());
    if (key.sort().isPresent()) {
      Optional<RequestValue> sortValue = value(key.sort().get().low(), key.sort().get().attribute(), KeyRole.SORT)
          .filter(v -> !isEmptyText(v));
      if (sortValue.isEmpty()) {
        return Optional.empty();
      }
      itemKey.put(key.sort().get().attribute(), sortValue.get());
    }
    return Optional.of(ImmutableMap.copyOf(itemKey));
  }

  private Optional<ReadRequest> queryRequest(KeyCondition key) {
    Placeholders placeholders = new Placeholders();
    Optional<RequestValue> partition = partitionValue(key);
    if (partition.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder expression = new StringBuilder()
        .append(placeholders.name(key.partitionAttribute())).append(" = ").append(placeholders.value(partition.get()));
    if (key.sort().isPresent()) {
      Optional<Optional<String>> sort = sortExpression(key.sort().get(), placeholders);
      if (sort.isEmpty()) {
        return Optional.empty();
      }
      sort.get().ifPresent(condition -> expression.append(" AND ").append(condition));
    }
    return Optional.of(request(ReadRequest.Operation.QUERY, placeholders, ImmutableList.of(),
        Optional.of(expression.toString())));
  }

  /** The partition key's value; empty when it is NULL or empty, which no item's key is. */
  private Optional<RequestValue> partitionValue(KeyCondition key) {
    return value(key.partitionValue(), key.partitionAttribute(), KeyRole.PARTITION).filter(v -> !isEmptyText(v));
  }

  /**
   * The sort key part of a KeyConditionExpression: empty when no item can match, an empty
   * expression when every item does. Keys are never empty strings, so an empty text means a
   * prefix or lower bound that lets everything through, or an upper bound or value nothing meets;
   * a range whose ends are reversed meets nothing (and DynamoDB would reject it).
   */
  private Optional<Optional<String>> sortExpression(SortCondition sort, Placeholders placeholders) {
    Optional<RequestValue> low = value(sort.low(), sort.attribute(), KeyRole.SORT);
    Optional<RequestValue> high = sort.high() == null ? Optional.empty()
        : value(sort.high(), sort.attribute(), KeyRole.SORT);
    if (low.isEmpty() || sort.high() != null && high.isEmpty()) {
      return Optional.empty();
    }
    boolean lowEmpty = isEmptyText(low.get());
    // The name gets its placeholder only in an expression that uses it: DynamoDB rejects a request
    // whose ExpressionAttributeNames hold a name no expression uses.
    switch (sort.op()) {
      case BEGINS_WITH:
      case GE:
      case GT:
        return lowEmpty ? Optional.of(Optional.empty())
            : Optional.of(Optional.of(sort.op() == SortCondition.Op.BEGINS_WITH
                ? "begins_with(" + placeholders.name(sort.attribute()) + ", " + placeholders.value(low.get()) + ")"
                : placeholders.name(sort.attribute()) + " " + sort.op().symbol() + " " + placeholders.value(low.get())));
      case BETWEEN:
        if (isEmptyText(high.get()) || reversed(low.get(), high.get())) {
          return Optional.empty();
        }
        String name = placeholders.name(sort.attribute());
        return Optional.of(Optional.of(lowEmpty
            ? name + " <= " + placeholders.value(high.get())
            : name + " BETWEEN " + placeholders.value(low.get()) + " AND " + placeholders.value(high.get())));
      default:
        return lowEmpty ? Optional.empty()
            : Optional.of(Optional.of(placeholders.name(sort.attribute()) + " " + sort.op().symbol() + " "
                + placeholders.value(low.get())));
    }
  }

  private static boolean isEmptyText(RequestValue value) {
    return value instanceof RequestValue.Bound b && b.value().s() != null && b.value().s().isEmpty();
  }

  /** Whether a range's low end lies above its high end, in DynamoDB's order. */
  private static boolean reversed(RequestValue low, RequestValue high) {
    if (!(low instanceof RequestValue.Bound l) || !(high instanceof RequestValue.Bound h)) {
      return false;
    }
    AttributeValue a = l.value();
    AttributeValue b = h.value();
    if (a.s() != null && b.s() != null) {
      return DynamoOrder.compareStrings(a.s(), b.s()) > 0;
    }
    if (a.n() != null && b.n() != null) {
      return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n())) > 0;
    }
    if (a.b() != null && b.b() != null) {
      return DynamoOrder.compareBytes(a.b().asByteArray(), b.b().asByteArray()) > 0;
    }
    return false;
  }

  private ReadRequest request(ReadRequest.Operation operation, Placeholders placeholders,
      ImmutableList<ImmutableMap<String, RequestValue>> keys, Optional<String> keyCondition) {
    AccessPath access = plan.access();
    boolean itemRead = operation == ReadRequest.Operation.GET_ITEM || operation == ReadRequest.Operation.BATCH_GET_ITEM;
    // Overlapping reads would count an item once per read that finds it.
    boolean selectCount = plan.count() && exact() && !itemRead && !access.fetchFromTable() && !access.overlapping();
    // An index read that is followed by a fetch from the table only needs the table's keys.
    List<String> attributes = access.fetchFromTable() ? plan.table().ownKeyAttributes() : projectedAttributes();
    Optional<String> projection = selectCount ? Optional.empty() : projection(attributes, placeholders);
    boolean consistent = settings.consistentRead()
        && access.index().map(i -> i.supportsConsistentRead()).orElse(true);
    Optional<Integer> rowLimit = itemRead || access.fetchFromTable() ? Optional.empty() : pageLimit();
    Optional<Integer> limit = rowLimit;
    if (operation == ReadRequest.Operation.SCAN) {
      // Under scan=limit:N the first page reads at most N items.
      limit = settings.scanPolicy().pageLimit(limit, 0);
    }
    return new ReadRequest(
        operation,
        plan.table().source().name(),
        access.index().map(i -> i.name()),
        keys,
        keyCondition,
        Optional.empty(),
        projection,
        ImmutableMap.copyOf(placeholders.names()),
        ImmutableMap.copyOf(placeholders.values()),
        plan.order().map(o -> o == ReadPlan.Order.ASCENDING).orElse(true),
        limit,
        rowLimit.isPresent() && !exact(),
        selectCount,
        consistent);
  }

  /**
   * The BatchGetItem requests that fetch, from the table, the items whose keys an index read found
   * (for an index that lacks some of the needed columns); 100 keys a request.
   */
  public List<ReadRequest> fetchRequests(List<Map<String, AttributeValue>> keys) {
    List<ReadRequest> requests = new ArrayList<>();
    for (List<Map<String, AttributeValue>> batch : Lists.partition(keys, BATCH_GET_LIMIT)) {
      ImmutableList.Builder<ImmutableMap<String, RequestValue>> bound = ImmutableList.builder();
      for (Map<String, AttributeValue> key : batch) {
        ImmutableMap.Builder<String, RequestValue> values = ImmutableMap.builder();
        key.forEach((attribute, value) -> values.put(attribute, new RequestValue.Bound(value)));
        bound.add(values.build());
      }
      requests.add(fetchRequest(bound.build()));
    }
    return requests;
  }

  /** The fetch request as EXPLAIN shows it, before any key is known. */
  public ReadRequest fetchRequestTemplate() {
    return fetchRequest(ImmutableList.of());
  }

  private ReadRequest fetchRequest(ImmutableList<ImmutableMap<String, RequestValue>> keys) {
    Placeholders placeholders = new Placeholders();
    Optional<String> projection = projection(projectedAttributes(), placeholders);
    return new ReadRequest(ReadRequest.Operation.BATCH_GET_ITEM, plan.table().source().name(), Optional.empty(),
        keys, Optional.empty(), Optional.empty(), projection,
        ImmutableMap.copyOf(placeholders.names()), ImmutableMap.of(), true, Optional.empty(), false, false,
        settings.consistentRead());
  }

  /** The ProjectionExpression; none for a column holding the whole item, which needs every attribute. */
  private static Optional<String> projection(List<String> attributes, Placeholders placeholders) {
    if (attributes.isEmpty() || attributes.contains(Column.WHOLE_ITEM)) {
      return Optional.empty();
    }
    return Optional.of(attributes.stream().map(placeholders::name).collect(Collectors.joining(", ")));
  }

  private boolean exact() {
    if (exact == null) {
      exact = plan.isExact(binder);
    }
    return exact;
  }

  /**
   * DynamoDB's Limit, when the read returns every item it reads so that Limit items are Limit rows,
   * or when only items of other entities may be dropped: they are rare, so the first page is sent
   * with the Limit, and only the pages after a first page that lost some read unlimited.
   */
  private Optional<Integer> pageLimit() {
    if (plan.fetch().isEmpty() || plan.count() || !exact() && !plan.checksMembershipOnly(binder)) {
      return Optional.empty();
    }
    Optional<Long> fetch = number(plan.fetch().get());
    Optional<Long> offset = plan.offset().isPresent() ? number(plan.offset().get()) : Optional.of(0L);
    if (fetch.isEmpty() || offset.isEmpty()) {
      return Optional.empty();
    }
    long limit = fetch.get() + offset.get();
    return limit > 0 && limit <= Integer.MAX_VALUE ? Optional.of((int) limit) : Optional.empty();
  }

  /** A LIMIT or OFFSET; empty while a parameter has no value (EXPLAIN). */
  private Optional<Long> number(Operand operand) {
    if (operand instanceof Operand.Literal l) {
      return Optional.of(RowCount.of(l.value()));
    }
    return binder.map(b -> RowCount.of(b.valueOf(operand)));
  }

  /**
   * The attributes the read must fetch: those of the output columns and residual conditions, and
   * always the own key attributes, which decide whether an item belongs to the table.
   */
  public List<String> projectedAttributes() {
    if (projectedAttributes == null) {
      projectedAttributes = List.copyOf(attributesToProject());
    }
    return projectedAttributes;
  }

  private Set<String> attributesToProject() {
    EntityTable table = plan.table();
    Set<String> attributes = new LinkedHashSet<>(table.ownKeyAttributes());
    for (int column : neededColumns(plan)) {
      Column c = table.column(column);
      attributes.add(table.attributeOf(c));
    }
    attributes.addAll(alsoProjected);
    return attributes;
  }

  /**
   * The columns a read must decode: its output, what its residual conditions and its walk use, and
   * the order columns that a merge of its requests compares.
   */
  public static Set<Integer> neededColumns(ReadPlan plan) {
    Set<Integer> needed = new LinkedHashSet<>(plan.projection());
    if (plan.mergesInKeyOrder()) {
      needed.addAll(plan.access().orderColumns());
    }
    List<RexNode> checked = new ArrayList<>(plan.residual());
    plan.walk().ifPresent(walk -> {
      needed.add(walk.pathColumn());
      needed.add(walk.parentColumn());
      // Parent links stay inside a partition, so a walk tells partitions apart.
      needed.addAll(plan.table().partitionColumns());
      checked.addAll(walk.rootConditions());
      checked.addAll(walk.stepConditions());
    });
    for (RexNode condition : checked) {
      RelOptUtil.InputFinder.bits(condition).forEach(needed::add);
    }
    return needed;
  }

  /** The key value bound to an attribute value; empty when it is NULL and matches nothing. */
  private Optional<RequestValue> value(KeyValue key, String attribute, KeyRole role) {
    if (binder.isPresent() && binder.get().binds(key)) {
      return binder.get().bind(key, attribute, role).map(RequestValue.Bound::new);
    }
    if (key.isConstant()) {
      Optional<AttributeValue> bound = new KeyValueBinder(List.of()).bind(key, attribute, role);
      return Optional.of(bound.<RequestValue>map(RequestValue.Bound::new)
          .orElse(new RequestValue.Unbound("NULL")));
    }
    return Optional.of(new RequestValue.Unbound(describe(key)));
  }

  private static String describe(KeyValue key) {
    List<String> pieces = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (KeyPart part : key.parts()) {
      if (part instanceof KeyPart.Text t) {
        text.append(t.text());
        continue;
      }
      Operand operand = ((KeyPart.Value) part).operand();
      if (operand instanceof Operand.Literal l) {
        text.append(l.value());
        continue;
      }
      if (text.length() > 0) {
        pieces.add("'" + text + "'");
        text.setLength(0);
      }
      pieces.add(operand.toString());
    }
    if (text.length() > 0) {
      pieces.add("'" + text + "'");
    }
    String joined = String.join(" || ", pieces);
    return key.successor() ? "successor(" + joined + ")" : joined;
  }
}
