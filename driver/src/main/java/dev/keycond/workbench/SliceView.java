package dev.keycond.workbench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.explain.RequestJson;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * The slice of one partition that a statement's Query reads, drawn from key reads only: the items
 * its key condition selects (at most {@value #MOST_IN_SLICE}), whether the statement read each
 * one (its Limit), whether its FilterExpression dropped it, whether a condition the driver checks
 * itself rejected it as the statement ran, up to {@value #WINDOW} items on
 * each side of the slice, and how many items lie beyond those. Each item is tagged with the SQL
 * table whose key templates it fits. Every read is a Query of that one partition, listed with
 * what it cost apart from the statement's requests; none is a Scan.
 */
final class SliceView {
  static final int WINDOW = 5;
  static final int MOST_IN_SLICE = 100;
  /** Pages a count of the items beyond the window follows before it says "at least". */
  private static final int COUNT_PAGES = 10;

  private static final Pattern KEY_CONDITION = Pattern.compile("(#\\w+) = (:\\w+)(?: AND (.+))?");
  private static final Pattern BEGINS_WITH = Pattern.compile("begins_with\\((#\\w+), (:\\w+)\\)");
  private static final Pattern BETWEEN = Pattern.compile("(#\\w+) BETWEEN (:\\w+) AND (:\\w+)");
  private static final Pattern COMPARISON = Pattern.compile("(#\\w+) (=|<=|<|>=|>) (:\\w+)");
  private static final Pattern NAME = Pattern.compile("#\\w+");
  /** One term of a key condition: {@code begins_with(#n, :v)}, or {@code #n op :v [AND :w]}. */
  private static final Pattern TERM = Pattern.compile(
      "begins_with\\((#\\w+), :\\w+\\)|(#\\w+) (BETWEEN|=|<=|<|>=|>) (:\\w+)(?: AND :\\w+(?=$| AND))?");
  private static final Pattern VALUE = Pattern.compile(":\\w+");
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Sends one of the view's key reads. */
  @FunctionalInterface
  interface KeyReader {
    QueryResponse read(QueryRequest query) throws SQLException;
  }

  /**
   * How the view reads and what it knows of the statement's run.
   *
   * @param rejectedByDriver the table keys of the items the statement's requests returned that the
   *     driver's own checks then rejected, as it ran (empty when it has not run)
   * @param keyReads where each key read the view sends is listed, with its cost
   */
  record Reads(KeyReader reader, Set<Map<String, AttributeValue>> rejectedByDriver, ArrayNode keyReads) {
    Reads {
      rejectedByDriver = Set.copyOf(rejectedByDriver);
    }
  }

  /** The sort key condition: {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN} or {@code begins_with}. */
  private record SortCondition(String operator, List<String> values) {}

  private final QueryRequest statement;
  private final Reads reads;
  private final Map<String, String> names = new HashMap<>();
  private final Map<String, AttributeValue> values = new HashMap<>();
  private final List<String> tableKeys;
  /** The placeholders of the read key's attributes in the view's own reads; no range name for a key of one attribute. */
  private final String hashName;
  private final String rangeName;
  private final String projection;
  /** The attributes whose values, in this order, are an item's place in the partition. */
  private final List<String> sortAttributes;
  /** The keys a GetItem or BatchGetItem asks for, which are what it reads; empty for a Query. */
  private final Optional<Set<Map<String, AttributeValue>>> requested;

  private SliceView(QueryRequest statement, Optional<Set<Map<String, AttributeValue>>> requested, SourceTable source,
      KeySchema keys, Reads reads) {
    this.statement = statement;
    this.requested = requested;
    this.reads = reads;
    names.putAll(statement.expressionAttributeNames());
    values.putAll(statement.expressionAttributeValues());
    Set<String> attributes = new LinkedHashSet<>(source.keys().attributes());
    attributes.addAll(keys.attributes());
    List<String> placeholders = new ArrayList<>();
    for (String attribute : attributes) {
      String name = "#k" + placeholders.size();
      names.put(name, attribute);
      placeholders.add(name);
    }
    this.tableKeys = source.keys().attributes();
    List<String> ordered = List.copyOf(attributes);
    // A key of several attributes has no one attribute to read beside the slice by: the view draws its slice only.
    this.hashName = keys.isMultiAttribute() ? "" : placeholders.get(ordered.indexOf(keys.hashAttribute()));
    this.rangeName = keys.isMultiAttribute() ? ""
        : keys.rangeAttribute().map(range -> placeholders.get(ordered.indexOf(range))).orElse("");
    this.sortAttributes = keys.sortAttributes();
    this.projection = String.join(", ", placeholders);
  }

  /** The slice a Query of a statement reads, or why the view cannot draw it. */
  static ObjectNode of(QueryRequest query, KeycondSchema schema, Reads reads) throws SQLException {
    return of(query, Optional.empty(), schema, reads).put("operation", "Query");
  }

  /**
   * The partitions the keys of a GetItem or a BatchGetItem fall in, one slice each: the items from
   * the smallest to the largest key asked for in that partition, those asked for highlighted.
   */
  static List<ObjectNode> ofKeys(String operation, String table, List<Map<String, AttributeValue>> keys,
      boolean consistentRead, KeycondSchema schema, Reads reads) throws SQLException {
    Optional<SourceTable> source = source(schema, table);
    if (source.isEmpty()) {
      return List.of(NODES.objectNode().put("operation", operation).put("table", table)
          .put("notDrawn", "the workbench does not know table '" + table + "'"));
    }
    String hash = source.get().keys().hashAttribute();
    Optional<String> range = source.get().keys().rangeAttribute();
    Map<AttributeValue, List<Map<String, AttributeValue>>> partitions = new LinkedHashMap<>();
    keys.forEach(key -> partitions.computeIfAbsent(key.get(hash), p -> new ArrayList<>()).add(key));
    List<ObjectNode> slices = new ArrayList<>();
    for (Map.Entry<AttributeValue, List<Map<String, AttributeValue>>> partition : partitions.entrySet()) {
      Map<String, String> names = new LinkedHashMap<>(Map.of("#s0", hash));
      Map<String, AttributeValue> values = new LinkedHashMap<>(Map.of(":s0", partition.getKey()));
      String condition = "#s0 = :s0";
      if (range.isPresent()) {
        List<AttributeValue> sorts = partition.getValue().stream().map(key -> key.get(range.get()))
            .sorted(SliceView::compare).toList();
        names.put("#s1", range.get());
        values.put(":s1", sorts.get(0));
        values.put(":s2", sorts.get(sorts.size() - 1));
        condition += " AND #s1 BETWEEN :s1 AND :s2";
      }
      QueryRequest query = QueryRequest.builder().tableName(table).keyConditionExpression(condition)
          .expressionAttributeNames(names).expressionAttributeValues(values).consistentRead(consistentRead).build();
      slices.add(of(query, Optional.of(Set.copyOf(partition.getValue())), schema, reads)
          .put("operation", operation));
    }
    return slices;
  }

  private static Optional<SourceTable> source(KeycondSchema schema, String table) {
    return schema.mappedTables().stream().map(EntityTable::source).filter(s -> s.name().equals(table)).findFirst()
        .or(() -> schema.table(table).map(EntityTable::source));
  }

  /** DynamoDB's order of two key values of one attribute. */
  private static int compare(AttributeValue a, AttributeValue b) {
    if (a.s() != null) {
      return DynamoOrder.compareStrings(a.s(), b.s());
    }
    if (a.n() != null) {
      return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
    }
    return DynamoOrder.compareBytes(a.b().asByteArray(), b.b().asByteArray());
  }

  private static ObjectNode of(QueryRequest query, Optional<Set<Map<String, AttributeValue>>> requested,
      KeycondSchema schema, Reads reads) throws SQLException {
    ObjectNode slice = NODES.objectNode().put("table", query.tableName());
    Optional.ofNullable(query.indexName()).ifPresent(index -> slice.put("index", index));
    Optional<SourceTable> source = source(schema, query.tableName());
    if (source.isEmpty()) {
      return slice.put("notDrawn", "the workbench does not know table '" + query.tableName() + "'");
    }
    KeySchema keys = Optional.ofNullable(query.indexName()).flatMap(source.get()::index).map(SourceIndex::keys)
        .orElse(source.get().keys());
    if (keys.isMultiAttribute()) {
      return ofSeveralAttributes(slice, query, requested, schema, source.get(), keys, reads);
    }
    Matcher condition = KEY_CONDITION.matcher(query.keyConditionExpression());
    if (!condition.matches()) {
      return slice.put("notDrawn", "the view draws a key condition on one partition key attribute only");
    }
    Optional<SortCondition> sort = Optional.ofNullable(condition.group(3)).map(SliceView::sortCondition);
    if (sort.isPresent() && sort.get().operator().isEmpty()) {
      return slice.put("notDrawn", "the view does not draw the sort key condition " + condition.group(3));
    }
    SliceView view = new SliceView(query, requested, source.get(), keys, reads);
    AttributeValue partition = query.expressionAttributeValues().get(condition.group(2));
    slice.put("partitionKey", keys.hashAttribute()).put("partition", text(partition));
    keys.rangeAttribute().ifPresent(range -> slice.put("sortKey", range));
    slice.put("condition", query.keyConditionExpression());
    Optional.ofNullable(query.filterExpression()).ifPresent(filter -> slice.put("filterExpression", filter));
    sort.ifPresent(s -> slice.put("sortCondition", keys.rangeAttribute().orElse("") + " " + s.operator() + " "
        + String.join(" AND ", s.values().stream().map(v -> '"' + text(query.expressionAttributeValues().get(v)) + '"')
            .toList())));
    view.values.put(":p", partition);
    view.draw(slice, schema, sort);
    return slice;
  }

  /**
   * The slice of a Query on an index keyed on several attributes: its items in the order of the
   * sort attributes (DynamoDB's order, as the key read returns them) and the key condition's bounds
   * on them, without the items beside the slice.
   */
  private static ObjectNode ofSeveralAttributes(ObjectNode slice, QueryRequest query,
      Optional<Set<Map<String, AttributeValue>>> requested, KeycondSchema schema, SourceTable source, KeySchema keys,
      Reads reads) throws SQLException {
    Map<String, String> partition = new LinkedHashMap<>();
    List<String> sortBounds = new ArrayList<>();
    Matcher term = TERM.matcher(query.keyConditionExpression());
    while (term.find()) {
      String attribute = query.expressionAttributeNames().get(term.group(1) == null ? term.group(2) : term.group(1));
      String text = substituted(term.group(), query);
      if (keys.isPartitionAttribute(attribute) && term.group(1) == null && term.group(3).equals("=")) {
        partition.put(attribute, text(query.expressionAttributeValues().get(term.group(4))));
      } else {
        sortBounds.add(text);
      }
    }
    slice.put("partitionKey", String.join(" + ", partition.keySet()))
        .put("partition", String.join("\" + \"", partition.values()))
        .put("sortKey", String.join(" + ", keys.sortAttributes())).put("condition", query.keyConditionExpression())
        .put("windowNotDrawn", "the view reads no items beside the slice of a key of several attributes");
    if (!sortBounds.isEmpty()) {
      slice.put("sortCondition", String.join(" AND ", sortBounds));
    }
    Optional.ofNullable(query.filterExpression()).ifPresent(filter -> slice.put("filterExpression", filter));
    new SliceView(query, requested, source, keys, reads).draw(slice, schema, Optional.empty());
    return slice;
  }

  /** A term of a key condition with its names and values written out, as the page shows it. */
  private static String substituted(String term, QueryRequest query) {
    String named = NAME.matcher(term).replaceAll(name -> Matcher.quoteReplacement(
        query.expressionAttributeNames().get(name.group())));
    return VALUE.matcher(named).replaceAll(value -> Matcher.quoteReplacement(
        '"' + text(query.expressionAttributeValues().get(value.group())) + '"'));
  }

  private static SortCondition sortCondition(String text) {
    Matcher begins = BEGINS_WITH.matcher(text);
    if (begins.matches()) {
      return new SortCondition("begins_with", List.of(begins.group(2)));
    }
    Matcher between = BETWEEN.matcher(text);
    if (between.matches()) {
      return new SortCondition("BETWEEN", List.of(between.group(2), between.group(3)));
    }
    Matcher comparison = COMPARISON.matcher(text);
    if (comparison.matches()) {
      return new SortCondition(comparison.group(2), List.of(comparison.group(3)));
    }
    return new SortCondition("", List.of());
  }

  private void draw(ObjectNode slice, KeycondSchema schema, Optional<SortCondition> sort) throws SQLException {
    String partition = hashName + " = :p";
    List<Map<String, AttributeValue>> inside =
        items("the slice: the statement's key condition", statement.keyConditionExpression(), Optional.empty(), true,
            MOST_IN_SLICE + 1);
    boolean truncated = inside.size() > MOST_IN_SLICE;
    inside = inside.subList(0, Math.min(inside.size(), MOST_IN_SLICE));
    Set<Map<String, AttributeValue>> kept = kept(inside);
    Set<Map<String, AttributeValue>> read = read(inside);

    List<Map<String, AttributeValue>> before = List.of();
    List<Map<String, AttributeValue>> after = List.of();
    if (!rangeName.isEmpty()) {
      Optional<String> below = inside.isEmpty() ? sort.flatMap(this::belowEmpty) : Optional.of(rangeName + " < :first");
      Optional<String> above = truncated ? Optional.empty()
          : inside.isEmpty() ? sort.flatMap(this::aboveEmpty) : Optional.of(rangeName + " > :last");
      if (!inside.isEmpty()) {
        values.put(":first", inside.get(0).get(names.get(rangeName)));
        values.put(":last", inside.get(inside.size() - 1).get(names.get(rangeName)));
      }
      if (below.isPresent()) {
        before = new ArrayList<>(items("items before the slice", partition + " AND " + below.get(), Optional.empty(),
            false, WINDOW));
        Collections.reverse(before);
      }
      if (above.isPresent()) {
        after = items("items after the slice", partition + " AND " + above.get(), Optional.empty(), true, WINDOW);
      }
      slice.put("countBefore", 0).put("countBeforeComplete", true).put("countAfter", 0).put("countAfterComplete", true);
      if (before.size() == WINDOW) {
        count(slice, "countBefore", "items before the window", partition, "<", before.get(0));
      }
      if (after.size() == WINDOW) {
        count(slice, "countAfter", "items after the window", partition, ">", after.get(after.size() - 1));
      }
    }
    Set<Map<String, AttributeValue>> returned = read.stream().filter(kept::contains).collect(Collectors.toSet());
    slice.put("truncated", truncated).put("readCount", read.size()).put("returnedCount", returned.size())
        .put("rejectedByDriverCount", returned.stream().filter(reads.rejectedByDriver()::contains).count());
    ArrayNode items = slice.putArray("items");
    List<EntityTable> entities = schema.mappedTables().stream()
        .filter(t -> t.source().name().equals(statement.tableName())).toList();
    before.forEach(item -> add(items, item, "before", entities, false, false, false));
    for (Map<String, AttributeValue> item : inside) {
      Map<String, AttributeValue> key = tableKey(item);
      add(items, item, "slice", entities, read.contains(key), read.contains(key) && !kept.contains(key),
          returned.contains(key) && reads.rejectedByDriver().contains(key));
    }
    after.forEach(item -> add(items, item, "after", entities, false, false, false));
  }

  /** The items of the slice the statement's FilterExpression keeps: all of them when it has none. */
  private Set<Map<String, AttributeValue>> kept(List<Map<String, AttributeValue>> inside) throws SQLException {
    if (statement.filterExpression() == null) {
      return inside.stream().map(this::tableKey).collect(Collectors.toSet());
    }
    return items("the slice through the statement's FilterExpression", statement.keyConditionExpression(),
        Optional.of(statement.filterExpression()), true, MOST_IN_SLICE + 1)
        .stream().map(this::tableKey).collect(Collectors.toSet());
  }

  /**
   * The items of the slice the statement reads: those of its key condition in its direction, cut to
   * its Limit; of a GetItem or BatchGetItem, the keys it asks for.
   */
  private Set<Map<String, AttributeValue>> read(List<Map<String, AttributeValue>> inside) {
    List<Map<String, AttributeValue>> inOrder = new ArrayList<>(inside);
    if (Boolean.FALSE.equals(statement.scanIndexForward())) {
      Collections.reverse(inOrder);
    }
    int limit = statement.limit() == null ? inOrder.size() : Math.min(statement.limit(), inOrder.size());
    return inOrder.subList(0, limit).stream().map(this::tableKey)
        .filter(key -> requested.map(keys -> keys.contains(key)).orElse(true)).collect(Collectors.toSet());
  }

  /** Below a slice that holds no item: what lies under its lower bound, if it has one. */
  private Optional<String> belowEmpty(SortCondition sort) {
    values.put(":b", statement.expressionAttributeValues().get(sort.values().get(0)));
    return switch (sort.operator()) {
      case "=", ">=", "BETWEEN", "begins_with" -> Optional.of(rangeName + " < :b");
      case ">" -> Optional.of(rangeName + " <= :b");
      default -> Optional.empty();
    };
  }

  /** Above a slice that holds no item: what lies over its upper bound, if it has one. */
  private Optional<String> aboveEmpty(SortCondition sort) {
    values.put(":c", statement.expressionAttributeValues().get(sort.values().get(sort.values().size() - 1)));
    return switch (sort.operator()) {
      case "=", "<=", "BETWEEN", "begins_with" -> Optional.of(rangeName + " > :c");
      case "<" -> Optional.of(rangeName + " >= :c");
      default -> Optional.empty();
    };
  }

  private void add(ArrayNode items, Map<String, AttributeValue> item, String zone, List<EntityTable> entities,
      boolean read, boolean filtered, boolean rejectedByDriver) {
    ObjectNode node = items.addObject().put("zone", zone).put("read", read).put("filtered", filtered)
        .put("rejectedByDriver", rejectedByDriver);
    ObjectNode keys = node.putObject("keys");
    item.forEach((attribute, value) -> keys.put(attribute, text(value)));
    if (!sortAttributes.isEmpty()) {
      node.put("sort", String.join(" | ", sortAttributes.stream().map(attribute -> text(item.get(attribute))).toList()));
    }
    entities.stream().filter(entity -> fits(entity, item)).findFirst()
        .ifPresentOrElse(entity -> node.put("entity", entity.name()), () -> node.putNull("entity"));
  }

  /** Whether an item's own key attributes have the shapes of a SQL table's key templates. */
  private static boolean fits(EntityTable entity, Map<String, AttributeValue> item) {
    return entity.ownKeyAttributes().stream().allMatch(attribute -> item.containsKey(attribute)
        && entity.template(attribute).decode(text(item.get(attribute))).isPresent());
  }

  private Map<String, AttributeValue> tableKey(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    tableKeys.forEach(attribute -> key.put(attribute, item.get(attribute)));
    return key;
  }

  private List<Map<String, AttributeValue>> items(String purpose, String keyCondition, Optional<String> filter,
      boolean forward, int limit) throws SQLException {
    QueryRequest.Builder query = builder(keyCondition, filter, projection).scanIndexForward(forward).limit(limit);
    QueryResponse response = send(purpose, query.build());
    return response.items();
  }

  /**
   * Puts how many items of the partition lie beyond {@code edge} ({@code op} is {@code <} or
   * {@code >}) under {@code field}, and under {@code field + "Complete"} whether that is all of them:
   * the count follows at most {@value #COUNT_PAGES} pages.
   */
  private void count(ObjectNode slice, String field, String purpose, String partition, String op,
      Map<String, AttributeValue> edge) throws SQLException {
    values.put(":edge", edge.get(names.get(rangeName)));
    long count = 0;
    Map<String, AttributeValue> start = null;
    boolean complete = false;
    for (int page = 0; page < COUNT_PAGES && !complete; page++) {
      QueryRequest.Builder query = builder(partition + " AND " + rangeName + " " + op + " :edge", Optional.empty(), "")
          .select(Select.COUNT).exclusiveStartKey(start);
      QueryResponse response = send(purpose, query.build());
      count += response.count();
      start = response.lastEvaluatedKey();
      complete = !response.hasLastEvaluatedKey() || start.isEmpty();
    }
    slice.put(field, count).put(field + "Complete", complete);
  }

  private QueryRequest.Builder builder(String keyCondition, Optional<String> filter, String projection) {
    String expressions = keyCondition + " " + filter.orElse("") + " " + projection;
    Map<String, String> usedNames = new LinkedHashMap<>();
    Matcher name = NAME.matcher(expressions);
    while (name.find()) {
      usedNames.put(name.group(), names.get(name.group()));
    }
    Map<String, AttributeValue> usedValues = new LinkedHashMap<>();
    Matcher value = VALUE.matcher(expressions);
    while (value.find()) {
      usedValues.put(value.group(), values.get(value.group()));
    }
    QueryRequest.Builder query = QueryRequest.builder().tableName(statement.tableName())
        .indexName(statement.indexName()).consistentRead(statement.consistentRead())
        .keyConditionExpression(keyCondition).expressionAttributeNames(usedNames)
        .expressionAttributeValues(usedValues).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
    filter.ifPresent(query::filterExpression);
    if (!projection.isEmpty()) {
      query.projectionExpression(projection);
    }
    return query;
  }

  private QueryResponse send(String purpose, QueryRequest query) throws SQLException {
    QueryResponse response = reads.reader().read(query);
    reads.keyReads().addObject().put("purpose", purpose).put("operation", "Query").put("json", RequestJson.of(query))
        .put("items", response.count()).put("scanned", response.scannedCount())
        .put("rcu", response.consumedCapacity() == null ? 0 : response.consumedCapacity().capacityUnits());
    return response;
  }

  /** A key value as the page shows it: a string as it is, a number's digits, a binary value in base64. */
  static String text(AttributeValue value) {
    if (value == null) {
      return "";
    }
    if (value.s() != null) {
      return value.s();
    }
    if (value.n() != null) {
      return value.n();
    }
    return value.b() == null ? value.toString() : Base64.getEncoder().encodeToString(value.b().asByteArray());
  }
}
