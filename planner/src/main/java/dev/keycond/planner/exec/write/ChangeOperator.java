package dev.keycond.planner.exec.write;

import java.time.Instant;
import dev.keycond.planner.request.Expiry;
import dev.keycond.planner.request.WriteActions;
import dev.keycond.planner.exec.Paging;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.read.ReadItems;
import dev.keycond.planner.exec.read.ReadOperator;
import dev.keycond.planner.exec.StoredValues;
import dev.keycond.planner.exec.Scalar;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.DeleteItem;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.ItemExpectation;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.TransactActions;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.request.UpdateItem;
import dev.keycond.planner.request.WriteCondition;
import dev.keycond.planner.request.WriteRequestBuilder;
import dev.keycond.planner.request.WriteRequest;
import dev.keycond.planner.plan.ExpressionFormatter;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.transaction.Effect;
import dev.keycond.planner.write.Assignment;
import dev.keycond.planner.write.ExistenceCheck;
import dev.keycond.planner.write.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Executes UPDATE and DELETE: one conditional UpdateItem or DeleteItem per row, so that a missing
 * row counts 0 and is never created, and a row whose other predicates do not hold is left alone.
 *
 * <p>With the whole key in the statement, the writes go out without a read, their predicates
 * checked by DynamoDB; the requests of every execution of a batch are built, and so checked,
 * before the first is sent. A row whose predicates DynamoDB cannot check exactly, or whose new values
 * it cannot compute (an expression of the row's columns, a sum with a NULL), is read (strongly
 * consistent), checked and computed in the driver, and written only if it has not changed since.
 * Without the whole key, the rows are the items of a slice read, each written the same way; a
 * DELETE that checks nothing but the slice's key condition sends BatchWriteItem deletes.
 */
public final class ChangeOperator implements WriteOperator {
  /** The ClientRequestToken EXPLAIN shows: each run draws a new one. */
  private static final String EXPLAINED_TOKEN = "<a new token>";

  private final WritePlan.ChangeRows plan;
  private final EntityTable table;
  private final ReadPlan target;
  private final ReadOperator slice;
  private final ItemCodec codec;
  private final ImmutableList<Scalar> residual;
  private final Optional<RowChanges> changes;
  private final boolean writesWithoutRead;
  private final boolean increments;
  private final boolean batchDeletes;
  /** The attributes of the columns a read row is checked by: they must be unchanged when it is written. */
  private final ImmutableList<String> checkedAttributes;

  /** Whether the read's conditions call DYNAMODB_TYPE, which needs the values behind its JSON texts. */
  private final boolean keepsStoredValues;

  public ChangeOperator(WritePlan.ChangeRows plan, DynamoRead read) {
    this.plan = plan;
    this.table = plan.table();
    this.target = plan.target();
    this.slice = new ReadOperator(read, false, Paging.ON_DEMAND);
    this.keepsStoredValues = StoredValues.neededBy(read);
    this.codec = new ItemCodec(table, target.projection());
    this.residual = target.residual().stream()
        .map(c -> ScalarCompiler.compile(c, read.getCluster().getRexBuilder())).collect(ImmutableList.toImmutableList());
    this.changes = plan.delete() ? Optional.empty()
        : Optional.of(new RowChanges(table, plan.assignments(), read.getCluster().getRexBuilder(), false));
    this.writesWithoutRead = plan.condition().isPresent() && changes.map(RowChanges::computableWithoutRead).orElse(true);
    this.increments = plan.assignments().stream().anyMatch(a -> a instanceof Assignment.Increment);
    // BatchWriteItem takes no condition, and a table's constants must be checked before its item is deleted.
    this.batchDeletes = plan.delete() && target.residual().isEmpty() && !plan.returnsRows()
        && !table.hasConstants();
    this.checkedAttributes = target.projection().stream().map(table::column)
        .filter(c -> !table.isKeyColumn(c.name())).flatMap(c -> table.attributesOf(c).stream()).distinct()
        .collect(ImmutableList.toImmutableList());
  }

