package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.codec.KeyValueLimits.KeyRole;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Lists;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.plan.RowCount;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.AccessPathPlanner;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.plan.KeyEquality;
import dev.keycond.planner.plan.KeyPart;
import dev.keycond.planner.plan.KeyValue;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.plan.SortCondition;
import dev.keycond.planner.rel.CollectionRead;
import dev.keycond.planner.rel.HierarchyWalk;
import dev.keycond.planner.rel.ReadPlan;
import java.math.BigDecimal;
import java.time.Instant;
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
 * them (EXPLAIN of a prepared statement) it describes the markers instead. A builder is immutable:
 * what it works out once for its plan and binder is fixed when it is made, and every request it
 * builds is a new value.
 */
public final class ReadRequestBuilder {
  private final ReadPlan plan;
  private final StatementSettings settings;
  private final Optional<KeyValueBinder> binder;
  /** Whether every item the key read finds is a row, with the binder's parameters. */
  private final boolean exact;
  /** What DynamoDB checks of the residual conditions and what the driver checks. */
  private final ReadFilter filter;
  /**
   * The attributes a Query, Scan or BatchGetItem fetches, in order: the table's key attributes
   * first, which tell its items apart. A GetItem leaves out the key it asks by ({@link #fetchedBesides}).
   */
  private final ImmutableList<String> projectedAttributes;
  /** The projected attributes the read needs for more than telling its items' keys. */
  private final ImmutableSet<String> neededAttributes;
  /** The requests built for each form of the values, kept for builders that share this one's filter. */
  private final Optional<RequestTemplates> templates;

  /** @param parameters the statement's parameter values, or empty to describe the markers */
  public ReadRequestBuilder(ReadPlan plan, StatementSettings settings, Optional<List<Object>> parameters) {
    this(plan, settings, List.of(), parameters.map(KeyValueBinder::new), true, Optional.empty());
  }

  /**
   * The requests of an item collection read for a join: the first table's key reads, fetching the
   * other tables' attributes too, since their rows come from the same items. They take no filter:
   * an item one table's conditions reject may be a row of another.
   */
  public static ReadRequests collectionRequests(CollectionRead collection, StatementSettings settings,
      Optional<List<Object>> parameters) {
    Set<String> others = new LinkedHashSet<>();
    for (ReadPlan part : collection.parts().subList(1, collection.parts().size())) {
      others.addAll(new ReadRequestBuilder(part, settings, List.of(), Optional.empty(), false, Optional.empty())
          .projectedAttributes());
    }
    return new ReadRequestBuilder(collection.part(0), settings, List.copyOf(others),
        parameters.map(KeyValueBinder::new), false, Optional.empty()).build();
  }

  /** @param binder the values of the markers and of the outer row of a lookup join */
  public ReadRequestBuilder(ReadPlan plan, StatementSettings settings, KeyValueBinder binder) {
    this(plan, settings, List.of(), Optional.of(binder), true, Optional.empty());
  }

  /**
   * A builder for {@code binder} that keeps the requests it builds, one for each form of the
   * values, for the builders {@link #rebind} makes from it. Only for values that leave the filter
   * as it is for this binder (see {@link ReadRequestTemplate}).
   */
  static ReadRequestBuilder keepingTemplates(ReadPlan plan, StatementSettings settings, KeyValueBinder binder) {
    return new ReadRequestBuilder(plan, settings, List.of(), Optional.of(binder), true,
        Optional.of(new RequestTemplates(plan.access().keys().size())));
  }

  /**
   * This builder for other values, for which the plan's filter, exactness and projection are the
   * same: what it worked out once (the filter, the projected attributes, the requests of each form)
   * is shared, and only the values are bound anew.
   */
  ReadRequestBuilder rebind(KeyValueBinder newBinder) {
    return new ReadRequestBuilder(this, newBinder);
  }

  private ReadRequestBuilder(ReadRequestBuilder shared, KeyValueBinder binder) {
    this.plan = shared.plan;
    this.settings = shared.settings;
    this.binder = Optional.of(binder);
    this.exact = shared.exact;
    this.filter = shared.filter;
    this.projectedAttributes = shared.projectedAttributes;
    this.neededAttributes = shared.neededAttributes;
    this.templates = shared.templates;
  }

