package dev.keycond.planner.explain;

import dev.keycond.planner.exec.read.FanOut;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.Constant;
import dev.keycond.planner.mapping.Sharding;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.plan.ExpressionFormatter;
import dev.keycond.planner.plan.KeyPart;
import dev.keycond.planner.plan.ServerConditions;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.DynamoRequest;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.settings.ExplainForm;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.AccessPathPlanner;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.ReadFilter;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.plan.ParameterText;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.CollectionRead;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.DynamoWrite;
import dev.keycond.planner.request.WriteActions;
import dev.keycond.planner.request.WriteRequest;
import dev.keycond.planner.write.WritePlan;
import dev.keycond.planner.rel.KeycondRelVisitor;
import dev.keycond.planner.rel.HierarchyWalk;
import dev.keycond.planner.rel.LookupJoin;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * Writes EXPLAIN output: every DynamoDB request the statement sends, and every step the driver
 * does itself, as an indented tree from the result down to the reads; under each request, as the
 * {@code explain} property asks, the AWS CLI command or the AWS SDK for Java v2 code that sends it.
 * The same walk lists the requests on their own, for {@code EXPLAIN PLAN AS JSON}.
 */
public final class PlanExplainer {
  /** Whether DynamoDB counts a read's items (Select=COUNT), so that the driver has none to count. */
  private static final ReadRequest.Visitor<Boolean> COUNTED_BY_DYNAMO = new ReadRequest.Visitor<>() {
    @Override
    public Boolean getItem(GetItem get) {
      return false;
    }

    @Override
    public Boolean batchGetItem(BatchGetItem batch) {
      return false;
    }

    @Override
    public Boolean query(Query query) {
      return query.count();
    }

    @Override
    public Boolean scan(Scan scan) {
      return scan.count();
    }
  };

  private final StatementSettings settings;
  private final Optional<List<Object>> parameters;
  private final ParameterText parameterText;
  private final List<String> lines;
  private final List<CopyableRequest> shown;
  /** The requests of the statement's write, when it is one. */
  private final Optional<WriteActions> writeActions;
  private int requests;
  private boolean perKeyRequests;

  /**
   * @param parameters bound parameter values, or empty to show the markers
   * @param parameterText how the parameters read in the driver's conditions
   */
  private PlanExplainer(StatementSettings settings, Optional<List<Object>> parameters, ParameterText parameterText,
      Optional<WriteActions> writeActions) {
    this(settings, parameters, parameterText, new ArrayList<>(), new ArrayList<>(), writeActions);
  }

  /** An explainer that adds to the lines and requests of another, with other settings. */
  private PlanExplainer(StatementSettings settings, Optional<List<Object>> parameters, ParameterText parameterText,
      List<String> lines, List<CopyableRequest> shown, Optional<WriteActions> writeActions) {
    this.settings = settings;
    this.writeActions = writeActions;
    this.parameters = parameters;
    this.parameterText = parameterText;
    this.lines = lines;
    this.shown = shown;
  }

  /** @param writeActions the requests of the statement's write, built with the same parameters; empty for a query */
  public static List<String> explain(RelNode root, StatementSettings settings, Optional<List<Object>> parameters,
      Optional<String> refusal, Optional<WriteActions> writeActions) {
    return explain(root, settings, parameters, parameters.map(ParameterText::values).orElse(ParameterText.MARKERS),
        refusal, writeActions);
  }

  /** @param parameterText how the parameters read in the conditions the driver checks */
  public static List<String> explain(RelNode root, StatementSettings settings, Optional<List<Object>> parameters,
      ParameterText parameterText, Optional<String> refusal, Optional<WriteActions> writeActions) {
    PlanExplainer explainer = new PlanExplainer(settings, parameters, parameterText, writeActions);
    explainer.visit(root, 1);
    List<String> result = new ArrayList<>();
    if (refusal.isPresent()) {
      result.add("DynamoDB requests: none, the statement is refused");
      result.add("REFUSED: " + refusal.get());
      result.add("The plan it would need:");
    } else {
      result.add("DynamoDB requests: " + explainer.requests
          + (explainer.perKeyRequests ? ", plus the requests that depend on rows read (see below)" : ""));
    }
    result.addAll(explainer.lines);
    return result;
  }

  /** Every request the text EXPLAIN shows, in its order, as a request to send by hand. */
  public static List<CopyableRequest> requests(RelNode root, StatementSettings settings,
      Optional<List<Object>> parameters, Optional<WriteActions> writeActions) {
    PlanExplainer explainer = new PlanExplainer(settings, parameters, ParameterText.MARKERS, writeActions);
    explainer.visit(root, 1);
    return List.copyOf(explainer.shown);
  }