  @Override
  public WriteResult execute(ExecutionContext context, List<List<Object>> parameterSets, boolean returnsRows) {
    if (returnsRows && !plan.returnsRows()) {
      throw new IllegalArgumentException("an UPDATE or DELETE returns its rows only when planned to");
    }
    if (keepsStoredValues) {
      context.keepStoredValues();
    }
    Map<Integer, List<CheckedItem>> checked = new ConcurrentHashMap<>();
    WriteResult result = WriteRun.run(context, table, parameterSets, returnsRows, (execution, parameters, run) -> {
      // A row read to be written only if unchanged must be read as the write will see it.
      ExecutionContext one = context.with(parameters, context.settings().withConsistentRead());
      KeyValueBinder binder = new KeyValueBinder(parameters);
      if (!plan.checks().isEmpty()) {
        Optional<List<CheckedItem>> holding = checkedItems(one, binder);
        if (holding.isEmpty()) {
          // A subquery does not hold: as SQL says, the execution changes no row.
          return;
        }
        checked.put(execution, holding.get());
      }
      WriteRequestBuilder requests = new WriteRequestBuilder(table, Optional.of(binder), plan.returnsRows(),
          Expiry.of(table, context.settings(), Instant.now()));
      if (plan.byKey()) {
        writeKeys(execution, one, binder, requests, run);
      } else {
        writeSlice(execution, one, requests, run);
      }
    });
    // An execution that changed no row keeps no check either: it must not cancel the others' writes.
    long[] counts = result.counts();
    checked.forEach((execution, items) -> {
      if (counts[execution] > 0) {
        items.forEach(item -> context.transaction().orElseThrow().check(item.table(), item.key(), item.describedKey(),
            item.exists()));
      }
    });
    return result;
  }

  @Override
  public boolean needsTransaction() {
    return !plan.checks().isEmpty();
  }

  /** An item an EXISTS or NOT EXISTS subquery read, which must still be as found at commit. */
  private record CheckedItem(EntityTable table, Map<String, AttributeValue> key, String describedKey, boolean exists) {}

  /**
   * Reads the item of each EXISTS and NOT EXISTS subquery, as the transaction leaves it.
   *
   * @return the items to check at commit, or empty when a subquery does not hold
   */
  private Optional<List<CheckedItem>> checkedItems(ExecutionContext context, KeyValueBinder binder) {
    if (context.transaction().isEmpty()) {
      throw new IllegalStateException("a write with an EXISTS check runs in a transaction, which makes it atomic");
    }
    List<CheckedItem> items = new ArrayList<>();
    for (ExistenceCheck check : plan.checks()) {
      ReadRequestBuilder reads = new ReadRequestBuilder(check.read(), context.settings(), binder);
      // A key with a NULL value names no item: the subquery finds nothing, and there is nothing to check.
      for (ImmutableMap<String, RequestValue> key : reads.itemKeys()) {
        // An item whose time to live has passed is no row, and the commit expects it so.
        boolean found = context.getItem(reads.itemRequest(key)).filter(i -> !reads.filter().expiredInDriver(i))
            .isPresent();
        if (found != check.exists()) {
          return Optional.empty();
        }
        Map<String, AttributeValue> bound = RequestValue.bind(key);
        items.add(new CheckedItem(check.read().table(), bound, ItemCodec.of(check.read().table()).describeKey(bound),
            check.exists()));
      }
      if (reads.itemKeys().isEmpty() && check.exists()) {
        return Optional.empty();
      }
    }
    return Optional.of(items);
  }

  @Override
  public WriteActions actions(StatementSettings settings, Optional<List<Object>> parameters) {
    WriteActions writes = writeActions(settings, parameters);
    if (plan.checks().isEmpty()) {
      return writes;
    }
    ImmutableList.Builder<TransactWriteItems.Action> checks = ImmutableList.builder();
    for (ExistenceCheck check : plan.checks()) {
      EntityTable checked = check.read().table();
      TransactActions actions = new TransactActions(checked.source().name(), checked.source().keys().hashAttribute(),
          Expiry.of(checked, settings, Instant.now()));
      for (ImmutableMap<String, RequestValue> key : new ReadRequestBuilder(check.read(), settings, parameters)
          .itemKeys()) {
        checks.add(actions.check(key, check.exists() ? ItemExpectation.PRESENT : ItemExpectation.ABSENT));
      }
    }
    ImmutableList<TransactWriteItems.Action> built = checks.build();
    String first = "Reads the item of each EXISTS or NOT EXISTS subquery by its key (GetItem, strongly consistent); "
        + "unless every one holds, the statement changes no row and sends nothing more. Else the writes below are "
        + "not sent as they are but, with a ConditionCheck that each item is still as read, in one "
        + "TransactWriteItems (each write at twice the units of a plain write)";
    ImmutableList.Builder<WriteActions.Step> steps = ImmutableList.builder();
    steps.add(new WriteActions.Step(first, built.isEmpty() ? ImmutableList.of()
        : ImmutableList.of(new TransactWriteItems(built, EXPLAINED_TOKEN)), false));
    return new WriteActions(steps.addAll(writes.steps()).build(), writes.readsKeysFirst());
  }

