package dev.keycond.planner.plan;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The key condition of one GetItem or Query: the value of every partition key attribute, the
 * values of the sort key attributes bound by equality before the last one it conditions, and the
 * condition on that last one. A single-attribute key has one partition value, no sort equalities
 * and at most one sort condition; a multi-attribute key binds its sort attributes left to right,
 * with a range or prefix only on the last one bound.
 */
public record KeyCondition(ImmutableList<KeyEquality> partition, ImmutableList<KeyEquality> sortEqualities,
    Optional<SortCondition> sort) {

  public KeyCondition {
    if (partition.isEmpty()) {
      throw new IllegalArgumentException("a key condition binds the partition key");
    }
    if (!sortEqualities.isEmpty() && sort.isEmpty()) {
      throw new IllegalArgumentException("the last sort key attribute a key condition binds is its sort condition");
    }
  }

  /** The key condition of a single-attribute key. */
  public KeyCondition(String partitionAttribute, KeyValue partitionValue, Optional<SortCondition> sort) {
    this(ImmutableList.of(new KeyEquality(partitionAttribute, partitionValue)), ImmutableList.of(), sort);
  }

  /**
   * The partition value of a single-attribute key, such as the table's own.
   *
   * @throws IllegalStateException for a multi-attribute partition key
   */
  public KeyEquality singlePartition() {
    if (partition.size() != 1) {
      throw new IllegalStateException("partition key of " + partition.size() + " attributes");
    }
    return partition.get(0);
  }

  /** This key condition with another condition on its last sort key attribute. */
  public KeyCondition withSort(Optional<SortCondition> newSort) {
    return new KeyCondition(partition, newSort.isPresent() ? sortEqualities : ImmutableList.of(), newSort);
  }

  /** Every value the key condition holds: the partition's, the sort equalities', then the sort condition's ends. */
  public List<KeyValue> values() {
    List<KeyValue> values = new ArrayList<>();
    partition.forEach(e -> values.add(e.value()));
    sortEqualities.forEach(e -> values.add(e.value()));
    sort.ifPresent(s -> {
      values.add(s.low());
      if (s.high() != null) {
        values.add(s.high());
      }
    });
    return values;
  }
}