  private void visit(RelNode node, int depth) {
    KeycondRelVisitor.visit(node, new KeycondRelVisitor<Void>() {
      @Override
      public Void read(DynamoRead read) {
        PlanExplainer.this.read(read, depth);
        return null;
      }

      @Override
      public Void collectionPart(CollectionPart part) {
        PlanExplainer.this.collectionPart(part, depth);
        return null;
      }

      @Override
      public Void lookupJoin(LookupJoin lookup) {
        PlanExplainer.this.lookupJoin(lookup, depth);
        return null;
      }

      @Override
      public Void write(DynamoWrite write) {
        PlanExplainer.this.write(write, depth);
        return null;
      }

      @Override
      public Void calcite(RelNode other) {
        add(depth, "Driver: " + describe(other));
        for (RelNode input : other.getInputs()) {
          visit(input, depth + 1);
        }
        return null;
      }
    });
  }

  /**
   * A write shows its requests, and below them where its rows come from: the rows to insert, or the
   * read that finds the rows to change (none for a write by key, which reads nothing).
   */
  private void write(DynamoWrite write, int depth) {
    WritePlan plan = write.write();
    WriteActions actions = writeActions.orElseThrow(() -> new IllegalStateException("a write explained without its requests"));
    boolean readFirst = plan instanceof WritePlan.ChangeRows change && (!change.byKey() || actions.readsKeysFirst());
    add(depth, "Write " + plan.table().name() + " (DynamoDB table '" + plan.table().source().name() + "')"
        + (readFirst ? ": the rows this read finds" : ""));
    if (readFirst) {
      // The rows to change are read strongly consistently, as the write will see them.
      PlanExplainer read = new PlanExplainer(settings.withConsistentRead(), parameters, parameterText, lines,
          shown, Optional.empty());
      read.visit(write.getInput(), depth + 1);
      requests += read.requests;
      perKeyRequests |= read.perKeyRequests;
    }
    for (WriteActions.Step step : actions.steps()) {
      add(depth + 1, step.description());
      for (WriteRequest request : step.requests()) {
        request(depth + 2, request, step.perRow() ? Optional.of("it stands for one request per row, with that "
            + "row's key and values") : Optional.empty());
      }
      if (step.perRow()) {
        perKeyRequests = true;
      } else {
        requests += step.requests().size();
      }
    }
    if (plan instanceof WritePlan.InsertRows) {
      visit(write.getInput(), depth + 1);
    }
  }