  private WriteActions writeActions(StatementSettings settings, Optional<List<Object>> parameters) {
    Optional<KeyValueBinder> binder = parameters.map(KeyValueBinder::new);
    WriteRequestBuilder requests = new WriteRequestBuilder(table, binder, plan.returnsRows(),
        Expiry.of(table, settings, Instant.now()));
    String kind = plan.delete() ? "DeleteItem" : "UpdateItem";
    String conditioned = " (ConditionExpression: the item exists" + (requests.expires() ? " and has not expired" : "")
        + (target.residual().isEmpty() ? ""
        : writesWithoutRead ? ", and the statement's other conditions" : ", and is unchanged since it was read") + ")";
    if (!writesWithoutRead) {
      String read = "the driver reads the row" + (plan.byKey() ? " by key (the read above, strongly consistent)" : "")
          + ", checks " + (target.residual().isEmpty() ? "it" : String.join(" AND ", target.residual().stream()
              .map(ExpressionFormatter.of(table)::format).toList())) + (plan.delete() ? "" : ", computes the new values")
          + ", and sends a " + kind + " only if the row is unchanged since";
      if (!plan.byKey()) {
        return WriteActions.of(new WriteActions.Step("For each row the read finds: " + read,
            ImmutableList.of(described(requests, unchangedCondition())), true));
      }
      // By key, the keys are the statement's: each request is shown with its own. Still one request
      // per row: its values are known only once the row is read.
      ImmutableList<WriteRequest> keyed = keyed(settings, parameters, key -> plan.delete()
          ? requests.delete(key, unchangedCondition())
          : requests.update(key, changes.orElseThrow().described(ExpressionFormatter.of(table)), unchangedCondition()));
      return WriteActions.of(new WriteActions.Step("For each key: " + read, keyed, true)).readingKeysFirst();
    }
    if (batchDeletes && !plan.byKey()) {
      return WriteActions.of(new WriteActions.Step("For the rows the read finds: BatchWriteItem deletes, "
          + BatchWriteItem.MAX_WRITES + " rows a request (nothing but the key condition to check)",
          ImmutableList.of(requests.batch(List.of(new BatchWriteItem.Delete(rowKey())))), true));
    }
    if (!plan.byKey()) {
      return WriteActions.of(new WriteActions.Step("For each row the read finds: one " + kind + conditioned,
          ImmutableList.of(described(requests, WriteCondition.checked(plan.condition().orElseThrow()))), true));
    }
    ImmutableList<WriteRequest> built = keyed(settings, parameters, key -> {
      if (parameters.isPresent() && changes.isPresent()) {
        ExecutionContext context = ExecutionContext.sendingNothing(parameters.get(), settings);
        RowChanges.NativeChange change = changes.get().withoutRead(codec.decodeKey(RequestValue.bind(key)),
            plan.condition().orElseThrow(), context);
        return requests.update(key, change.change(), WriteCondition.checked(change.condition()));
      }
      return changes.isPresent()
          ? requests.update(key, changes.get().described(ExpressionFormatter.of(table)),
              WriteCondition.checked(plan.condition().orElseThrow()))
          : requests.delete(key, WriteCondition.checked(plan.condition().orElseThrow()));
    });
    return WriteActions.of(new WriteActions.Step("One " + kind + " per key, up to " + ConcurrentWrites.IN_FLIGHT + " at a time"
        + conditioned + (increments ? "; a row whose value to add to is NULL is read and written as computed" : ""),
        built, false));
  }

  /** The request {@code build} makes for each key the statement names, as EXPLAIN shows them; a key that needs none has none. */
  private ImmutableList<WriteRequest> keyed(StatementSettings settings, Optional<List<Object>> parameters,
      Function<ImmutableMap<String, RequestValue>, WriteRequestBuilder.Built<?>> build) {
    ImmutableList.Builder<WriteRequest> keyed = ImmutableList.builder();
    for (ImmutableMap<String, RequestValue> key : new ReadRequestBuilder(target, settings, parameters).itemKeys()) {
      if (build.apply(key) instanceof WriteRequestBuilder.Built.Send<?> send) {
        keyed.add(send.request());
      }
    }
    return keyed.build();
  }

  /** A request for a row not known yet, as EXPLAIN shows it. */
  private WriteRequest described(WriteRequestBuilder requests, WriteCondition condition) {
    WriteRequestBuilder.Built<?> built = plan.delete() ? requests.delete(rowKey(), condition)
        : requests.update(rowKey(), changes.orElseThrow().described(ExpressionFormatter.of(table)), condition);
    return ((WriteRequestBuilder.Built.Send<?>) built).request();
  }

