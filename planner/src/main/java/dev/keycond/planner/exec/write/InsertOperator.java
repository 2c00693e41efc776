package dev.keycond.planner.exec.write;

import java.time.Instant;
import dev.keycond.planner.request.Expiry;
import dev.keycond.planner.request.WriteActions;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.codec.ConstantValues;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.codec.ItemLimits;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.ItemExpectation;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.WriteRequestBuilder;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.transaction.Effect;
import dev.keycond.planner.transaction.Transaction;
import dev.keycond.planner.write.WritePlan;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.Lists;
import dev.keycond.planner.request.WriteRequest;
import dev.keycond.planner.settings.StatementSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Executes INSERT (a conditional PutItem per row, which fails with 23505 and overwrites nothing
 * when the key exists) and UPSERT (unconditional puts, 25 to a BatchWriteItem; for a table whose
 * items share their keys with another table's, a PutItem per row that fails with 23505 when the
 * key holds the other table's item). Each row is
 * completed (a hierarchy's parent from its path) and encoded into the item a careful client would
 * write, and checked against DynamoDB's limits, before it is sent. Rows that come from VALUES or
 * parameters are all checked before the first is sent; rows read from DynamoDB are written as they
 * are read. In a transaction an INSERT's rows, every execution's, are kept only after their keys
 * are read together and found free ({@link TakenKeys}).
 */
public final class InsertOperator implements WriteOperator {
  private final EntityTable table;
  private final boolean upsert;
  /** Whether an UPSERT's puts go 25 to a BatchWriteItem, or one PutItem per row. */
  private final boolean batchesUpserts;
  private final Operator rows;
  /** Whether the rows come without reading DynamoDB, so all can be checked before any is sent. */
  private final boolean rowsInMemory;
  private final ItemCodec codec;
  private final DerivedColumns derived;

  public InsertOperator(WritePlan.InsertRows plan, Operator rows, boolean rowsInMemory) {
    this.table = plan.table();
    this.upsert = plan.upsert();
    // An UPSERT into a table with constants puts each item with a condition that keeps it off
    // another table's, which BatchWriteItem cannot carry.
    this.batchesUpserts = plan.upsert() && !plan.table().hasConstants();
    this.rows = rows;
    this.rowsInMemory = rowsInMemory;
    this.codec = ItemCodec.of(table);
    this.derived = new DerivedColumns(table);
  }

  private record Row(RowRef ref, Map<String, AttributeValue> item) {}

  @Override
  public WriteResult execute(ExecutionContext context, List<List<Object>> parameterSets, boolean returnsRows) {
    WriteRequestBuilder requests = new WriteRequestBuilder(table, Optional.empty(), false,
        Expiry.of(table, context.settings(), Instant.now()));
    // In a transaction an INSERT's rows are kept only once none of their keys is found taken.
    boolean checksKeys = !upsert && context.transaction().filter(Transaction::checksInsertedKeys).isPresent();
    List<Row> checked = new ArrayList<>();
    return WriteRun.run(context, table, parameterSets, returnsRows, (execution, parameters, run) -> {
      try (RowCursor cursor = rows.open(context.with(parameters, context.settings()))) {
        while (cursor.next()) {
          Row row = encode(execution, cursor.row(), run.progress());
          if (checksKeys) {
            if (checked.isEmpty()) {
              run.afterAllChecked(() -> keepIfFree(checked, requests, run));
            }
            checked.add(row);
          } else if (rowsInMemory) {
            run.afterAllChecked(() -> send(row, requests, run));
          } else {
            send(row, requests, run);
            if (run.progress().hasFailed()) {
              run.stopReading();
              break;
            }
          }
        }
      }
    });
  }

  @Override
  public WriteActions actions(StatementSettings settings, Optional<List<Object>> parameters) {
    WriteRequestBuilder requests = new WriteRequestBuilder(table, Optional.empty(), false,
        Expiry.of(table, settings, Instant.now()));
    String what = upsert && !batchesUpserts
        ? "UPSERT: a PutItem per row, up to " + ConcurrentWrites.IN_FLIGHT + " at a time; each replaces the whole "
            + "item with the key when it is the table's own, and fails (23505) when it is another table's"
        : upsert
        ? "UPSERT: BatchWriteItem puts, " + BatchWriteItem.MAX_WRITES + " rows a request, up to "
            + ConcurrentWrites.IN_FLIGHT + " requests at a time; each put replaces the whole item with the key"
        : "INSERT: a PutItem per row, up to " + ConcurrentWrites.IN_FLIGHT + " at a time; each fails, and "
            + "overwrites nothing, when an item has the key (23505)" + (requests.expires() ? ", unless its time to live "
            + "has passed: an expired item is replaced" : "");
    if (rowsInMemory && parameters.isPresent()) {
      List<ImmutableMap<String, RequestValue>> items = new ArrayList<>();
      ExecutionContext context = ExecutionContext.sendingNothing(parameters.get(), settings);
      WriteProgress progress = new WriteProgress(1);
      try (RowCursor cursor = rows.open(context)) {
        while (cursor.next()) {
          items.add(values(encode(0, cursor.row(), progress).item()));
        }
      }
      ImmutableList.Builder<WriteRequest> built = ImmutableList.builder();
      if (batchesUpserts) {
        Lists.partition(items, BatchWriteItem.MAX_WRITES).forEach(batch ->
            built.add(requests.batch(batch.stream().<BatchWriteItem.Write>map(BatchWriteItem.Put::new).toList())));
      } else {
        items.forEach(item -> built.add(put(requests, item)));
      }
      return WriteActions.of(new WriteActions.Step(what, built.build(), false));
    }
    ImmutableMap<String, RequestValue> item = describedItem();
    WriteRequest request = batchesUpserts ? requests.batch(List.of(new BatchWriteItem.Put(item)))
        : put(requests, item);
    return WriteActions.of(new WriteActions.Step(what + "; for each row:", ImmutableList.of(request), true));
  }

  /** The PutItem of a row: an INSERT's, or an UPSERT's into a table that shares its keys. */
  private PutItem put(WriteRequestBuilder requests, ImmutableMap<String, RequestValue> item) {
    return upsert ? requests.replace(item) : requests.insert(item);
  }

  /** The attributes of a row's item, described: what each key template and column writes. */
  private ImmutableMap<String, RequestValue> describedItem() {
    Map<String, RequestValue> item = new LinkedHashMap<>();
    table.mapping().keys().forEach((attribute, template) -> item.put(attribute, new RequestValue.Unbound(
        template.isIdentity() ? template.columns().get(0) : "'" + template + "'")));
    for (var column : table.columns()) {
      if (!column.isWholeItem()) {
        table.storedAttribute(column).ifPresent(attribute -> item.putIfAbsent(attribute, new RequestValue.Unbound(
            column.name() + (derived.parent().filter(p -> table.column(p.column()).equals(column)).isPresent()
                ? ", computed from " + table.mapping().hierarchy().orElseThrow().pathColumn() : "")
            + "; no attribute when NULL")));
      }
    }
    table.mapping().constants().values()
        .forEach(c -> item.put(c.attribute(), new RequestValue.Bound(ConstantValues.value(c))));
    return ImmutableMap.copyOf(item);
  }

  /** The row's item, completed and checked; nothing has been sent for any row when this fails on one. */
  private Row encode(int execution, Object[] values, WriteProgress progress) {
    Object[] row = values.clone();
    derived.complete(row);
    Map<String, AttributeValue> item = codec.encode(row);
    String key = codec.describeKey(item);
    ItemLimits.check(table.source(), item, () -> key);
    return new Row(new RowRef(execution, progress.row(), key), item);
  }

  /**
   * Keeps the rows of an INSERT in a transaction, every execution's, after reading their keys
   * together: when one is taken, the statement fails (23505) before any row is kept.
   */
  private void keepIfFree(List<Row> rows, WriteRequestBuilder requests, WriteRun run) {
    Set<Map<String, AttributeValue>> taken = TakenKeys.of(table, Lists.transform(rows, Row::item), run.context());
    rows.stream().filter(row -> taken.contains(TakenKeys.key(table, row.item()))).findFirst().ifPresent(row -> {
      throw duplicate(row.ref().key(), ", read when the statement ran in the transaction; nothing of the "
          + "statement is kept, and the transaction holds what it held before it");
    });
    rows.forEach(row -> send(row, requests, run));
  }

  /** The 23505 of an INSERT whose key an item has; {@code found} says how it was found, when not by the put. */
  private KeycondException duplicate(String describedKey, String found) {
    return new KeycondException(SqlState.UNIQUE_VIOLATION, "Duplicate key: " + table.takenKey(describedKey) + found
        + " (INSERT never overwrites; use UPSERT INTO to replace the item, or UPDATE to change it).");
  }

  /**
   * The 23505 of an UPSERT or MERGE row whose key holds another table's item (without the table's
   * constants), which it must not replace.
   */
  static KeycondException anotherTablesItem(EntityTable table, String describedKey, String statement) {
    String constants = String.join(" and ", table.mapping().constants().values().stream().map(Object::toString)
        .toList());
    return new KeycondException(SqlState.UNIQUE_VIOLATION, "Duplicate key: the item with key " + describedKey
        + " is not a row of table '" + table.name() + "' but another table's (it does not hold " + constants
        + "); " + statement + " writes only the table's own items");
  }

  private void send(Row row, WriteRequestBuilder requests, WriteRun run) {
    ExecutionContext context = run.context();
    if (context.transaction().isPresent()) {
      Transaction transaction = context.transaction().get();
      run.sender().submit(row.ref(), () -> {
        if (upsert) {
          transaction.write(table, row.item(), row.ref().key(), ItemExpectation.replacing(table),
              new Effect.Put(ImmutableMap.copyOf(row.item())));
        } else {
          transaction.insert(table, row.item(), row.ref().key());
        }
        // The row returned (RETURNING, generated keys) is the item the commit puts.
        return run.written(row.ref(), Optional.of(row.item()));
      });
      return;
    }
    ImmutableMap<String, RequestValue> item = values(row.item());
    if (batchesUpserts) {
      run.batches().add(row.ref(), new BatchWriteItem.Put(item));
      return;
    }
    run.sender().submit(row.ref(), () -> {
      DynamoGateway.PutOutcome outcome = context.gateway().putItem(put(requests, item), context.call());
      if (outcome == DynamoGateway.PutOutcome.WRITTEN
          || outcome == DynamoGateway.PutOutcome.CONDITION_FAILED_ON_RETRY && isOurs(table, row.item(), context)) {
        return run.written(row.ref(), Optional.of(row.item()));
      }
      // Found by the put's own condition, in auto-commit: no transaction to speak of.
      throw upsert ? anotherTablesItem(table, row.ref().key(), "UPSERT") : duplicate(row.ref().key(), "");
    });
  }

  /**
   * Whether the item that made a retried put's condition fail is the one this put writes: the SDK
   * sends a request again when its answer was lost, and the second attempt then finds the first
   * one's item.
   */
  static boolean isOurs(EntityTable table, Map<String, AttributeValue> item, ExecutionContext context) {
    ImmutableMap.Builder<String, RequestValue> key = ImmutableMap.builder();
    table.ownKeyAttributes().forEach(a -> key.put(a, new RequestValue.Bound(item.get(a))));
    GetItem get = new GetItem(table.source().name(), key.build(), Optional.empty(), ExpressionAttributes.NONE, true);
    return context.gateway().getItem(get, context.call()).filter(item::equals).isPresent();
  }

  static ImmutableMap<String, RequestValue> values(Map<String, AttributeValue> attributes) {
    ImmutableMap.Builder<String, RequestValue> values = ImmutableMap.builder();
    attributes.forEach((name, value) -> values.put(name, new RequestValue.Bound(value)));
    return values.build();
  }
}