  private void read(DynamoRead read, int depth) {
    ReadPlan plan = read.plan();
    ReadRequestBuilder builder = new ReadRequestBuilder(plan, settings, parameters);
    ReadFilter filter = builder.filter();
    List<ReadRequest> built = builder.build().requests();
    requests += built.size();
    boolean perOuterRow = plan.conditions().stream().anyMatch(RexUtil::containsCorrelation);
    perKeyRequests |= perOuterRow;
    add(depth, "Read " + plan.table().name() + (plan.count() ? " (COUNT(*))" : "") + ": " + built.size()
        + (built.size() == 1 ? " request" : " requests" + fanOut(plan))
        + (perOuterRow ? " for each distinct value of the outer columns it uses (at most maxFanOut=" + settings.maxFanOut() + ")" : "")
        + (plan.access().isScan() ? ", a full Scan (scan=" + settings.scanPolicy() + ")" : ""));
    plan.table().mapping().sharding().filter(s -> !plan.access().isScan())
        .ifPresent(s -> add(depth + 1, shards(plan, s)));
    boolean segmented = plan.access().isScan() && built.size() > 1;
    for (ReadRequest request : segmented ? built.subList(0, 1) : built) {
      request(depth + 1, request, perOuterRow ? Optional.of("its key values come from each row of the outer query")
          : Optional.empty());
    }
    if (segmented) {
      add(depth + 1, "and the same Scan for Segment 1 to " + (built.size() - 1) + " (scanSegments=" + built.size()
          + "), all read concurrently, each with at most one page waiting; their rows are interleaved");
    }
    if (plan.access().isScan() && settings.scanPolicy().isLimited()) {
      add(depth + 1, "once the Scan has read its allowance of " + settings.scanPolicy().maxItems() + " items (scan="
          + settings.scanPolicy() + "), one more Scan with Limit 1 tells whether the table has more, which fails "
          + "the statement (42Z01)");
    }
    if (plan.access().fetch() == AccessPath.TableFetch.IN_REQUEST) {
      add(depth + 1, "Select=ALL_ATTRIBUTES, because local index '" + plan.access().index().orElseThrow().name()
          + "' does not carry " + listed(notCarried(plan)) + ": DynamoDB fetches each item from the "
          + "table in the same request, charging it as a whole item, as a BatchGetItem would; no second request");
    }
    if (plan.access().fetchesByBatchGet()) {
      perKeyRequests = true;
      add(depth + 1, "then, because global index '" + plan.access().index().orElseThrow().name()
          + "' does not carry " + listed(notCarried(plan))
          + ", which a global index cannot fetch from the table, for each page of keys it returns:");
      request(depth + 2, builder.fetchRequestTemplate(), Optional.of("its keys are those the index returns"));
    }
    ExpressionFormatter formatter = ExpressionFormatter.of(plan.table(), parameterText);
    if (filter.matchesNothing()) {
      add(depth + 1, "No request: with these values a condition is never TRUE, so no item can be a row");
    }
    for (RexNode sent : filter.sentConditions()) {
      add(depth + 1, "DynamoDB after the read: keeps items where " + formatter.format(sent)
          + " (FilterExpression: items are read and charged, then filtered)");
    }
    for (Constant constant : filter.constantsOnServer()) {
      add(depth + 1, "DynamoDB after the read: keeps items where " + constant
          + " (FilterExpression: items are read and charged, then filtered; another table's items have these keys)");
    }
    filter.expiryOnServer().ifPresent(ttl -> add(depth + 1, "DynamoDB after the read: keeps items whose time to live ("
        + ttl.attribute() + ") has not passed (FilterExpression; expiredItems=show returns them)"));
    for (RexNode residual : filter.driverChecks()) {
      add(depth + 1, "Driver after the read: keeps items where " + formatter.format(residual)
          + " (items are read, then filtered)");
    }
    for (RexNode recheck : filter.rechecks()) {
      add(depth + 1, "Driver after the read: keeps items where " + formatter.format(recheck) + " on the values it "
          + "decodes, of those the FilterExpression kept for lacking " + listed(ServerConditions.alsoInIndexKeys(
              plan.table(), recheck).stream().map(Column::attribute).toList())
          + " (their value may be in an index key alone)");
    }
    for (RexNode recheck : plan.keyRechecks()) {
      add(depth + 1, "Driver after the read: keeps items where " + formatter.format(recheck) + " on the values it "
          + "decodes (an item whose attributes disagree with the index key it was found by is left out)");
    }
    filter.expiryInDriver().ifPresent(ttl -> add(depth + 1, "Driver after the read: keeps items whose time to live ("
        + ttl.attribute() + ") has not passed (expiredItems=show returns them)"));
    if (!plan.access().membershipExact() && !plan.table().isRaw()) {
      add(depth + 1, "Driver after the read: keeps items whose keys match table '" + plan.table().name()
          + "' (" + plan.table().ownKeyAttributes().stream()
              .map(a -> a + " = '" + plan.table().template(a) + "'").collect(Collectors.joining(", ")) + ")"
          + plan.table().mapping().constants().values().stream().map(c -> " and " + c)
              .collect(Collectors.joining()));
    }
    plan.walk().ifPresent(walk -> {
      add(depth + 1, "Driver after the read: "
          + (walk.direction() == HierarchyWalk.Direction.DOWN
              ? "keeps the rows the recursion reaches, in path order: the starting path, then every row whose "
                  + plan.table().column(walk.parentColumn()).name() + " is a row already kept"
              : "follows " + plan.table().column(walk.parentColumn()).name()
                  + " from the starting path up through these items")
          + (walk.distinct() ? "; UNION drops repeated rows" : ""));
      for (RexNode condition : walk.rootConditions()) {
        add(depth + 1, "Driver after the read: a starting row is kept only where " + formatter.format(condition));
      }
      for (RexNode condition : walk.stepConditions()) {
        add(depth + 1, "Driver after the read: a row the walk reaches is kept only where "
            + formatter.format(condition) + " (and the rows below it are not reached)");
      }
    });
    boolean countedByDynamo = built.stream().anyMatch(r -> r.accept(COUNTED_BY_DYNAMO));
    if (plan.count() && !built.isEmpty() && !countedByDynamo) {
      add(depth + 1, "Driver after the read: counts the rows");
    }
    if (plan.hasLimit()) {
      add(depth + 1, "Driver after the read: " + plan.offset().map(o -> "OFFSET " + o + " ").orElse("")
          + plan.fetch().map(f -> "LIMIT " + f).orElse("")
          + (plan.fetch().filter(f -> f instanceof Operand.Parameter).isPresent()
              ? " (Limit is sent when the parameter is bound)" : ""));
    }
  }