  private ImmutableMap<String, RequestValue> rowKey() {
    ImmutableMap.Builder<String, RequestValue> key = ImmutableMap.builder();
    table.ownKeyAttributes().forEach(a -> key.put(a, new RequestValue.Unbound("the row's " + a)));
    return key.build();
  }

  /** The condition of a write of a read row, described: each checked attribute as it was read. */
  private WriteCondition unchangedCondition() {
    ImmutableMap.Builder<String, AttributeValue> values = ImmutableMap.builder();
    checkedAttributes.forEach(a -> values.put(a, AttributeValue.fromS("<" + a + " as read>")));
    return WriteCondition.asRead(values.build(), ImmutableSet.of());
  }

  /** Builds, and so checks, the request of every key of the execution; they are sent once every execution's are built. */
  private void writeKeys(int execution, ExecutionContext context, KeyValueBinder binder, WriteRequestBuilder requests,
      WriteRun run) {
    List<ImmutableMap<String, RequestValue>> keys = slice.itemKeys(context, binder);
    for (ImmutableMap<String, RequestValue> key : keys) {
      Map<String, AttributeValue> bound = RequestValue.bind(key);
      RowRef row = new RowRef(execution, run.progress().row(), codec.describeKey(bound));
      WriteRequestBuilder.Built<?> built = built(context, requests, key, bound);
      run.afterAllChecked(() -> run.sender().submit(row, () -> run.written(row, write(context, requests, key, built))));
    }
  }

  private void writeSlice(int execution, ExecutionContext context, WriteRequestBuilder requests, WriteRun run) {
    WriteProgress progress = run.progress();
    try (ReadItems items = slice.items(context)) {
      while (items.next()) {
        if (progress.hasFailed()) {
          run.stopReading();
          break;
        }
        Map<String, AttributeValue> item = items.item();
        Object[] row = items.row();
        ImmutableMap<String, RequestValue> key = key(item);
        RowRef ref = new RowRef(execution, progress.row(), codec.describeKey(item));
        if (context.transaction().isPresent()) {
          // Read again by key, as the transaction leaves the row, which the slice's read does not see.
          run.sender().submit(ref, () -> run.written(ref, readAndWrite(context, requests, key)));
        } else if (batchDeletes) {
          run.batches().add(ref, new BatchWriteItem.Delete(key));
        } else if (writesWithoutRead) {
          run.sender().submit(ref, () -> run.written(ref, write(context, requests, key,
              built(context, requests, key, item))));
        } else {
          run.sender().submit(ref, () -> run.written(ref, writeAsRead(context, requests, key, item, row)));
        }
      }
    }
  }

  /**
   * The request that writes one row by its key without reading it, when DynamoDB can check and
   * compute everything; otherwise {@link WriteRequestBuilder.Built.NeedsRead}.
   */
  private WriteRequestBuilder.Built<?> built(ExecutionContext context, WriteRequestBuilder requests,
      ImmutableMap<String, RequestValue> key, Map<String, AttributeValue> keyItem) {
    // A transaction's write is counted when its statement runs, so it reads the row it keeps a write of.
    if (!writesWithoutRead || context.transaction().isPresent()) {
      return new WriteRequestBuilder.Built.NeedsRead<>();
    }
    if (plan.delete()) {
      return requests.delete(key, WriteCondition.checked(plan.condition().orElseThrow()));
    }
    RowChanges.NativeChange change = changes.orElseThrow().withoutRead(codec.decodeKey(keyItem),
        plan.condition().orElseThrow(), context);
    return requests.update(key, change.change(), WriteCondition.checked(change.condition()));
  }

  /**
   * Writes one row by its key: sends its request, or reads the row first when that is needed.
   *
   * @return what DynamoDB answered for the item written (the item itself when the plan returns its
   *     rows), or empty when no row was written
   */
  private Optional<Map<String, AttributeValue>> write(ExecutionContext context, WriteRequestBuilder requests,
      ImmutableMap<String, RequestValue> key, WriteRequestBuilder.Built<?> built) {
    if (built instanceof WriteRequestBuilder.Built.NoMatch) {
      return Optional.empty();
    }
    if (built instanceof WriteRequestBuilder.Built.NeedsRead) {
      return readAndWrite(context, requests, key);
    }
    Optional<Map<String, AttributeValue>> written = send(context, built);
    // An increment's check also fails on a NULL the row holds, which SQL adds to as NULL.
    return written.isPresent() || !increments ? written : readAndWrite(context, requests, key);
  }