  /**
   * @param alsoProjected attributes to fetch besides the plan's own, for another table that shares the requests
   * @param takesFilter whether the requests may carry a FilterExpression of the plan's conditions
   */
  private ReadRequestBuilder(ReadPlan plan, StatementSettings settings, List<String> alsoProjected,
      Optional<KeyValueBinder> binder, boolean takesFilter, Optional<RequestTemplates> templates) {
    this.plan = plan;
    this.templates = templates;
    this.settings = settings;
    this.binder = binder;
    this.exact = plan.isExact(binder);
    this.filter = ReadFilter.of(plan, settings, binder, takesFilter, Instant.now());
    Set<String> attributes = new LinkedHashSet<>();
    List<RexNode> checked = new ArrayList<>(filter.driverChecks());
    checked.addAll(filter.rechecks());
    for (int column : neededColumns(plan, checked)) {
      attributes.addAll(plan.table().attributesOf(plan.table().column(column)));
    }
    // What the key read expresses is checked again on what the read carries: an index that does not
    // carry a column's attribute gives the value of the key the item was found by, which meets it.
    for (RexNode recheck : plan.keyRechecks()) {
      RelOptUtil.InputFinder.bits(recheck).forEach(column -> plan.table().attributesOf(plan.table().column(column))
          .stream().filter(this::carried).forEach(attributes::add));
    }
    filter.expiryInDriver().ifPresent(ttl -> attributes.add(ttl.attribute()));
    // The driver tells the table's items from another entity's by its constants too.
    attributes.addAll(plan.table().mapping().constants().keySet());
    attributes.addAll(alsoProjected);
    this.neededAttributes = ImmutableSet.copyOf(attributes);
    Set<String> projected = new LinkedHashSet<>(plan.table().ownKeyAttributes());
    projected.addAll(attributes);
    this.projectedAttributes = ImmutableList.copyOf(projected);
  }

  /** Which residual conditions DynamoDB checks, and which the driver checks on the items it receives. */
  public ReadFilter filter() {
    return filter;
  }

