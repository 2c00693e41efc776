package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.table.EntityTable;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;

/**
 * How one table reference is read: the operation, the table or index, and the key conditions
 * (one per request; more than one when an IN list or OR fans out).
 *
 * @param consumed the indexes of the pushed-down conjuncts that the key conditions express exactly;
 *     the others are checked in the driver after the read
 * @param membershipExact true when every item the key conditions return has the table's own key
 *     shape, so no item is dropped as belonging to another entity; together with no residual
 *     conditions this makes DynamoDB's Limit and Select=COUNT safe to use
 * @param orderColumns the table columns whose order, compared one after another, equals the sort
 *     key order within the read (the sort key's open slot and the slots after it while each is
 *     ordered and of fixed width); empty when none. ORDER BY a leading run of them, in one
 *     direction, becomes ScanIndexForward
 * @param fetch how the items of an index that does not carry every needed column get the others
 * @param overlapping true when two key conditions may read the same item (the branches of an OR),
 *     which must then become one row
 */
public record AccessPath(
    Kind kind,
    Optional<SourceIndex> index,
    ImmutableList<KeyCondition> keys,
    ImmutableSet<Integer> consumed,
    boolean membershipExact,
    ImmutableList<Integer> orderColumns,
    TableFetch fetch,
    boolean overlapping) {

  public enum Kind {
    GET_ITEM,
    QUERY,
    SCAN
  }

  /** Where the read gets the needed columns that the index it reads does not carry. */
  public enum TableFetch {
    /** Nowhere: the table, or an index that carries every needed column. */
    NONE,
    /**
     * A local index: the same Query or Scan asks for the whole items (Select=ALL_ATTRIBUTES), and
     * DynamoDB fetches them from the table, charging each as a whole item.
     */
    IN_REQUEST,
    /** A global index, which cannot fetch: its read finds the keys, and BatchGetItem on the table reads the items. */
    BATCH_GET
  }

  /** @param index the index a {@code "table@index"} reference names: its Scan reads that index */
  public static AccessPath scan(Optional<SourceIndex> index, boolean membershipExact) {
    return new AccessPath(Kind.SCAN, index, ImmutableList.of(), ImmutableSet.of(), membershipExact,
        ImmutableList.of(), TableFetch.NONE, false);
  }

  /**
   * This index read, getting the columns the index lacks from the table: in the same request for a
   * local index, with BatchGetItem for a global one.
   */
  public AccessPath withFetchFromTable() {
    TableFetch from = index.orElseThrow().kind() == SourceIndex.Kind.LOCAL ? TableFetch.IN_REQUEST : TableFetch.BATCH_GET;
    return new AccessPath(kind, index, keys, consumed, membershipExact, orderColumns, from, overlapping);
  }

  /**
   * The consumed conjuncts that the driver checks again on the values it decodes: on an index read,
   * those naming a column that is not read from that index's key attributes alone (the table's key,
   * or an attribute that the index key repeats). An item whose attributes disagree, written by
   * another client, is found by a key value it does not read as, and must not become a row that
   * contradicts the statement's conditions.
   *
   * @param conjuncts the conditions {@link #consumed} indexes
   */
  public ImmutableSet<Integer> rechecked(EntityTable table, List<RexNode> conjuncts) {
    if (index.isEmpty()) {
      return ImmutableSet.of();
    }
    KeySchema read = index.get().keys();
    return consumed.stream()
        .filter(i -> RelOptUtil.InputFinder.bits(conjuncts.get(i)).asList().stream()
            .anyMatch(c -> !table.readsFromKeyOf(table.column(c), read)))
        .collect(ImmutableSet.toImmutableSet());
  }

  /** Whether the read's items come from a BatchGetItem on the table after the index read. */
  public boolean fetchesByBatchGet() {
    return fetch == TableFetch.BATCH_GET;
  }

  public boolean isScan() {
    return kind == Kind.SCAN;
  }
}