  /** Reads a row by key (strongly consistent), checks it in the driver, and writes it if unchanged. */
  private Optional<Map<String, AttributeValue>> readAndWrite(ExecutionContext context, WriteRequestBuilder requests,
      ImmutableMap<String, RequestValue> key) {
    ReadRequestBuilder reads = new ReadRequestBuilder(target, context.settings(),
        new KeyValueBinder(context.parameters()));
    GetItem get = reads.itemRequest(key);
    if (plan.returnsRows() && context.transaction().isPresent()) {
      // The rows returned are the whole items, which a transaction's write does not answer with.
      get = new GetItem(get.tableName(), get.key(), Optional.empty(), ExpressionAttributes.NONE, true);
    }
    Optional<Map<String, AttributeValue>> item = context.getItem(get);
    // An item whose time to live has passed is no row, as a read by key finds.
    if (item.isEmpty() || reads.filter().expiredInDriver(item.get())) {
      return Optional.empty();
    }
    Object[] row = codec.decode(item.get());
    if (row == null) {
      return Optional.empty();
    }
    context.storedValues().ifPresent(values -> values.rememberRow(table, item.get(), row));
    for (Scalar condition : residual) {
      if (!Boolean.TRUE.equals(condition.evaluate(row, context))) {
        return Optional.empty();
      }
    }
    return writeAsRead(context, requests, key, item.get(), row);
  }

  /** Writes a row the driver read and checked, on the condition that it is still as read. */
  private Optional<Map<String, AttributeValue>> writeAsRead(ExecutionContext context, WriteRequestBuilder requests,
      ImmutableMap<String, RequestValue> key, Map<String, AttributeValue> item, Object[] row) {
    ItemExpectation asRead = ItemExpectation.asRead(item, checkedAttributes);
    if (context.transaction().isPresent()) {
      Effect effect = plan.delete() ? new Effect.Delete() : new Effect.Update(changes.orElseThrow().fromRow(row, context));
      Map<String, AttributeValue> bound = RequestValue.bind(key);
      context.transaction().get().write(table, bound, codec.describeKey(item),
          asRead, effect);
      // Counted now, written at commit. The row returned is what DynamoDB's ReturnValues would give:
      // a DELETE's item as it was (ALL_OLD), an UPDATE's as the commit leaves it (ALL_NEW).
      return plan.delete() ? Optional.of(item) : effect.applyTo(Optional.of(item), bound);
    }
    WriteCondition unchanged = WriteCondition.asRead(asRead.values(), asRead.missing());
    WriteRequestBuilder.Built<?> built = plan.delete() ? requests.delete(key, unchanged)
        : requests.update(key, changes.orElseThrow().fromRow(row, context), unchanged);
    return built instanceof WriteRequestBuilder.Built.Send<?> ? send(context, built) : Optional.empty();
  }

  private static Optional<Map<String, AttributeValue>> send(ExecutionContext context,
      WriteRequestBuilder.Built<?> built) {
    WriteRequest request = ((WriteRequestBuilder.Built.Send<?>) built).request();
    return request.accept(new WriteRequest.Visitor<Optional<Map<String, AttributeValue>>>() {
      @Override
      public Optional<Map<String, AttributeValue>> updateItem(UpdateItem update) {
        return context.gateway().updateItem(update, context.call());
      }

      @Override
      public Optional<Map<String, AttributeValue>> deleteItem(DeleteItem delete) {
        return context.gateway().deleteItem(delete, context.call());
      }

      @Override
      public Optional<Map<String, AttributeValue>> putItem(PutItem put) {
        throw new IllegalStateException("an UPDATE or DELETE of a row sends an UpdateItem or a DeleteItem, "
            + "not a PutItem");
      }

      @Override
      public Optional<Map<String, AttributeValue>> batchWriteItem(BatchWriteItem batch) {
        throw new IllegalStateException("an UPDATE or DELETE of a row sends an UpdateItem or a DeleteItem, "
            + "not a BatchWriteItem");
      }

      @Override
      public Optional<Map<String, AttributeValue>> transactWriteItems(TransactWriteItems transaction) {
        throw new IllegalStateException("an UPDATE or DELETE of a row sends an UpdateItem or a DeleteItem; "
            + "a transaction keeps its writes and sends them at commit");
      }
    });
  }

  private ImmutableMap<String, RequestValue> key(Map<String, AttributeValue> item) {
    ImmutableMap.Builder<String, RequestValue> key = ImmutableMap.builder();
    for (String attribute : table.ownKeyAttributes()) {
      key.put(attribute, new RequestValue.Bound(item.get(attribute)));
    }
    return key.build();
  }
}