  /** The needed columns of a read that the index it reads does not carry. */
  private static List<String> notCarried(ReadPlan plan) {
    List<String> missing = new ArrayList<>();
    SourceIndex index = plan.access().index().orElseThrow();
    for (int column : ReadRequestBuilder.neededColumns(plan)) {
      if (!AccessPathPlanner.carriesColumns(plan.table(), index, Set.of(column))) {
        missing.add(plan.table().column(column).name());
      }
    }
    AccessPathPlanner.uncarriedConstants(plan.table(), index).forEach(a -> missing.add("constant attribute " + a));
    return missing;
  }

  /** Names as a sentence lists them: {@code a}, {@code a and b}, {@code a, b and c}. */
  private static String listed(List<String> names) {
    return names.size() <= 1 ? String.join("", names)
        : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
  }

  /** The first part of an item collection shows its requests; the others say they share them. */
  private void collectionPart(CollectionPart part, int depth) {
    CollectionRead collection = part.collection();
    String table = part.plan().table().name();
    if (!part.isFirst()) {
      add(depth, "Read " + table + ": from the same request, items whose keys match table '" + table + "'");
    } else {
      List<ReadRequest> built = ReadRequestBuilder.collectionRequests(collection, settings, parameters).requests();
      requests += built.size();
      add(depth, "Read " + collection.tableNames() + " from one item collection: " + built.size()
          + (built.size() == 1 ? " request" : " requests"));
      for (ReadRequest request : built) {
        request(depth + 1, request, Optional.empty());
      }
      add(depth, "Read " + table + ": items whose keys match table '" + table + "'");
    }
    ExpressionFormatter formatter = ExpressionFormatter.of(part.plan().table(), parameterText);
    for (RexNode condition : part.plan().conditions()) {
      add(depth + 1, "Driver after the read: keeps rows of " + table + " where " + formatter.format(condition));
    }
  }

  /** A lookup join shows its inner read once, with the outer columns its keys come from. */
  private void lookupJoin(LookupJoin lookup, int depth) {
    perKeyRequests = true;
    add(depth, "Driver: " + describe(lookup.join()));
    ReadPlan inner = lookup.inner().plan();
    String requests = inner.access().kind() == AccessPath.Kind.GET_ITEM
        ? "BatchGetItem, " + BatchGetItem.MAX_KEYS + " keys a request"
        : "one Query per key, " + FanOut.AHEAD + " at a time";
    add(depth + 1, "Read " + inner.table().name() + " by key for each distinct join key of the other side: "
        + requests + ", at most maxFanOut=" + settings.maxFanOut() + " requests");
    for (ReadRequest request : new ReadRequestBuilder(inner, settings, Optional.empty()).build().requests()) {
      // The keys a GetItem would read one by one go BatchGetItem, as they are sent; one key stands for them all.
      request(depth + 2, request instanceof GetItem get ? BatchGetItem.of(get) : request,
          Optional.of("its key values come from the rows of the other side of the join, read by " + requests));
    }
    visit(lookup.getInput(), depth + 1);
  }

  /** Which shards of a sharded partition the read goes to, and why. */
  private static String shards(ReadPlan plan, Sharding sharding) {
    boolean computed = plan.access().keys().stream()
        .flatMap(key -> key.partition().stream())
        .flatMap(partition -> partition.value().parts().stream())
        .anyMatch(part -> part instanceof KeyPart.Value v && v.operand() instanceof Operand.ShardOf);
    String formula = "'" + sharding.column() + "' is 1 + CRC32('" + sharding.of() + "') mod " + sharding.count();
    int keys = plan.access().keys().size();
    return "Sharded partition (" + formula + "): " + (computed
        ? "each key goes to the shard of its " + sharding.of()
        : keys < sharding.count()
            ? "the statement names the " + (keys == 1 ? "shard" : keys + " shards") + " to read in '"
                + sharding.column() + "'"
            : "the statement does not bind " + sharding.of() + ", so each of the " + sharding.count()
                + " shards is read");
  }

