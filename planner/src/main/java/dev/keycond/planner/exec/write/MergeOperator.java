package dev.keycond.planner.exec.write;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.plan.ExpressionFormatter;
import dev.keycond.planner.request.ItemChange;
import dev.keycond.planner.request.ItemExpectation;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.UpdateItem;
import dev.keycond.planner.request.WriteRequest;
import dev.keycond.planner.request.WriteRequestBuilder;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.transaction.Effect;
import dev.keycond.planner.write.Assignment;
import dev.keycond.planner.write.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rex.RexBuilder;
import dev.keycond.planner.schema.SqlTypes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Executes MERGE by key: one UpdateItem per source row, without a condition, which creates the
 * item or updates it, and sets the columns the MERGE gives with every derived attribute (index keys,
 * a hierarchy's parent) either way. Other attributes of an existing item are kept: this is the
 * upsert that does not replace the whole item.
 */
public final class MergeOperator implements WriteOperator {
  private final EntityTable table;
  private final Operator rows;
  private final ImmutableList<Integer> columns;
  private final ItemCodec codec;
  private final RowChanges changes;
  private final DerivedColumns derived;

  public MergeOperator(WritePlan.MergeRows plan, Operator rows, RexBuilder rexBuilder) {
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
    this.changes = new RowChanges(table, sets, rexBuilder);
  }

  private Assignment own(int column, RexBuilder rexBuilder) {
    return new Assignment.Computed(column, rexBuilder.makeInputRef(
        SqlTypes.sqlType(rexBuilder.getTypeFactory(), table.column(column).type()), column));
  }

  @Override
  public long[] execute(ExecutionContext context, List<List<Object>> parameterSets) {
    WriteProgress progress = new WriteProgress(parameterSets.size());
    ConcurrentWrites sender = new ConcurrentWrites(context, progress);
    WriteRequestBuilder requests = new WriteRequestBuilder(table, Optional.empty());
    List<Runnable> checked = new ArrayList<>();
    try {
      for (int execution = 0; execution < parameterSets.size(); execution++) {
        int set = execution;
        ExecutionContext one = context.with(parameterSets.get(execution), context.settings());
        try (RowCursor cursor = rows.open(one)) {
          while (cursor.next()) {
            Object[] row = tableRow(cursor.row());
            UpdateItem update = request(requests, row, one);
            RowRef ref = new RowRef(set, progress.row(), codec.describeKey(RequestValue.bind(update.key())));
            // Every row is checked before the first is sent.
            Optional<Effect> kept = context.transaction().map(t -> new Effect.Update(changes.fromRow(row, one)));
            checked.add(() -> sender.submit(ref, () -> {
              if (kept.isPresent()) {
                return context.transaction().orElseThrow().write(table, RequestValue.bind(update.key()), ref.key(),
                    ItemExpectation.NOTHING, kept.get());
              }
              context.gateway().updateItem(update, context.call());
              return 1L;
            }));
          }
        }
      }
      checked.forEach(Runnable::run);
    } finally {
      sender.awaitAll();
    }
    return progress.finish();
  }

  @Override
  public List<WriteStep> explain(StatementSettings settings, Optional<List<Object>> parameters) {
    WriteRequestBuilder requests = new WriteRequestBuilder(table, Optional.empty());
    String what = "MERGE: one UpdateItem per source row, up to " + ConcurrentWrites.IN_FLIGHT + " at a time, without "
        + "a condition: it creates the item or updates it";
    if (parameters.isPresent()) {
      ImmutableList.Builder<WriteRequest> built = ImmutableList.builder();
      ExecutionContext context = new ExecutionContext(null, parameters.get(), settings, 0);
      try (RowCursor cursor = rows.open(context)) {
        while (cursor.next()) {
          built.add(request(requests, tableRow(cursor.row()), context));
        }
      }
      return List.of(new WriteStep(what, built.build(), false));
    }
    ImmutableMap.Builder<String, RequestValue> key = ImmutableMap.builder();
    table.ownKeyAttributes().forEach(a -> key.put(a, new RequestValue.Unbound("'" + table.template(a) + "'")));
    return List.of(new WriteStep(what + "; for each source row:", ImmutableList.of(
        requests.merge(key.build(), changes.described(ExpressionFormatter.of(table)))), true));
  }

  /** The source row as a row of the table's full width, with its parent computed from its path. */
  private Object[] tableRow(Object[] source) {
    Object[] row = new Object[table.columns().size()];
    for (int i = 0; i < columns.size(); i++) {
      Column column = table.column(columns.get(i));
      row[columns.get(i)] = dev.keycond.planner.codec.SqlValues.toColumnValue(source[i], column.type());
    }
    derived.complete(row);
    return row;
  }

  private UpdateItem request(WriteRequestBuilder requests, Object[] row, ExecutionContext context) {
    Map<String, AttributeValue> item = codec.encode(row);
    ImmutableMap.Builder<String, RequestValue> key = ImmutableMap.builder();
    table.ownKeyAttributes().forEach(a -> key.put(a, new RequestValue.Bound(item.get(a))));
    ItemChange change = changes.fromRow(row, context);
    return requests.merge(key.build(), change);
  }
}
