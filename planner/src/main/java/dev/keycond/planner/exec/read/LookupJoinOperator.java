package dev.keycond.planner.exec.read;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.relational.Drain;
import dev.keycond.planner.exec.relational.JoinOperator;
import dev.keycond.planner.exec.relational.ListCursor;
import dev.keycond.planner.plan.AccessPath;
import dev.keycond.planner.plan.KeyCondition;
import dev.keycond.planner.plan.KeyPart;
import dev.keycond.planner.plan.KeyValue;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.rel.LookupJoin;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.request.RequestValue;
import com.google.common.collect.ImmutableMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Executes a {@link LookupJoin}: reads the outer rows, then the inner rows for their distinct join
 * keys (BatchGetItem for whole keys, concurrent Queries otherwise, at most {@code maxFanOut}
 * requests, refused before any lookup is sent when more would be needed), then joins the two.
 */
public final class LookupJoinOperator implements Operator {
  private final Operator outer;
  private final ReadPlan inner;
  private final ItemRows innerRows;
  private final TableItems innerItems;
  private final int[] outerFields;
  private final Operator join;

  public LookupJoinOperator(LookupJoin lookup, Operator outer) {
    this.outer = outer;
    this.inner = lookup.inner().plan();
    this.innerRows = ItemRows.ofLookup(inner, lookup.getCluster().getRexBuilder());
    this.innerItems = new TableItems(inner);
    this.outerFields = outerFields(inner.access());
    Operator outerSide = context -> new ListCursor(() -> rows(context).outer());
    Operator innerSide = context -> new ListCursor(() -> rows(context).inner());
    this.join = lookup.innerOnRight()
        ? JoinOperator.of(lookup.join(), outerSide, innerSide)
        : JoinOperator.of(lookup.join(), innerSide, outerSide);
  }

  private record Rows(List<Object[]> outer, List<Object[]> inner) {}

  @Override
  public RowCursor open(ExecutionContext context) {
    return join.open(context);
  }

  private Rows rows(ExecutionContext context) {
    return context.shared(this, () -> load(context));
  }

  private Rows load(ExecutionContext context) {
    List<Object[]> outerRows = new ArrayList<>();
    Drain.forEach(outer, context, row -> outerRows.add(row.clone()));
    List<ReadRequest> requests = requests(outerRows, context);
    if (requests.size() > context.settings().maxFanOut()) {
      throw new KeycondException(SqlState.FAN_OUT_EXCEEDED, "The join reads table '" + inner.table().name()
          + "' by key once per distinct join key of the other side, which needs " + requests.size()
          + " requests, more than maxFanOut=" + context.settings().maxFanOut() + ". Narrow the other side with a "
          + "condition, or raise the connection property maxFanOut.");
    }
    List<Object[]> found = new ArrayList<>();
    ReadRequestBuilder fetch = new ReadRequestBuilder(inner, context.settings(), Optional.of(context.parameters()));
    ItemRows rows = innerRows.bind(fetch.filter());
    try (FanOut fanOut = FanOut.inOrder(context, requests, false, Paging.ON_DEMAND)) {
      for (PageReader reader : fanOut.readers()) {
        innerItems.forEach(reader, fetch, context, item -> rows.collect(item, context, found));
      }
    }
    return new Rows(outerRows, found);
  }

  /** One request per distinct outer key: whole keys are gathered into BatchGetItem requests. */
  private List<ReadRequest> requests(List<Object[]> outerRows, ExecutionContext context) {
    Map<List<Object>, Object[]> distinct = new LinkedHashMap<>();
    for (Object[] row : outerRows) {
      List<Object> key = new ArrayList<>();
      for (int field : outerFields) {
        key.add(row[field]);
      }
      if (!key.contains(null)) {
        distinct.putIfAbsent(key, row);
      }
    }
    boolean itemReads = inner.access().kind() == AccessPath.Kind.GET_ITEM;
    Set<ImmutableMap<String, RequestValue>> keys = new LinkedHashSet<>();
    List<ReadRequest> requests = new ArrayList<>();
    ReadRequestBuilder last = null;
    for (Object[] row : distinct.values()) {
      last = new ReadRequestBuilder(inner, context.settings(), new KeyValueBinder(context.parameters(), id -> row));
      if (itemReads) {
        keys.addAll(last.itemKeys());
      } else {
        requests.addAll(last.build().requests());
      }
    }
    return itemReads && last != null ? last.itemRequests(new ArrayList<>(keys)) : requests;
  }

  /** The outer columns the inner key conditions take their values from. */
  private static int[] outerFields(AccessPath access) {
    Set<Integer> fields = new TreeSet<>();
    for (KeyCondition key : access.keys()) {
      key.values().forEach(value -> collect(value, fields));
    }
    return fields.stream().mapToInt(Integer::intValue).toArray();
  }

  private static void collect(KeyValue value, Set<Integer> fields) {
    for (KeyPart part : value.parts()) {
      if (part instanceof KeyPart.Value v && v.operand() instanceof Operand.OuterField field) {
        fields.add(field.index());
      }
    }
  }

  @Override
  public String toString() {
    return "LookupJoin(" + inner.table().name() + " by outer fields " + Arrays.toString(outerFields) + ")";
  }
}