  private static String fanOut(ReadPlan plan) {
    if (plan.access().isScan()) {
      return ", the segments of a parallel Scan";
    }
    String fanOut = " (fan-out " + plan.access().keys().size() + ")";
    return plan.mergesInKeyOrder()
        ? " sent concurrently" + fanOut + ", merged in key order"
        : " read one after another, up to " + FanOut.AHEAD + " sent ahead" + fanOut;
  }

  private String describe(RelNode node) {
    List<String> in = node.getInputs().isEmpty() ? List.of() : node.getInput(0).getRowType().getFieldNames();
    ExpressionFormatter formatter = new ExpressionFormatter(in, parameterText);
    if (node instanceof Filter filter) {
      return "Filter " + formatter.format(filter.getCondition());
    }
    if (node instanceof Project project) {
      List<String> items = new ArrayList<>();
      List<String> names = project.getRowType().getFieldNames();
      for (int i = 0; i < project.getProjects().size(); i++) {
        String expression = formatter.format(project.getProjects().get(i));
        items.add(expression.equals(names.get(i)) ? expression : expression + " AS " + names.get(i));
      }
      return "Project " + String.join(", ", items);
    }
    if (node instanceof Sort sort) {
      List<String> keys = new ArrayList<>();
      for (RelFieldCollation c : sort.getCollation().getFieldCollations()) {
        keys.add(in.get(c.getFieldIndex()) + (c.getDirection().isDescending() ? " DESC" : ""));
      }
      String text = keys.isEmpty() ? "" : "Sort by " + String.join(", ", keys);
      if (sort.offset != null) {
        text += (text.isEmpty() ? "" : ", then ") + "OFFSET " + formatter.format(sort.offset);
      }
      if (sort.fetch != null) {
        text += (text.isEmpty() ? "" : ", then ") + "LIMIT " + formatter.format(sort.fetch);
      }
      return text;
    }
    if (node instanceof Aggregate aggregate) {
      List<String> parts = new ArrayList<>();
      if (!aggregate.getGroupSet().isEmpty()) {
        parts.add("group by " + aggregate.getGroupSet().asList().stream().map(in::get)
            .collect(Collectors.joining(", ")));
      }
      for (AggregateCall call : aggregate.getAggCallList()) {
        parts.add(call.getAggregation().getName() + "(" + (call.isDistinct() ? "DISTINCT " : "")
            + (call.getArgList().isEmpty() ? "*" : call.getArgList().stream().map(in::get)
                .collect(Collectors.joining(", "))) + ")");
      }
      return "Aggregate " + String.join(", ", parts);
    }
    if (node instanceof Join join) {
      List<String> both = new ArrayList<>(join.getLeft().getRowType().getFieldNames());
      both.addAll(join.getRight().getRowType().getFieldNames());
      return join.getJoinType() + " join on " + new ExpressionFormatter(both, parameterText).format(join.getCondition());
    }
    if (node instanceof Values values) {
      return "Values (" + values.getTuples().size() + " rows)";
    }
    return node.getRelTypeName().replace("Logical", "");
  }

  /**
   * Shows a request: its fields, then the AWS CLI command or the Java code that sends it when the
   * {@code explain} property asks for one, or why it cannot be given.
   *
   * @param perRow why the request stands for one per row read, if it does
   */
  private void request(int depth, DynamoRequest request, Optional<String> perRow) {
    List<String> fields = request instanceof ReadRequest read ? RequestFormatter.format(read)
        : RequestFormatter.format((WriteRequest) request);
    fields.forEach(line -> add(depth, line));
    CopyableRequest copyable = CopyableRequest.of(request, perRow, settings.capacityReport().asked());
    shown.add(copyable);
    if (settings.explainForm() == ExplainForm.TEXT) {
      return;
    }
    String title = settings.explainForm() == ExplainForm.CLI ? "AWS CLI" : "AWS SDK for Java v2";
    if (copyable instanceof CopyableRequest.Unknown unknown) {
      add(depth + 1, title + ": not shown, " + unknown.reason());
      return;
    }
    CopyableRequest.Exact exact = (CopyableRequest.Exact) copyable;
    add(depth + 1, title + ":" + exact.note().map(note -> " (" + note + ")").orElse(""));
    List<String> code = settings.explainForm() == ExplainForm.CLI ? List.of(exact.cliCommand(settings.cliTarget())) : exact.javaSnippet();
    code.forEach(line -> add(depth + 2, line));
  }

  private void add(int depth, String line) {
    lines.add("  ".repeat(depth - 1) + line);
  }
}
