package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Maps;
import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.codec.ItemLimits;
import dev.keycond.planner.codec.SqlValues;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.gateway.DynamoGateway;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.plan.ExpressionFormatter;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.plan.ServerCondition;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.DeleteItem;
import dev.keycond.planner.request.Expiry;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.ItemExpectation;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.request.UpdateItem;
import dev.keycond.planner.request.WriteActions;
import dev.keycond.planner.request.WriteCondition;
import dev.keycond.planner.request.WriteRequest;
import dev.keycond.planner.request.WriteRequestBuilder;
import dev.keycond.planner.schema.SqlTypes;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.transaction.Effect;
import dev.keycond.planner.transaction.Transaction;
import dev.keycond.planner.write.Assignment;
import dev.keycond.planner.write.WritePlan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.rex.RexBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Executes MERGE by key, one request per source row, as its branches say: with both, an UpdateItem
 * without condition, which creates the item or updates it (the upsert that keeps the attributes it
 * does not set), unless the table shares its keys with another table's items, when the condition
 * keeps it off those (23505), or has time to live, when it updates only a live item and a PutItem of
 * the whole row replaces an expired one; with WHEN MATCHED THEN UPDATE alone, an UpdateItem conditioned on the item existing
 * and on the ON clause's other comparisons; with WHEN NOT MATCHED THEN INSERT alone, a PutItem
 * conditioned on no item having the key. An update sets the columns the MERGE gives with every
 * derived attribute (index keys, a hierarchy's parent); a put writes the whole item, as INSERT does.
 * A row whose condition fails counts 0. Every row is checked before the first is sent. In a
 * transaction the rows' writes are kept until commit, a one-branch MERGE reading each item first to
 * count it (see {@code keep}).
 */
public final class MergeOperator implements WriteOperator {
  private final WritePlan.MergeRows plan;
  private final EntityTable table;
  private final Operator rows;
  private final ImmutableList<Integer> columns;
  private final ItemCodec codec;
  private final RowChanges changes;
  private final DerivedColumns derived;

  public MergeOperator(WritePlan.MergeRows plan, Operator rows, RexBuilder rexBuilder) {
    this.plan = plan;
    this.table = plan.table();
    this.rows = rows;
    this.columns = plan.columns();
    this.codec = ItemCodec.of(table);
    this.derived = new DerivedColumns(table);
    // Each given column is set to the row's own value, and so is the parent, computed from the path.
    List<Assignment> sets = new ArrayList<>();
    for (int column : columns) {
      if (!table.isKeyColumn(table.column(column).name())) {
        sets.add(own(column, rexBuilder));
      }
    }
    derived.parent().filter(p -> !columns.contains(p.column())).ifPresent(p -> sets.add(own(p.column(), rexBuilder)));
    this.changes = new RowChanges(table, sets, rexBuilder, true);
  }

  private Assignment own(int column, RexBuilder rexBuilder) {
    return new Assignment.Computed(column, rexBuilder.makeInputRef(
        SqlTypes.sqlType(rexBuilder.getTypeFactory(), table.column(column).type()), column));
  }

  @Override
  public WriteResult execute(ExecutionContext context, List<List<Object>> parameterSets, boolean returnsRows) {
    if (returnsRows && !plan.returnsRows()) {
      throw new IllegalArgumentException("a MERGE returns its rows only when planned to");
    }
    Optional<Expiry> expiry = Expiry.of(table, context.settings(), Instant.now());
    WriteRequestBuilder requests = new WriteRequestBuilder(table, Optional.empty(), plan.returnsRows(), expiry);
    return WriteRun.run(context, table, parameterSets, returnsRows, (execution, parameters, run) -> {
      ExecutionContext one = context.with(parameters, context.settings());
      try (RowCursor cursor = rows.open(one)) {
        while (cursor.next()) {
          Object[] source = cursor.row().clone();
          Object[] row = tableRow(source);
          if (plan.branches() == WritePlan.MergeBranches.MATCHED_UPDATE && !codec.keyHolds(row)) {
            // No item has a key its slots cannot hold: the row matches none, as an UPDATE's would.
            continue;
          }
          Map<String, AttributeValue> item = codec.encode(row);
          RowRef ref = new RowRef(execution, run.progress().row(), codec.describeKey(item));
          Optional<WriteRequest> request = request(requests, row, source, one);
          if (request.isEmpty()) {
            continue;
          }
          run.afterAllChecked(() -> run.sender().submit(ref, () -> run.written(ref,
              context.transaction().isPresent() ? keep(row, source, item, ref, one, returnsRows, expiry)
                  : send(requests, request.get(), item, ref, context))));
        }
      }
    });
  }

  /**
   * Keeps a row's write in the transaction, with what its count needs of the item at commit. A MERGE
   * with both branches creates or updates the item whatever it is, and reads it only to return it,
   * unless the table has time to live or constants: then it reads the item, puts the row's whole item
   * (as an INSERT, expecting the key free or expired at commit) when there is none or it has expired,
   * updates the table's own live item (expecting it still so), and refuses another table's (23505).
   * A one-branch MERGE reads the item as the transaction leaves it (GetItem, strongly consistent):
   * WHEN MATCHED updates it if it exists, WHEN NOT MATCHED inserts it if not, each expecting at
   * commit what it found; otherwise the row counts 0 and keeps nothing, as an UPDATE that finds no
   * row does. WHEN MATCHED compares the ON clause's other columns on the item read, and expects
   * them at commit as read, as an UPDATE does with the columns its WHERE clause checks.
   *
   * @return the item as the commit leaves it (what ReturnValues ALL_NEW would give), or empty when
   *     the row writes nothing
   */
  private Optional<Map<String, AttributeValue>> keep(Object[] row, Object[] source, Map<String, AttributeValue> item,
      RowRef ref, ExecutionContext context, boolean returnsRows, Optional<Expiry> expiry) {
    Transaction transaction = context.transaction().orElseThrow();
    Map<String, AttributeValue> key = Maps.filterKeys(item, table.ownKeyAttributes()::contains);
    Effect.Update update = new Effect.Update(changes.fromRow(row, context));
    boolean reads = plan.branches() != WritePlan.MergeBranches.BOTH || returnsRows || expiry.isPresent()
        || table.hasConstants();
    Optional<Map<String, AttributeValue>> read = reads ? context.getItem(new GetItem(table.source().name(),
        InsertOperator.values(key), Optional.empty(), ExpressionAttributes.NONE, true)) : Optional.empty();
    boolean expired = read.filter(r -> expiry.filter(e -> e.expired(r)).isPresent()).isPresent();
    Optional<Map<String, AttributeValue>> found = expired ? Optional.empty() : read;
    switch (plan.branches()) {
      case NOT_MATCHED_INSERT:
        if (found.isPresent()) {
          return Optional.empty();
        }
        transaction.insert(table, item, ref.key());
        return Optional.of(item);
      case MATCHED_UPDATE:
        Optional<ItemExpectation> matched = found.flatMap(f -> matched(f, source));
        if (matched.isEmpty()) {
          return Optional.empty();
        }
        transaction.write(table, key, ref.key(), matched.get(), update);
        return update.applyTo(found, key);
      default:
        if (!reads) {
          transaction.write(table, key, ref.key(), ItemExpectation.NOTHING, update);
          return update.applyTo(found, key);
        }
        if (found.isEmpty()) {
          // No item, or an expired one: the row's whole item, as an INSERT keeps it, expecting the key free.
          transaction.insert(table, item, ref.key());
          return Optional.of(item);
        }
        if (codec.decode(found.get()) == null) {
          throw InsertOperator.anotherTablesItem(table, ref.key(), "MERGE");
        }
        // The table's own live item, updated only if it is still so at commit.
        transaction.write(table, key, ref.key(), ItemExpectation.asRead(found.get(),
            table.mapping().constants().keySet()), update);
        return update.applyTo(found, key);
    }
  }

  /**
   * What a WHEN MATCHED row expects of the item at commit, when the item read is a row of the table
   * that matches the ON clause's comparisons beyond the key: that it exists, with the constants that
   * make it the table's own and the compared attributes as read. Empty when the item is another
   * table's (an item sharing the key, told apart by constants), or a comparison is false or unknown
   * (a NULL).
   */
  private Optional<ItemExpectation> matched(Map<String, AttributeValue> found, Object[] source) {
    Object[] row = codec.decode(found);
    if (row == null) {
      return Optional.empty();
    }
    Set<String> compared = new LinkedHashSet<>(table.mapping().constants().keySet());
    for (WritePlan.MergeCondition c : plan.conditions()) {
      Column column = table.column(c.column());
      Object stored = row[c.column()];
      Object given = SqlValues.toColumnValue(source[c.field()], column.type());
      if (stored == null || given == null || !c.op().holdsFor(DynamoOrder.INSTANCE.compare(stored, given))) {
        return Optional.empty();
      }
      if (!table.isKeyColumn(column.name())) {
        // Every place the value may be read from is expected as read: its attribute and an index key.
        compared.addAll(table.attributesOf(column));
      }
    }
    return Optional.of(ItemExpectation.asRead(found, compared));
  }

  /**
   * Sends a row's request: what DynamoDB answered for the item written, or empty when its condition
   * failed.
   *
   * <p>A MERGE with both branches updates the item only when it is absent, or the table's own and
   * not expired; when that fails on a table with time to live, the item may have expired, and the
   * row's whole item is put in its place as an INSERT puts it (conditioned on the key being free
   * or its item expired).
   *
   * @throws KeycondException 23505 when a MERGE with both branches finds another table's item with
   *     the key, which it neither matches nor may insert over
   */
  private Optional<Map<String, AttributeValue>> send(WriteRequestBuilder requests, WriteRequest request,
      Map<String, AttributeValue> item, RowRef ref, ExecutionContext context) {
    return request.accept(new WriteRequest.Visitor<Optional<Map<String, AttributeValue>>>() {
      @Override
      public Optional<Map<String, AttributeValue>> updateItem(UpdateItem update) {
        Optional<Map<String, AttributeValue>> written = context.gateway().updateItem(update, context.call());
        if (written.isPresent() || plan.branches() != WritePlan.MergeBranches.BOTH) {
          return written;
        }
        Optional<Map<String, AttributeValue>> replaced = requests.expires()
            ? putItem(requests.insert(InsertOperator.values(item))) : Optional.empty();
        if (replaced.isPresent()) {
          return replaced;
        }
        if (table.hasConstants()) {
          throw InsertOperator.anotherTablesItem(table, ref.key(), "MERGE");
        }
        // Neither live nor expired: another writer put a live item between the two requests.
        throw new KeycondException(SqlState.SERIALIZATION_FAILURE, "The item with key " + ref.key() + " of table '"
            + table.name() + "' changed while the MERGE wrote it (another writer put it between the MERGE's update "
            + "and its put); nothing was written for this row. Run the MERGE again.");
      }

      @Override
      public Optional<Map<String, AttributeValue>> putItem(PutItem put) {
        DynamoGateway.PutOutcome outcome = context.gateway().putItem(put, context.call());
        boolean written = outcome == DynamoGateway.PutOutcome.WRITTEN
            || outcome == DynamoGateway.PutOutcome.CONDITION_FAILED_ON_RETRY && InsertOperator.isOurs(table, item,
                context);
        return written ? Optional.of(item) : Optional.empty();
      }

      @Override
      public Optional<Map<String, AttributeValue>> deleteItem(DeleteItem delete) {
        throw new IllegalStateException("a MERGE sends UpdateItem or PutItem, not DeleteItem");
      }

      @Override
      public Optional<Map<String, AttributeValue>> batchWriteItem(BatchWriteItem batch) {
        throw new IllegalStateException("a MERGE sends UpdateItem or PutItem, not BatchWriteItem");
      }

      @Override
      public Optional<Map<String, AttributeValue>> transactWriteItems(TransactWriteItems transaction) {
        throw new IllegalStateException("a MERGE sends UpdateItem or PutItem; a transaction keeps its writes and "
            + "sends them at commit");
      }
    });
  }

  @Override
  public WriteActions actions(StatementSettings settings, Optional<List<Object>> parameters) {
    WriteRequestBuilder requests = new WriteRequestBuilder(table, Optional.empty(), plan.returnsRows(),
        Expiry.of(table, settings, Instant.now()));
    String what = switch (plan.branches()) {
      case BOTH -> "MERGE: one UpdateItem per source row, up to " + ConcurrentWrites.IN_FLIGHT + " at a time, "
          + (!table.hasConstants() ? "without a condition: it creates the item or updates it"
              : "conditioned on the item being absent or the table's own: it creates the item or updates it, and "
                  + "fails (23505) on another table's item with the key")
          + (requests.expires() ? "; an item whose time to live has passed is not updated but replaced whole, by a "
              + "PutItem as INSERT sends it" : "");
      case MATCHED_UPDATE -> "MERGE WHEN MATCHED: one UpdateItem per source row, up to " + ConcurrentWrites.IN_FLIGHT
          + " at a time, conditioned on the item existing" + (plan.conditions().isEmpty() ? ""
              : " and on the ON clause's other comparisons") + "; a row whose condition fails counts 0";
      case NOT_MATCHED_INSERT -> "MERGE WHEN NOT MATCHED: one PutItem per source row, up to "
          + ConcurrentWrites.IN_FLIGHT + " at a time, conditioned on no item having the key; a row whose key "
          + "exists counts 0";
    };
    if (parameters.isPresent()) {
      List<WriteRequest> built = new ArrayList<>();
      ExecutionContext context = ExecutionContext.sendingNothing(parameters.get(), settings);
      try (RowCursor cursor = rows.open(context)) {
        while (cursor.next()) {
          request(requests, tableRow(cursor.row()), cursor.row(), context).ifPresent(built::add);
        }
      }
      return WriteActions.of(new WriteActions.Step(what, built, false));
    }
    ImmutableMap.Builder<String, RequestValue> key = ImmutableMap.builder();
    table.ownKeyAttributes().forEach(a -> key.put(a, new RequestValue.Unbound("'" + table.template(a) + "'")));
    WriteRequest described = switch (plan.branches()) {
      case BOTH -> requests.merge(key.build(), changes.described(ExpressionFormatter.of(table)));
      case MATCHED_UPDATE -> ((WriteRequestBuilder.Built.Send<UpdateItem>) requests.update(key.build(),
          changes.described(ExpressionFormatter.of(table)), describedCondition())).request();
      case NOT_MATCHED_INSERT -> requests.insert(key.build());
    };
    return WriteActions.of(new WriteActions.Step(what + "; for each source row:", List.of(described), true));
  }

  /** The source row as a row of the table's full width, with its parent computed from its path. */
  private Object[] tableRow(Object[] source) {
    Object[] row = new Object[table.columns().size()];
    for (int i = 0; i < columns.size(); i++) {
      Column column = table.column(columns.get(i));
      try {
        row[columns.get(i)] = SqlValues.toColumnValue(source[i], column.type());
      } catch (KeycondException e) {
        // A value of the source that the column cannot hold (a fraction for a BIGINT) is the column's.
        throw codec.ofColumn(column, e);
      }
    }
    derived.complete(row);
    return row;
  }

  /**
   * The request of one source row, checked; empty when it can match no item (an ON comparison with
   * NULL), and nothing is sent for it. Whatever the branches, the attributes the row gives are
   * checked as an INSERT's item is: its key within its limits, no key attribute of an index empty.
   *
   * @throws KeycondException 0A000 when DynamoDB cannot compare a value of the ON clause exactly
   */
  private Optional<WriteRequest> request(WriteRequestBuilder requests, Object[] row, Object[] source,
      ExecutionContext context) {
    Map<String, AttributeValue> item = codec.encode(row);
    ItemLimits.check(table.source(), item, () -> codec.describeKey(item));
    ImmutableMap<String, RequestValue> key = InsertOperator.values(Maps.filterKeys(item,
        table.ownKeyAttributes()::contains));
    switch (plan.branches()) {
      case NOT_MATCHED_INSERT:
        return Optional.of(requests.insert(InsertOperator.values(item)));
      case MATCHED_UPDATE:
        WriteRequestBuilder.Built<UpdateItem> built = requests.update(key, changes.fromRow(row, context),
            condition(source));
        if (built instanceof WriteRequestBuilder.Built.NeedsRead) {
          throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "DynamoDB cannot compare the values of the "
              + "MERGE's ON clause for the row with key " + codec.describeKey(item) + " exactly");
        }
        return built instanceof WriteRequestBuilder.Built.Send<UpdateItem> send ? Optional.of(send.request())
            : Optional.empty();
      default:
        return Optional.of(requests.merge(key, changes.fromRow(row, context)));
    }
  }

  /** The condition of a WHEN MATCHED update: the item exists, and the ON clause's other comparisons hold. */
  private WriteCondition condition(Object[] source) {
    List<ServerCondition> compared = new ArrayList<>();
    for (WritePlan.MergeCondition c : plan.conditions()) {
      Column column = table.column(c.column());
      compared.add(new ServerCondition.Compare(column, c.op(), new Operand.Literal(source[c.field()])));
    }
    table.mapping().constants().values().forEach(c -> compared.add(new ServerCondition.HoldsConstant(c)));
    return new WriteCondition(compared.isEmpty() ? Optional.empty() : Optional.of(ServerCondition.And.of(compared)),
        ImmutableMap.of(), ImmutableSet.of());
  }

  /** The condition of a WHEN MATCHED update as EXPLAIN shows it before the source rows are known. */
  private WriteCondition describedCondition() {
    List<ServerCondition> compared = new ArrayList<>();
    for (WritePlan.MergeCondition c : plan.conditions()) {
      compared.add(new ServerCondition.Compare(table.column(c.column()), c.op(),
          new Operand.Literal("<source field " + (c.field() + 1) + ">")));
    }
    table.mapping().constants().values().forEach(c -> compared.add(new ServerCondition.HoldsConstant(c)));
    return new WriteCondition(compared.isEmpty() ? Optional.empty() : Optional.of(ServerCondition.And.of(compared)),
        ImmutableMap.of(), ImmutableSet.of());
  }
}