  /**
   * The requests, one per distinct key condition once bound: parameters or outer values that
   * repeat a key value (IN (?, ?) set to one value twice) read it once. A key condition with a NULL
   * value matches no item and sends no request.
   */
  public ReadRequests build() {
    AccessPath access = plan.access();
    if (filter.matchesNothing()) {
      return new ReadRequests(ImmutableList.of(), ImmutableList.of());
    }
    if (access.isScan()) {
      return new ReadRequests(segments(scan()), ImmutableList.of());
    }
    if (plan.walk().filter(w -> w.direction() == HierarchyWalk.Direction.UP).isPresent()) {
      return new ReadRequests(itemRequests(ancestorKeys()), ImmutableList.of());
    }
    if (access.kind() == AccessPath.Kind.GET_ITEM) {
      return new ReadRequests(itemRequests(itemKeys()), ImmutableList.of());
    }
    List<KeyCondition> keys = plan.access().keys();
    if (keys.size() == 1) {
      // One key condition has no other to repeat: the request needs no hashing to be told apart.
      return query(0, keys.get(0)).map(q -> new ReadRequests(ImmutableList.of(q), ImmutableList.of(keys.get(0))))
          .orElseGet(() -> new ReadRequests(ImmutableList.of(), ImmutableList.of()));
    }
    // Parameters or outer values that repeat a key value (IN (?, ?) set to one value twice) read it once.
    Set<ReadRequest> requests = new LinkedHashSet<>();
    ImmutableList.Builder<KeyCondition> queried = ImmutableList.builder();
    for (int i = 0; i < keys.size(); i++) {
      KeyCondition key = keys.get(i);
      query(i, key).filter(requests::add).ifPresent(request -> queried.add(key));
    }
    return new ReadRequests(ImmutableList.copyOf(requests), queried.build());
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
    return key.withSort(Optional.of(new SortCondition(sort.attribute(), sort.op(), low, null)));
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
  public ImmutableList<ReadRequest> itemRequests(List<ImmutableMap<String, RequestValue>> keys) {
    if (keys.isEmpty()) {
      return ImmutableList.of();
    }
    if (keys.size() == 1) {
      return ImmutableList.of(itemRequest(keys.get(0)));
    }
    ImmutableList.Builder<ReadRequest> requests = ImmutableList.builder();
    for (List<ImmutableMap<String, RequestValue>> batch : Lists.partition(keys, BatchGetItem.MAX_KEYS)) {
      ImmutableList<ImmutableMap<String, RequestValue>> batchKeys = ImmutableList.copyOf(batch);
      requests.add(templates.isPresent() ? templates.get().batchGetItem(batchKeys, () -> batchGet(batchKeys))
          : batchGet(batchKeys));
    }
    return requests.build();
  }

  /** The GetItem of one key. */
  public GetItem itemRequest(ImmutableMap<String, RequestValue> key) {
    return templates.isPresent() ? templates.get().getItem(key, () -> getItem(key)) : getItem(key);
  }

  private GetItem getItem(ImmutableMap<String, RequestValue> key) {
    Placeholders placeholders = new Placeholders();
    Optional<String> projection = projection(fetchedBesides(key.keySet()), placeholders);
    return new GetItem(tableName(), key, projection, placeholders.attributes(), consistentRead());
  }

  /**
   * What a GetItem fetches: the projected attributes but those of the key it asks by that the read
   * projects only to tell its items' keys, which its item has as they were asked (the gateway puts
   * them back, {@link GetItem#withKey}): a smaller answer for DynamoDB to build and for the SDK to
   * parse. All of them when nothing else is projected: no ProjectionExpression would fetch the
   * whole item.
   */
  private List<String> fetchedBesides(Set<String> key) {
    List<String> fetched = projectedAttributes.stream()
        .filter(attribute -> !key.contains(attribute) || neededAttributes.contains(attribute)).toList();
    return fetched.isEmpty() ? projectedAttributes : fetched;
  }

  private BatchGetItem batchGet(ImmutableList<ImmutableMap<String, RequestValue>> keys) {
    Placeholders placeholders = new Placeholders();
    Optional<String> projection = projection(projectedAttributes, placeholders);
    return new BatchGetItem(tableName(), keys, projection, placeholders.attributes(), consistentRead());
  }

  private Optional<ImmutableMap<String, RequestValue>> itemKey(KeyCondition key) {
    Optional<List<RequestValue>> equalities = equalityValues(key);
    if (equalities.isEmpty()) {
      return Optional.empty();
    }
    Map<String, RequestValue> itemKey = new LinkedHashMap<>();
    List<KeyEquality> bound = equalities(key);
    for (int i = 0; i < bound.size(); i++) {
      itemKey.put(bound.get(i).attribute(), equalities.get().get(i));
    }
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

  /** The Query of the {@code index}th key condition; empty when its values match no item. */
  private Optional<Query> query(int index, KeyCondition key) {
    Optional<List<RequestValue>> equalities = equalityValues(key);
    if (equalities.isEmpty()) {
      return Optional.empty();
    }
    Optional<SortBound> sort = key.sort().isPresent() ? sortBound(key.sort().get())
        : Optional.of(new SortBound(SortBound.Form.EVERY_ITEM, ImmutableList.of()));
    if (sort.isEmpty()) {
      return Optional.empty();
    }
    Optional<Integer> limit = plan.access().fetchesByBatchGet() ? Optional.empty() : pageLimit();
    if (templates.isEmpty()) {
      return Optional.of(query(key, equalities.get(), sort.get(), limit));
    }
    List<RequestValue> keyValues = new ArrayList<>(equalities.get());
    keyValues.addAll(sort.get().values());
    return Optional.of(templates.get().query(new QueryForm(index, sort.get().form(), limit.isPresent()), keyValues,
        limit, () -> query(key, equalities.get(), sort.get(), limit)));
  }

  /**
   * The Query of a key condition with its values bound. Its key condition's values are the first
   * values it allocates, in the order {@link SortBound} lists them, which {@link RequestTemplates}
   * relies on to bind other values into it.
   */
  private Query query(KeyCondition key, List<RequestValue> equalityValues, SortBound sort, Optional<Integer> limit) {
    Placeholders placeholders = new Placeholders();
    List<String> conditions = new ArrayList<>();
    List<KeyEquality> equalities = equalities(key);
    for (int i = 0; i < equalities.size(); i++) {
      conditions.add(placeholders.name(equalities.get(i).attribute()) + " = "
          + placeholders.value(equalityValues.get(i)));
    }
    key.sort().flatMap(condition -> sortExpression(condition, sort, placeholders)).ifPresent(conditions::add);
    String expression = String.join(" AND ", conditions);
    AccessPath access = plan.access();
    // Overlapping reads would count an item once per read that finds it.
    Selection selection = selection(plan.count() && countable() && !access.overlapping());
    Optional<String> projection = selection == Selection.PROJECTED ? projection(readAttributes(), placeholders)
        : Optional.empty();
    Optional<String> filterExpression = filter.expression(placeholders);
    return new Query(tableName(), access.index().map(i -> i.name()), expression,
        filterExpression, projection, placeholders.attributes(),
        plan.order().map(o -> o == ReadPlan.Order.ASCENDING).orElse(true), limit,
        limit.isPresent() && !limitsEveryPage(), selection, consistentRead());
  }

  private Scan scan() {
    Placeholders placeholders = new Placeholders();
    Selection selection = selection(plan.count() && countable());
    Optional<String> projection = selection == Selection.PROJECTED ? projection(readAttributes(), placeholders)
        : Optional.empty();
    Optional<String> filterExpression = filter.expression(placeholders);
    Optional<Integer> rowLimit = plan.access().fetchesByBatchGet() ? Optional.empty() : pageLimit();
    // Under scan=limit:N the first page reads at most N items.
    return new Scan(tableName(), plan.access().index().map(i -> i.name()), filterExpression, projection,
        placeholders.attributes(), settings.scanPolicy().pageLimit(rowLimit, 0),
        rowLimit.isPresent() && !limitsEveryPage(), selection, consistentRead(), Optional.empty());
  }

  /**
   * The Scan as the segments of a parallel Scan, when {@code scanSegments} asks for them and the
   * read takes the whole table: a LIMIT would make every segment read up to its Limit, where one
   * Scan stops at the first rows.
   */
  private ImmutableList<ReadRequest> segments(Scan scan) {
    int total = settings.segmentsOfScan();
    if (total == 1 || plan.fetch().isPresent()) {
      return ImmutableList.of(scan);
    }
    ImmutableList.Builder<ReadRequest> segments = ImmutableList.builder();
    for (int i = 0; i < total; i++) {
      segments.add(scan.inSegment(new Scan.Segment(i, total)));
    }
    return segments.build();
  }

  /**
   * Select=COUNT when DynamoDB's count is the row count; whole items from a local index that
   * fetches what it lacks; else the projection.
   */
  private Selection selection(boolean selectCount) {
    if (selectCount && !plan.access().fetchesByBatchGet()) {
      return Selection.COUNT;
    }
    return plan.access().fetch() == AccessPath.TableFetch.IN_REQUEST ? Selection.ALL_ATTRIBUTES : Selection.PROJECTED;
  }

  /**
   * Whether every item a request returns is a row, so that DynamoDB's Count is the row count:
   * nothing is left for the driver to check but which table an item belongs to, and every item
   * the key reads belongs to this one. What a FilterExpression rejects, DynamoDB does not count.
   */
  private boolean countable() {
    return filter.driverChecksMembershipOnly() && plan.walk().isEmpty() && plan.access().membershipExact();
  }

  /**
   * Whether Limit items read are Limit rows on every page: nothing is dropped after the read, not
   * even an item of another entity or one whose time to live has passed.
   */
  private boolean limitsEveryPage() {
    return exact && plan.table().source().timeToLive().filter(ttl -> !settings.showExpiredItems()).isEmpty();
  }

  private String tableName() {
    return plan.table().source().name();
  }

  /** Whether the items the read returns carry the attribute: any of the table's, unless an index alone is read. */
  private boolean carried(String attribute) {
    return plan.access().fetch() != AccessPath.TableFetch.NONE
        || plan.access().index().map(i -> AccessPathPlanner.carries(plan.table(), i, attribute)).orElse(true);
  }

  /** An index read that is followed by a fetch from the table only needs the table's keys. */
  private List<String> readAttributes() {
    return plan.access().fetchesByBatchGet() ? plan.table().ownKeyAttributes() : projectedAttributes;
  }

  private boolean consistentRead() {
    return settings.consistentRead() && plan.access().index().map(i -> i.supportsConsistentRead()).orElse(true);
  }

  /**
   * The values of the key condition's equalities, in the order of {@link #equalities}; empty when
   * one of them is NULL or empty, which no item's key is.
   */
  private Optional<List<RequestValue>> equalityValues(KeyCondition key) {
    List<RequestValue> values = new ArrayList<>();
    List<KeyEquality> equalities = equalities(key);
    for (int i = 0; i < equalities.size(); i++) {
      KeyEquality equality = equalities.get(i);
      KeyRole role = i < key.partition().size() ? KeyRole.PARTITION : KeyRole.SORT;
      Optional<RequestValue> value = value(equality.value(), equality.attribute(), role).filter(v -> !isEmptyText(v));
      if (value.isEmpty()) {
        return Optional.empty();
      }
      values.add(value.get());
    }
    return Optional.of(values);
  }

  /** The key condition's equalities: every partition key attribute's, then the leading sort key attributes'. */
  private static List<KeyEquality> equalities(KeyCondition key) {
    List<KeyEquality> equalities = new ArrayList<>(key.partition());
    equalities.addAll(key.sortEqualities());
    return equalities;
  }

  /**
   * The sort key condition with its values bound: empty when no item can match, of the form
   * {@link SortBound.Form#EVERY_ITEM} when every item does. Keys are never empty strings, so an
   * empty text means a prefix or lower bound that lets everything through, or an upper bound or
   * value nothing meets; a range whose ends are reversed meets nothing (and DynamoDB would reject it).
   */
  private Optional<SortBound> sortBound(SortCondition sort) {
    Optional<RequestValue> low = value(sort.low(), sort.attribute(), KeyRole.SORT);
    Optional<RequestValue> high = sort.high() == null ? Optional.empty()
        : value(sort.high(), sort.attribute(), KeyRole.SORT);
    if (low.isEmpty() || sort.high() != null && high.isEmpty()) {
      return Optional.empty();
    }
    boolean lowEmpty = isEmptyText(low.get());
    switch (sort.op()) {
      case BEGINS_WITH:
      case GE:
      case GT:
        return Optional.of(lowEmpty ? new SortBound(SortBound.Form.EVERY_ITEM, ImmutableList.of())
            : new SortBound(sort.op() == SortCondition.Op.BEGINS_WITH ? SortBound.Form.BEGINS_WITH
                : SortBound.Form.COMPARE, ImmutableList.of(low.get())));
      case BETWEEN:
        if (isEmptyText(high.get()) || reversed(low.get(), high.get())) {
          return Optional.empty();
        }
        return Optional.of(lowEmpty ? new SortBound(SortBound.Form.AT_MOST, ImmutableList.of(high.get()))
            : new SortBound(SortBound.Form.BETWEEN, ImmutableList.of(low.get(), high.get())));
      default:
        return lowEmpty ? Optional.empty()
            : Optional.of(new SortBound(SortBound.Form.COMPARE, ImmutableList.of(low.get())));
    }
  }

  /**
   * The sort key part of a KeyConditionExpression, its values allocated in the order
   * {@link SortBound} lists them; none when every item meets it. The attribute's placeholder is
   * allocated only for an expression that uses it: a request must carry no name its expressions
   * leave unused.
   */
  private static Optional<String> sortExpression(SortCondition sort, SortBound bound, Placeholders placeholders) {
    List<RequestValue> values = bound.values();
    switch (bound.form()) {
      case EVERY_ITEM:
        return Optional.empty();
      case BEGINS_WITH:
        return Optional.of("begins_with(" + placeholders.name(sort.attribute()) + ", "
            + placeholders.value(values.get(0)) + ")");
      case COMPARE:
        return Optional.of(placeholders.name(sort.attribute()) + " " + sort.op().symbol() + " "
            + placeholders.value(values.get(0)));
      case AT_MOST:
        return Optional.of(placeholders.name(sort.attribute()) + " <= " + placeholders.value(values.get(0)));
      default:
        return Optional.of(placeholders.name(sort.attribute()) + " BETWEEN " + placeholders.value(values.get(0))
            + " AND " + placeholders.value(values.get(1)));
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

  /**
   * The BatchGetItem requests that fetch, from the table, the items whose keys an index read found
   * (for an index that lacks some of the needed columns); 100 keys a request.
   */
  public List<BatchGetItem> fetchRequests(List<Map<String, AttributeValue>> keys) {
    List<BatchGetItem> requests = new ArrayList<>();
    for (List<Map<String, AttributeValue>> batch : Lists.partition(keys, BatchGetItem.MAX_KEYS)) {
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
  public BatchGetItem fetchRequestTemplate() {
    return fetchRequest(ImmutableList.of());
  }

  /** Strongly consistent when asked for: the fetch reads the table, whatever the index could do. */
  private BatchGetItem fetchRequest(ImmutableList<ImmutableMap<String, RequestValue>> keys) {
    Placeholders placeholders = new Placeholders();
    Optional<String> projection = projection(projectedAttributes, placeholders);
    return new BatchGetItem(tableName(), keys, projection, placeholders.attributes(), settings.consistentRead());
  }

  /** The ProjectionExpression; none for a column holding the whole item, which needs every attribute. */
  private static Optional<String> projection(List<String> attributes, Placeholders placeholders) {
    if (attributes.isEmpty() || attributes.contains(Column.WHOLE_ITEM)) {
      return Optional.empty();
    }
    return Optional.of(attributes.stream().map(placeholders::name).collect(Collectors.joining(", ")));
  }

  /**
   * DynamoDB's Limit, when the read returns every item it reads so that Limit items are Limit rows,
   * or when only items of other entities, or items whose time to live has passed, may be dropped:
   * they are rare, so the first page is sent with the Limit, and only the pages after a first page
   * that lost some read unlimited. A read with residual conditions sends none, whether DynamoDB's
   * filter or the driver checks them: DynamoDB's Limit counts the items it reads, before its filter.
   */
  private Optional<Integer> pageLimit() {
    if (plan.fetch().isEmpty() || plan.count() || !plan.checksMembershipOnly(binder)) {
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
    return projectedAttributes;
  }

  /**
   * The columns a read may decode: its output, what its residual conditions and its walk use, and
   * the order columns that a merge of its requests compares.
   */
  public static Set<Integer> neededColumns(ReadPlan plan) {
    return neededColumns(plan, plan.residual());
  }

  /**
   * The columns a read decodes: {@link #neededColumns(ReadPlan)}, and those of the conditions its key
   * expresses that the driver checks again, from what the read carries.
   */
  public static Set<Integer> decodedColumns(ReadPlan plan) {
    Set<Integer> decoded = neededColumns(plan);
    plan.keyRechecks().forEach(c -> RelOptUtil.InputFinder.bits(c).forEach(decoded::add));
    return decoded;
  }

  /** The columns a read must fetch when the driver checks {@code driverChecks} of its residual conditions. */
  private static Set<Integer> neededColumns(ReadPlan plan, List<RexNode> driverChecks) {
    Set<Integer> needed = new LinkedHashSet<>(plan.projection());
    if (plan.mergesInKeyOrder()) {
      needed.addAll(plan.access().orderColumns());
    }
    List<RexNode> checked = new ArrayList<>(driverChecks);
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
